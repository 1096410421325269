// npm run bench: the load benchmark of bench/ (many ws clients on loopback against the chat
// system and against a bare ws broadcast server). It stops by itself.
//   npm run bench                      build, then the full workloads, report on stdout
//   npm run bench -- --write           ... and put the report into bench/README.md
//   node scripts/bench.mjs --smoke     a few seconds, no build (the system tests run it)
//   npm run bench -- --saturation      the ceiling: send rates stepped up against the chat
//                                      system, the bare ws server and a Socket.IO peer
//   npm run bench -- --connections     how many idle sockets one gateway holds, and its restart
//   npm run bench -- --lighthouse      Lighthouse (mobile) on the landing page, marketplace and public
//                                      rooms, and the landing page's initial JavaScript
//                                      (--cpu-slowdown N: the CPU slowed N times rather than
//                                      the mobile profile's 4, as on a host N/4 times slower)
//   npm run bench -- --bundle          what the web app's entry chunk is made of, by package
//   npm run bench -- --send-cost       CPU time per message of each process of the send path, at
//                                      fixed rates into the 200-member room, 50 rooms of 20 and
//                                      500 private chats (--profile: with CPU profiles)
// Options: --skip-build (run the dist as it is), --gateways N, --chat-replicas N, --seconds N (sending time per run or step);
// --workload big|rooms|private (--saturation, --send-cost: that workload only: the room of 200,
// 50 rooms of 20, 500 private chats); --saturation --quick (the big room, or --workload's, in
// fewer steps), --saturation --profile (CPU profiles of the
// gateway and chat-svc, summed up in the report); --connections --sockets N (default 10000);
// --connections --profile (CPU profiles from the restart on); --connections --heap-snapshot
// (the gateway's heap with every socket idle, into bench/results/heap/, summed up by
// `node bench/lib/heap-summary.mjs <file> <sockets>`).
import { createRequire } from 'node:module';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const require = createRequire(import.meta.url);
const { ensureDependencies } = require('./lib/deps.js');

ensureDependencies();

const log = require('./lib/log.js');
const { ROOT, run } = require('./lib/run.js');

const { values: args } = parseArgs({
  options: {
    smoke: { type: 'boolean', default: false },
    'skip-build': { type: 'boolean', default: false },
    write: { type: 'boolean', default: false },
    gateways: { type: 'string', default: '1' },
    'chat-replicas': { type: 'string', default: '1' },
    seconds: { type: 'string' },
    saturation: { type: 'boolean', default: false },
    quick: { type: 'boolean', default: false },
    profile: { type: 'boolean', default: false },
    connections: { type: 'boolean', default: false },
    sockets: { type: 'string', default: '10000' },
    'heap-snapshot': { type: 'boolean', default: false },
    lighthouse: { type: 'boolean', default: false },
    'cpu-slowdown': { type: 'string' },
    'send-cost': { type: 'boolean', default: false },
    bundle: { type: 'boolean', default: false },
    workload: { type: 'string' },
  },
});
// The workloads' names live with the workloads; that module needs nothing built.
const { WORKLOAD_KEYS } = await import('../bench/lib/saturation.mjs');
if (args.workload !== undefined && !WORKLOAD_KEYS.includes(args.workload)) {
  log.fail(`--workload must be one of ${WORKLOAD_KEYS.join(', ')} (the room of 200, 50 rooms of 20, 500 private chats), not "${args.workload}"`);
  process.exit(2);
}
if (args.workload !== undefined && !args.saturation && !args['send-cost']) {
  log.fail('--workload goes with --saturation or --send-cost');
  process.exit(2);
}
if (args.workload !== undefined && args.write) {
  log.fail('--workload runs one workload, and --write would replace every workload\'s figures with it: leave one of them out');
  process.exit(2);
}
const gateways = Number(args.gateways);
const chatReplicas = Number(args['chat-replicas']);
const sendSeconds = Number(args.seconds ?? (args.smoke ? (args.saturation ? 2 : 3) : args.saturation ? 8 : 20));
const sockets = Number(args.sockets);
// Unset, Lighthouse's mobile profile keeps its own slowdown.
const cpuSlowdown = args['cpu-slowdown'] === undefined ? undefined : Number(args['cpu-slowdown']);
const counts = [['gateways', gateways, 4], ['chat-replicas', chatReplicas, 4], ['seconds', sendSeconds, 120], ['sockets', sockets, 50_000]];
if (cpuSlowdown !== undefined) counts.push(['cpu-slowdown', cpuSlowdown, 20]);
for (const [name, value, max] of counts) {
  if (!Number.isInteger(value) || value < 1 || value > max) {
    log.fail(`--${name} must be a whole number from 1 to ${max}`);
    process.exit(2);
  }
}

if (cpuSlowdown !== undefined && (!args.lighthouse || args.write)) {
  log.fail('--cpu-slowdown goes with --lighthouse, and not with --write, which records the mobile profile as Lighthouse defines it');
  process.exit(2);
}

// Bounded in time whatever happens: a stuck run stops what it started and ends itself.
// The targets load the built libs, so they are imported after the build below.
let stopAllTargets = async () => {};
const TIME_LIMIT_MS = args.smoke ? 170_000 : args.saturation || args.connections ? 40 * 60_000 : 15 * 60_000;
const abort = async (reason) => {
  log.fail(reason);
  await stopAllTargets();
  process.exit(1);
};
setTimeout(() => void abort(`The benchmark did not finish within ${TIME_LIMIT_MS / 1000} s`), TIME_LIMIT_MS).unref();
process.once('SIGINT', () => void abort('Interrupted'));
process.once('SIGTERM', () => void abort('Stopped'));

const README = join(ROOT, 'bench/README.md');
const MARKERS = {
  fixed: ['<!-- figures:start -->', '<!-- figures:end -->'],
  saturation: ['<!-- saturation:start -->', '<!-- saturation:end -->'],
  connections: ['<!-- connections:start -->', '<!-- connections:end -->'],
  lighthouse: ['<!-- lighthouse:start -->', '<!-- lighthouse:end -->'],
  'send-cost': ['<!-- send-cost:start -->', '<!-- send-cost:end -->'],
  bundle: ['<!-- bundle:start -->', '<!-- bundle:end -->'],
};

function writeFigures(mode, text) {
  const [start, end] = MARKERS[mode];
  const readme = readFileSync(README, 'utf8');
  const [before, rest] = readme.split(start);
  writeFileSync(README, `${before}${start}\n${text}\n${end}${rest.split(end)[1]}`);
  log.done('Figures written to bench/README.md');
}

try {
  if (args.bundle) {
    // A build and nothing else: no services, no infrastructure.
    const { runBundleAttribution, formatBundleAttribution } = await import('../bench/lib/bundle.mjs');
    const text = formatBundleAttribution(await runBundleAttribution({ root: ROOT, log: (message) => log.step(message) }));
    console.log(`\n${text}`);
    if (args.write) writeFigures('bundle', text);
    process.exit(0);
  }
  if (!args.smoke) {
    const { ensureInfrastructure } = require('./lib/infra.js');
    await ensureInfrastructure();
    if (!args['skip-build'] && args.lighthouse) {
      // The pages are the built SPA's: the web app is built as well, when its sources changed.
      const { buildAll } = require('./lib/build.js');
      buildAll();
    } else if (!args['skip-build']) {
      log.step('Building services (tsc -b)');
      run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-b']);
    }
  }
  ({ stopAllTargets } = await import('../bench/lib/targets.mjs'));
  const bench = await import('../bench/run-bench.mjs');
  const step = (message) => log.step(message);
  let mode = 'fixed';
  let text;
  let found;
  if (args.saturation) {
    mode = 'saturation';
    const profileDir = args.profile ? join(ROOT, 'bench/results/profiles', new Date().toISOString().replace(/[:.]/g, '-')) : undefined;
    if (profileDir) mkdirSync(profileDir, { recursive: true });
    const report = await bench.runSaturation({ smoke: args.smoke, quick: args.quick, workload: args.workload, gateways, chatReplicas, stepSeconds: sendSeconds, profileDir, log: step });
    text = bench.formatSaturation(report);
    if (profileDir) {
      const { summariseProfiles } = await import('../bench/lib/profile-summary.mjs');
      text += `\n\n${summariseProfiles(profileDir)}`;
    }
    found = bench.saturationProblems(report);
  } else if (args['send-cost']) {
    mode = 'send-cost';
    const { runSendCost, formatSendCost, sendCostProblems } = await import('../bench/lib/send-cost.mjs');
    const profileDir = args.profile ? join(ROOT, 'bench/results/profiles', new Date().toISOString().replace(/[:.]/g, '-')) : undefined;
    if (profileDir) mkdirSync(profileDir, { recursive: true });
    const report = await runSendCost({ seconds: sendSeconds, workload: args.workload, profileDir, log: step });
    text = formatSendCost(report);
    if (profileDir) {
      const { summariseProfiles } = await import('../bench/lib/profile-summary.mjs');
      text += `\n\n${summariseProfiles(profileDir)}`;
    }
    found = sendCostProblems(report);
  } else if (args.lighthouse) {
    mode = 'lighthouse';
    const { runLighthouse, formatLighthouse } = await import('../bench/lib/lighthouse.mjs');
    const report = await runLighthouse({ webDist: join(ROOT, 'apps/web/dist'), cpuSlowdown, log: step });
    text = formatLighthouse(report);
    found = [];
  } else if (args.connections) {
    mode = 'connections';
    const { runConnections, formatConnections, connectionProblems } = await import('../bench/lib/connections.mjs');
    const heapSnapshotDir = args['heap-snapshot'] ? join(ROOT, 'bench/results/heap', new Date().toISOString().replace(/[:.]/g, '-')) : undefined;
    if (heapSnapshotDir) mkdirSync(heapSnapshotDir, { recursive: true });
    const profileDir = args.profile ? join(ROOT, 'bench/results/profiles', new Date().toISOString().replace(/[:.]/g, '-')) : undefined;
    if (profileDir) mkdirSync(profileDir, { recursive: true });
    const report = await runConnections({ sockets: args.smoke ? 40 : sockets, smoke: args.smoke, heapSnapshotDir, profileDir, log: step });
    text = formatConnections(report);
    if (profileDir) {
      const { summariseProfiles } = await import('../bench/lib/profile-summary.mjs');
      text += `\n\n${summariseProfiles(profileDir)}`;
    }
    found = connectionProblems(report);
  } else {
    const report = await bench.runBench({ smoke: args.smoke, gateways, chatReplicas, sendSeconds, log: step });
    text = bench.formatReport(report);
    found = bench.problems(report);
  }
  console.log(`\n${text}`);
  if (args.write) writeFigures(mode, text);
  for (const problem of found) log.fail(problem);
  console.log(found.length === 0 ? 'lost 0, out of order 0' : `${found.length} problem(s)`);
  process.exit(found.length === 0 ? 0 : 1);
} catch (error) {
  log.fail(error.stack ?? error.message);
  process.exit(1);
}
