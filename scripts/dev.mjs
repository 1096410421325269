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
  spawn('npm', ['run', 'dev', '--workspace', 'apps/web'], { stdio: 'inherit', cwd: root }),
];
const stop = () => children.forEach((child) => child.kill('SIGINT'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
