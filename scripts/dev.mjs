// npm run dev: the system as npm start runs it, with services restarting on change
// (tsc --watch + node --watch) and the Vite dev server on http://localhost:5173.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(import.meta.url), '../..');
const env = { ...process.env, WATCH: 'true', EXTRA_ORIGINS: 'http://localhost:5173' };
const children = [
  spawn(process.execPath, [join(root, 'scripts/start.mjs')], { stdio: 'inherit', env }),
  spawn(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-b', '--watch', '--preserveWatchOutput'], {
    stdio: 'inherit',
    cwd: root,
  }),
  // Vite itself rather than through npm, so that a stop reaches it.
  spawn(process.execPath, [join(root, 'node_modules/vite/bin/vite.js')], { stdio: 'inherit', cwd: join(root, 'apps/web') }),
];
const stop = () => children.forEach((child) => child.exitCode === null && child.kill('SIGINT'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
// One part ending (npm start failing, say) ends the others; the last one out ends this.
let running = children.length;
for (const child of children) {
  child.on('exit', (code) => {
    running -= 1;
    if (code !== 0 && code !== null) process.exitCode = code;
    if (running === 0) process.exit();
    stop();
  });
}
