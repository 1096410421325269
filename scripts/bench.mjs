// npm run bench: the load benchmark of bench/ (many ws clients on loopback against the chat
// system and against a bare ws broadcast server). It stops by itself.
//   npm run bench                      build, then the full workloads, report on stdout
//   npm run bench -- --write           ... and put the report into bench/README.md
//   node scripts/bench.mjs --smoke     a few seconds, no build (the system tests run it)
// Options: --gateways N, --chat-replicas N, --seconds N (sending time per run).
import { createRequire } from 'node:module';
import { readFileSync, writeFileSync } from 'node:fs';
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
    write: { type: 'boolean', default: false },
    gateways: { type: 'string', default: '1' },
    'chat-replicas': { type: 'string', default: '1' },
    seconds: { type: 'string' },
  },
});
const gateways = Number(args.gateways);
const chatReplicas = Number(args['chat-replicas']);
const sendSeconds = Number(args.seconds ?? (args.smoke ? 3 : 20));
for (const [name, value, max] of [['gateways', gateways, 4], ['chat-replicas', chatReplicas, 4], ['seconds', sendSeconds, 120]]) {
  if (!Number.isInteger(value) || value < 1 || value > max) {
    log.fail(`--${name} must be a whole number from 1 to ${max}`);
    process.exit(2);
  }
}

// Bounded in time whatever happens: a stuck run stops what it started and ends itself.
// The targets load the built libs, so they are imported after the build below.
let stopAllTargets = async () => {};
const TIME_LIMIT_MS = args.smoke ? 180_000 : 15 * 60_000;
const abort = async (reason) => {
  log.fail(reason);
  await stopAllTargets();
  process.exit(1);
};
setTimeout(() => void abort(`The benchmark did not finish within ${TIME_LIMIT_MS / 1000} s`), TIME_LIMIT_MS).unref();
process.once('SIGINT', () => void abort('Interrupted'));
process.once('SIGTERM', () => void abort('Stopped'));

const README = join(ROOT, 'bench/README.md');
const START = '<!-- figures:start -->';
const END = '<!-- figures:end -->';

try {
  if (!args.smoke) {
    const { ensureInfrastructure } = require('./lib/infra.js');
    await ensureInfrastructure();
    log.step('Building services (tsc -b)');
    run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-b']);
  }
  ({ stopAllTargets } = await import('../bench/lib/targets.mjs'));
  const { runBench, formatReport, problems } = await import('../bench/run-bench.mjs');
  const report = await runBench({ smoke: args.smoke, gateways, chatReplicas, sendSeconds, log: (message) => log.step(message) });
  const text = formatReport(report);
  console.log(`\n${text}`);
  if (args.write) {
    const readme = readFileSync(README, 'utf8');
    const [before, rest] = readme.split(START);
    writeFileSync(README, `${before}${START}\n${text}\n${END}${rest.split(END)[1]}`);
    log.done('Figures written to bench/README.md');
  }
  const found = problems(report);
  for (const problem of found) log.fail(problem);
  console.log(found.length === 0 ? 'lost 0, out of order 0' : `${found.length} problem(s)`);
  process.exit(found.length === 0 ? 0 : 1);
} catch (error) {
  log.fail(error.stack ?? error.message);
  process.exit(1);
}
