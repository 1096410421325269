'use strict';
const { createHash } = require('node:crypto');
const { existsSync, readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { ROOT, run } = require('./run');
const log = require('./log');

const STAMP = join(ROOT, 'node_modules', '.install-stamp');

/** Installs npm dependencies when node_modules is missing or package-lock.json changed since. */
function ensureDependencies() {
  const lock = readFileSync(join(ROOT, 'package-lock.json'));
  const hash = createHash('sha256').update(lock).digest('hex');
  if (existsSync(STAMP) && readFileSync(STAMP, 'utf8') === hash) {
    log.done('Dependencies up to date');
    return;
  }
  // `npm install` rather than `npm ci`: the lock file lacks other platforms' optional native
  // packages (tailwind's and rollup's), which `npm ci` would refuse; install still follows it.
  log.step('Installing dependencies (npm install)');
  run('npm', ['install', '--no-audit', '--no-fund'], { env: { ...process.env, NX_DAEMON: 'false' } });
  writeFileSync(STAMP, hash);
  log.done('Dependencies installed');
}

module.exports = { ensureDependencies };
