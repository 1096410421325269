// npm run build: installs what is missing, then compiles the services and the SPA (incrementally).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { ensureDependencies } = require('./lib/deps.js');

ensureDependencies();

const log = require('./lib/log.js');
const { buildAll } = require('./lib/build.js');

try {
  buildAll();
} catch (error) {
  log.fail(error.message);
  process.exit(1);
}
