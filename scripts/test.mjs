// npm test: the same preparation as npm start, then every layer of tests, each with its own
// databases, NATS and Redis (never the demo data). Ends with one "N passed, N failed" line.
import { createRequire } from 'node:module';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const { ensureDependencies } = require('./lib/deps.js');

ensureDependencies();

const log = require('./lib/log.js');
const { ensureInfrastructure, ensureChromium } = require('./lib/infra.js');
const { buildAll } = require('./lib/build.js');
const { ROOT, run } = require('./lib/run.js');

process.env.NX_DAEMON = 'false';
process.env.NX_NO_CLOUD = 'true';

// The tiers to run, e.g. `npm test -- int e2e` (npm run test:int, test:system and test:e2e run one
// each); `unit` still names lint with the unit and integration tests, as before the tiers had names.
const only = process.argv.slice(2).flatMap((tier) => (tier === 'unit' ? ['lint', 'int'] : [tier]));
const phases = [
  { name: 'lint', title: 'Lint and type-check', lint: true },
  { name: 'int', title: 'Unit and service integration tests', config: 'jest.config.js' },
  { name: 'system', title: 'System tests (every app as a process)', config: 'tests/system/jest.config.js', band: true },
  { name: 'e2e', title: 'Browser tests (Chromium)', config: 'tests/e2e/jest.config.js', band: true },
].filter((p) => only.length === 0 || only.includes(p.name));
const unknown = only.filter((tier) => !['lint', 'int', 'system', 'e2e'].includes(tier));
if (unknown.length > 0) {
  console.error(`Unknown test tier ${unknown.join(', ')}: use lint, int, system, e2e (or unit for lint and int)`);
  process.exit(2);
}

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

try {
  await ensureInfrastructure();
  process.env.CHROMIUM_PATH = ensureChromium();
  process.env.TEST_POSTGRES_URL ??= 'postgres://postgres:postgres@127.0.0.1:5432';
  buildAll();
} catch (error) {
  log.fail(error.message);
  console.log('0 passed, 1 failed');
  process.exit(1);
}

const resultsDir = mkdtempSync(join(tmpdir(), 'test-results-'));
for (const phase of phases) {
  log.step(phase.title);
  if (phase.lint) {
    try {
      // As npm run lint does; eslint.config.mjs computes the project graph the module-boundary rule reads.
      run(process.execPath, [join(ROOT, 'node_modules/eslint/bin/eslint.js'), '.', '--max-warnings=0']);
      // The builds compile the apps' sources; this also type-checks every test and support file.
      run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.check.json']);
      totals.passed += 1;
    } catch {
      totals.failed += 1;
      failures.push(phase.title);
    }
    continue;
  }
  if (!existsSync(join(ROOT, phase.config))) continue;
  const output = join(resultsDir, `${phase.name}.json`);
  const args = [join(ROOT, 'node_modules/jest/bin/jest.js'), '-c', phase.config, '--ci', '--json', `--outputFile=${output}`];
  if (phase.band) args.push('--runInBand');
  else args.push('--maxWorkers=2');
  try {
    run(process.execPath, args, { env: { ...process.env, NODE_ENV: 'test' } });
  } catch {
    failures.push(phase.title);
  }
  if (existsSync(output)) {
    const result = JSON.parse(readFileSync(output, 'utf8'));
    totals.passed += result.numPassedTests;
    totals.failed += result.numFailedTests + (result.numRuntimeErrorTestSuites ?? 0);
    totals.skipped += result.numPendingTests + (result.numTodoTests ?? 0);
  } else {
    totals.failed += 1;
  }
}
rmSync(resultsDir, { recursive: true, force: true });

if (failures.length) log.fail(`Failed: ${failures.join(', ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(failures.length || totals.failed ? 1 : 0);
