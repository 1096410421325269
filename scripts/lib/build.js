'use strict';
const { existsSync, readdirSync, statSync } = require('node:fs');
const { join } = require('node:path');
const { ROOT, run } = require('./run');
const log = require('./log');

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** Compiles the services (tsc -b is incremental) and the SPA when its sources changed. */
function buildAll() {
  log.step('Building services (tsc -b)');
  run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-b']);
  const web = join(ROOT, 'apps/web');
  if (existsSync(join(web, 'package.json'))) {
    const built = join(web, 'dist/index.html');
    const inputs = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'].map((p) => join(web, p));
    const sourcesChanged = Math.max(...inputs.map(newestMtime), newestMtime(join(ROOT, 'libs/contracts/src')));
    if (!existsSync(built) || statSync(built).mtimeMs < sourcesChanged) {
      log.step('Building the web app (vite build)');
      run('npm', ['run', 'build', '--workspace', 'apps/web']);
    }
  }
  log.done('Build complete');
}

module.exports = { buildAll };
