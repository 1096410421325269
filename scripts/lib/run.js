'use strict';
const { spawn, spawnSync } = require('node:child_process');

const ROOT = require('node:path').resolve(__dirname, '../..');

/** Runs a command to completion with inherited output; throws on a non-zero exit. */
function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: ROOT, ...options });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    const error = new Error(`${command} ${args.join(' ')} exited with ${result.status}`);
    error.exitCode = result.status ?? 1;
    throw error;
  }
}

/** Same, as a promise, so long steps can run side by side. */
function runAsync(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', cwd: ROOT, ...options });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(Object.assign(new Error(`${command} ${args.join(' ')} exited with ${code}`), { exitCode: code ?? 1 })),
    );
  });
}

function commandExists(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

module.exports = { ROOT, run, runAsync, commandExists };
