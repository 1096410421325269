// npm start: prepares the machine, builds, seeds and runs the whole system at http://localhost:3000.
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const { ensureDependencies } = require('./lib/deps.js');

ensureDependencies();

const log = require('./lib/log.js');
const { ensureInfrastructure } = require('./lib/infra.js');
const { buildAll } = require('./lib/build.js');
const { Stack } = require('./lib/stack.js');
const { ROOT } = require('./lib/run.js');

const port = Number(process.env.PORT ?? 3000);
const postgresUrl = process.env.POSTGRES_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432';

const stack = new Stack({
  postgresUrl,
  natsUrl: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
  redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/0',
  gatewayPorts: [port],
  mediaPort: Number(process.env.MEDIA_HTTP_PORT ?? 3010),
  s3Dir: join(ROOT, '.data/s3'),
  vapidKeysFile: join(ROOT, '.data/vapid-keys.json'),
  mailPorts: { smtp: Number(process.env.MAIL_SMTP_PORT ?? 1025), web: Number(process.env.MAIL_WEB_PORT ?? 1080) },
  logDir: join(ROOT, '.data/logs'),
  publicOrigin: process.env.PUBLIC_ORIGIN ?? `http://localhost:${port}`,
  seed: true,
  watch: process.env.WATCH === 'true',
  onCrash: (name, code, signal) => log.fail(`${name} stopped (${signal ?? `exit ${code}`}); see .data/logs/${name}.log`),
});

// Listening from the start: a stop while the system is still coming up ends what already runs.
let stopping = false;
const stop = async (code) => {
  if (stopping) return;
  stopping = true;
  log.step('Stopping');
  await stack.stop();
  process.exit(code);
};
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

try {
  await ensureInfrastructure();
  buildAll();
  log.step('Starting services, seeding demo data');
  await stack.start();
  log.done(`Running at ${log.bold(`http://localhost:${port}`)}  (logs in .data/logs, Ctrl-C stops everything)`);
  if (stack.mail) log.done(`Mail the system sends (sign-up, password reset) lands in ${log.bold(stack.mail.webUrl)}`);
} catch (error) {
  if (!stopping) {
    log.fail(error.message);
    await stop(1);
  }
}
