// Lighthouse (mobile profile, the package's defaults: a mid-range phone on a slow 4G link,
// simulated) on the public pages a first visitor lands on, against the whole system as `npm start`
// runs it with its demo data, in Debian's Chromium; and the JavaScript the landing page needs
// before it runs, gzip -9 as a server would send it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { describeMachine, newRunId } from './load-generator.mjs';

const require = createRequire(import.meta.url);
const { freePort, startNatsServer, startRedisServer } = require('@app/testing');
const { dropDatabase } = require('@app/server');
const { startStack } = require('../../scripts/lib/stack.js');

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
export const PAGES = [
  { name: 'landing page', path: '/' },
  { name: 'marketplace', path: '/marketplace' },
  { name: 'public rooms', path: '/public-rooms' },
];
const SCORE_TARGET = 90;
// The budget the browser test holds the landing page to (tests/e2e/landing-budget.e2e-spec.ts).
const LANDING_JS_TARGET_KB = JSON.parse(readFileSync(new URL('../../apps/web/budget.json', import.meta.url), 'utf8')).landingInitialJavaScriptGzipKb;
const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'Speed Index'],
];
const SERVICE_DATABASES = ['auth', 'chat', 'marketplace', 'media'];

/** The scripts a page fetched while it loaded, each gzip -9 from the built files (kB = 1000 bytes). */
function initialScripts(lhr, baseUrl, webDist) {
  const requests = lhr.audits['network-requests'].details.items.filter((r) => r.resourceType === 'Script' && r.url.startsWith(baseUrl));
  return requests.map((r) => {
    const file = new URL(r.url).pathname;
    const gzip = gzipSync(readFileSync(join(webDist, file)), { level: 9 }).length;
    return { file, gzipKb: gzip / 1000 };
  });
}

/** The mobile profile's CPU slowdown: Lighthouse scales the main thread's work by it. */
const MOBILE_CPU_SLOWDOWN = 4;
/** The mobile profile's simulated slow 4G link, as Lighthouse 12 defines it. */
const MOBILE_SLOW_4G = { rttMs: 150, throughputKbps: 1638.4, requestLatencyMs: 562.5, downloadThroughputKbps: 1474.56, uploadThroughputKbps: 675 };

/** One Lighthouse run; a run whose trace Chromium failed to record (NO_NAVSTART and the like) is made again. */
async function audit(url, port, cpuSlowdown, attempts = 3) {
  // Another slowdown stands for a slower phone, or for this host running slower than it did.
  const throttling = cpuSlowdown === MOBILE_CPU_SLOWDOWN ? {} : { throttling: { ...MOBILE_SLOW_4G, cpuSlowdownMultiplier: cpuSlowdown } };
  for (let attempt = 1; ; attempt++) {
    const { lhr } = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], ...throttling });
    if (!lhr.runtimeError) return lhr;
    if (attempt >= attempts) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  }
}

export async function runLighthouse({ webDist, runs = 3, cpuSlowdown = MOBILE_CPU_SLOWDOWN, log }) {
  const postgresUrl = process.env.TEST_POSTGRES_URL ?? process.env.POSTGRES_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432';
  const runId = newRunId();
  const dbPrefix = `bench_${runId}_`;
  const workDir = mkdtempSync(join(tmpdir(), 'bench-lighthouse-'));
  const loadBefore = loadavg()[0];
  const [nats, redis] = await Promise.all([startNatsServer(), startRedisServer()]);
  let stack;
  let chrome;
  try {
    const port = await freePort();
    log('Starting the system with its demo data and the built SPA');
    stack = await startStack({
      natsUrl: nats.url,
      redisUrl: redis.url,
      postgresUrl,
      dbPrefix,
      mediaPort: await freePort(),
      gatewayPorts: [port],
      seed: true,
      webDist,
      logDir: join(workDir, 'logs'),
      s3Dir: join(workDir, 's3'),
      logLevel: 'warn',
      echo: 'none',
    });
    const baseUrl = `http://localhost:${port}`;
    chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
    const pages = [];
    for (const page of PAGES) {
      // Several runs, the median reported: Lighthouse's own advice, and the machine is shared.
      const results = [];
      for (let i = 0; i < runs; i++) {
        log(`Lighthouse on ${page.path} (${i + 1} of ${runs})`);
        results.push(await audit(`${baseUrl}${page.path}`, chrome.port, cpuSlowdown));
      }
      results.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
      const median = results[Math.floor(results.length / 2)];
      pages.push({
        ...page,
        scores: results.map((r) => Math.round(r.categories.performance.score * 100)),
        benchmarkIndexes: results.map((r) => Math.round(r.environment.benchmarkIndex)),
        score: Math.round(median.categories.performance.score * 100),
        metrics: Object.fromEntries(METRICS.map(([id, label]) => [label, median.audits[id].displayValue])),
        scripts: initialScripts(median, baseUrl, webDist),
        opportunities: Object.values(median.audits)
          .filter((a) => a.details?.type === 'opportunity' && (a.details.overallSavingsMs ?? 0) >= 100)
          .sort((a, b) => b.details.overallSavingsMs - a.details.overallSavingsMs)
          .map((a) => `${a.title} (${Math.round(a.details.overallSavingsMs)} ms)`),
      });
    }
    return { date: new Date().toISOString(), machine: describeMachine(), cpuSlowdown, load: `1-minute load average ${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after`, runs, pages, lighthouseVersion: require('lighthouse/package.json').version };
  } finally {
    await chrome?.kill();
    await stack?.stop();
    nats.process.kill('SIGKILL');
    redis.process.kill('SIGKILL');
    await Promise.all(SERVICE_DATABASES.map((name) => dropDatabase(`${postgresUrl}/${dbPrefix}${name}`).catch(() => undefined)));
    rmSync(nats.dir, { recursive: true, force: true });
    rmSync(workDir, { recursive: true, force: true });
  }
}

function benchmarkRange(pages) {
  const all = pages.flatMap((p) => p.benchmarkIndexes);
  return `${Math.min(...all)}-${Math.max(...all)}`;
}

const landingJs = (r) => r.pages[0].scripts.reduce((sum, s) => sum + s.gzipKb, 0);

export function formatLighthouse(r) {
  const met = (ok) => (ok ? 'met' : '**not met**');
  const js = landingJs(r);
  return [
    `Run ${r.date} on ${r.machine}; ${r.load}; Lighthouse ${r.lighthouseVersion}, mobile profile (simulated slow 4G, ${r.cpuSlowdown}× CPU slowdown${r.cpuSlowdown === MOBILE_CPU_SLOWDOWN ? '' : `, not the profile's ${MOBILE_CPU_SLOWDOWN}×`}), Chromium; median of ${r.runs} runs per page.`,
    // Lighthouse scales what it saw by a fixed slowdown, so a slower host scores lower: its own CPU benchmark says how fast this one was.
    `Lighthouse's CPU benchmark index of this machine during the runs (higher is faster): ${benchmarkRange(r.pages)}.`,
    '',
    `| page | performance score (target ≥ ${SCORE_TARGET}) | every run | ${METRICS.map(([, label]) => label).join(' | ')} | scripts fetched (gzip kB) |`,
    `|---|---|---|${METRICS.map(() => '---|').join('')}---|`,
    ...r.pages.map(
      (p) =>
        `| ${p.name} (\`${p.path}\`) | ${p.score} (${met(p.score >= SCORE_TARGET)}) | ${p.scores.join(', ')} | ${METRICS.map(([, label]) => p.metrics[label]).join(' | ')} | ${p.scripts.length} files, ${p.scripts.reduce((s, x) => s + x.gzipKb, 0).toFixed(1)} |`,
    ),
    '',
    `Landing page's initial JavaScript: ${js.toFixed(1)} kB gzip (target ≤ ${LANDING_JS_TARGET_KB} kB: ${met(js <= LANDING_JS_TARGET_KB)}): ${r.pages[0].scripts.map((s) => `${s.file} ${s.gzipKb.toFixed(1)}`).join(', ')}.`,
    ...r.pages.filter((p) => p.opportunities.length).map((p) => `\nWhat Lighthouse would gain on ${p.path}: ${p.opportunities.join('; ')}.`),
  ].join('\n');
}
