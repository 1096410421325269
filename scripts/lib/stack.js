'use strict';
/**
 * Starts the whole system as separate processes: every service, N chat-svc replicas, N
 * gateways, and a local S3 server when no S3_ENDPOINT is given. `npm start` uses it for the
 * demo; the system and browser tests use it with their own databases, NATS and Redis.
 */
const { spawn } = require('node:child_process');
const { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } = require('node:fs');
const { dirname, join } = require('node:path');
const { createInterface } = require('node:readline');
const { ROOT } = require('./run');

const SERVICES = ['auth-svc', 'chat-svc', 'marketplace-svc', 'media-svc'];
const DATABASE_VARS = {
  'auth-svc': ['AUTH_DATABASE_URL', 'auth'],
  'chat-svc': ['CHAT_DATABASE_URL', 'chat'],
  'marketplace-svc': ['MARKETPLACE_DATABASE_URL', 'marketplace'],
  'media-svc': ['MEDIA_DATABASE_URL', 'media'],
};

function appEntry(app, file = 'main.js') {
  return join(ROOT, 'apps', app, 'dist', file);
}

/**
 * The VAPID key pair chat-svc signs Web Push with: from the environment, else kept in `file`
 * (made at the first start: push subscriptions stay valid across restarts), else new for this
 * stack alone (tests).
 */
function vapidKeys(file) {
  if (process.env.VAPID_PUBLIC_KEY && process.env.VAPID_PRIVATE_KEY) {
    return { publicKey: process.env.VAPID_PUBLIC_KEY, privateKey: process.env.VAPID_PRIVATE_KEY };
  }
  if (file && existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  const keys = require('web-push').generateVAPIDKeys();
  if (file) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  }
  return keys;
}

class Stack {
  constructor(options) {
    this.options = options;
    this.vapid = vapidKeys(options.vapidKeysFile);
    this.processes = new Map();
    this.stopping = false;
  }

  /** Environment shared by every process of this stack. */
  baseEnv() {
    const o = this.options;
    const env = {
      ...process.env,
      NODE_ENV: process.env.NODE_ENV ?? 'production',
      NATS_URL: o.natsUrl,
      REDIS_URL: o.redisUrl,
      LOG_LEVEL: o.logLevel ?? 'info',
      // Mail links and passkeys name the site where people open it: the first gateway.
      PUBLIC_ORIGIN: o.publicOrigin ?? `http://localhost:${o.gatewayPorts[0]}`,
      MEDIA_HTTP_PORT: String(o.mediaPort),
      MEDIA_SVC_URL: `http://127.0.0.1:${o.mediaPort}`,
      S3_ENDPOINT: this.s3?.endpoint ?? process.env.S3_ENDPOINT,
      S3_PORT: String(this.s3?.port ?? process.env.S3_PORT ?? ''),
      S3_USE_SSL: process.env.S3_USE_SSL ?? 'false',
      S3_ACCESS_KEY: process.env.S3_ACCESS_KEY ?? 'S3RVER',
      S3_SECRET_KEY: process.env.S3_SECRET_KEY ?? 'S3RVER',
      S3_BUCKET: process.env.S3_BUCKET ?? 'media',
      VAPID_PUBLIC_KEY: this.vapid.publicKey,
      VAPID_PRIVATE_KEY: this.vapid.privateKey,
      ...(this.mail ? { SMTP_URL: this.mail.smtpUrl } : {}),
      ...o.env,
    };
    for (const [variable, name] of Object.values(DATABASE_VARS)) {
      env[variable] = `${o.postgresUrl}/${o.dbPrefix ?? ''}${name}`;
    }
    return env;
  }

  async start() {
    const o = this.options;
    if (o.logDir) mkdirSync(o.logDir, { recursive: true });
    if (!process.env.S3_ENDPOINT) this.s3 = await this.startLocalS3();
    if (!process.env.SMTP_URL && o.mailPorts) this.mail = await this.startMailCatcher(o.mailPorts);
    for (const app of SERVICES) {
      const replicas = app === 'chat-svc' ? (o.chatReplicas ?? 1) : 1;
      for (let i = 0; i < replicas; i++) this.spawnApp(app, i);
    }
    await this.waitServicesHealthy();
    if (o.seed) await this.seed();
    o.gatewayPorts.forEach((port, i) => this.spawnGateway(port, i));
    await Promise.all(o.gatewayPorts.map((port) => this.waitHealthy(port)));
    return this;
  }

  processName(app, index) {
    return index === 0 ? app : `${app}-${index + 1}`;
  }

  spawnApp(app, index = 0, env = {}) {
    const name = this.processName(app, index);
    return this.spawnProcess(name, appEntry(app), { INSTANCE_ID: `${name}-${process.pid}`, ...env });
  }

  spawnGateway(port, index = 0) {
    const o = this.options;
    const name = this.processName('gateway', index);
    return this.spawnProcess(name, appEntry('gateway'), {
      PORT: String(port),
      PUBLIC_ORIGIN: o.publicOrigin ?? `http://localhost:${o.gatewayPorts[0]}`,
      EXTRA_ORIGINS: [process.env.EXTRA_ORIGINS, ...o.gatewayPorts.map((p) => `http://localhost:${p},http://127.0.0.1:${p}`)]
        .filter(Boolean)
        .join(','),
      WEB_DIST: o.webDist ?? join(ROOT, 'apps/web/dist'),
      INSTANCE_ID: `${name}-${port}`,
    });
  }

  spawnProcess(name, script, env) {
    if (this.stopping) throw new Error(`Not starting ${name}: the system is stopping`);
    // In watch mode (npm run dev) node restarts a process when tsc --watch rewrites its output.
    const args = this.options.watch ? ['--watch', script] : [script];
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: { ...this.baseEnv(), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const entry = { name, child, script, env, exited: false };
    this.processes.set(name, entry);
    this.pipeOutput(name, child);
    child.on('exit', (code, signal) => {
      entry.exited = true;
      if (!this.stopping && !entry.expectedExit) {
        this.options.onCrash?.(name, code, signal);
      }
    });
    return entry;
  }

  pipeOutput(name, child) {
    const file = this.options.logDir ? createWriteStream(join(this.options.logDir, `${name}.log`)) : null;
    const echo = this.options.echo ?? 'warn';
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => {
        file?.write(`${line}\n`);
        if (echo === 'none') return;
        let level = 50;
        let text = line;
        try {
          const parsed = JSON.parse(line);
          level = parsed.level ?? 30;
          text = parsed.msg ?? line;
        } catch {
          // not JSON: print as is
        }
        if (echo === 'all' || level >= 40) console.log(`[${name}] ${text}`);
      });
    }
  }

  async startLocalS3() {
    const { startLocalS3 } = require('./local-s3');
    const dir = this.options.s3Dir ?? join(ROOT, '.data/s3');
    return startLocalS3({ dir, port: this.options.s3Port ?? 0 });
  }

  async startMailCatcher({ smtp, web }) {
    const { startMailCatcher } = require('./mail-catcher');
    const { freePort } = require('./local-s3');
    return startMailCatcher({ smtpPort: smtp || (await freePort()), webPort: web || (await freePort()) });
  }

  /** Runs each service's seed once, one after another; never watched, since a seed ends. */
  async seed() {
    for (const app of SERVICES) {
      const script = appEntry(app, 'seed.js');
      if (!existsSync(script) || this.stopping) continue;
      await new Promise((resolve, reject) => {
        const child = spawn(process.execPath, [script], { cwd: ROOT, env: this.baseEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
        this.pipeOutput(`seed-${app}`, child);
        child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`Seeding ${app} failed (exit ${code})`))));
      });
    }
  }

  /** Each service answers its health check once it has connected and migrated. */
  async waitServicesHealthy(timeoutMs = 90_000) {
    const { checkService } = require('../healthcheck');
    const deadline = Date.now() + timeoutMs;
    for (const app of SERVICES) {
      for (;;) {
        const crashed = [...this.processes.values()].find((e) => e.exited && !e.expectedExit);
        if (crashed) throw new Error(`${crashed.name} exited while starting`);
        if (await checkService(app, this.options.natsUrl).catch(() => false)) break;
        if (Date.now() > deadline) throw new Error(`${app} not healthy after ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 300));
      }
    }
  }

  async waitHealthy(port, timeoutMs = 60_000) {
    const deadline = Date.now() + timeoutMs;
    let last = '';
    while (Date.now() < deadline) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (res.ok) return;
        last = await res.text();
      } catch (error) {
        last = error.message;
      }
      await new Promise((r) => setTimeout(r, 300));
    }
    throw new Error(`Gateway on port ${port} not healthy after ${timeoutMs} ms: ${last}`);
  }

  /** Sends a signal to one process (SIGKILL in failure tests). */
  kill(name, signal = 'SIGTERM') {
    const entry = this.processes.get(name);
    if (!entry) throw new Error(`No process named ${name}`);
    entry.expectedExit = true;
    entry.child.kill(signal);
    return new Promise((resolve) => (entry.exited ? resolve() : entry.child.once('exit', () => resolve())));
  }

  /** Starts a process again with the environment it had. */
  restart(name) {
    const entry = this.processes.get(name);
    return this.spawnProcess(name, entry.script, entry.env);
  }

  /**
   * Ends every app process, gateways first (they tell chat-svc their sockets are gone), then
   * the services; S3 and the mail catcher go on (a restore of the data happens in between).
   */
  async stopApps() {
    const running = [...this.processes.values()].filter((e) => !e.exited);
    for (const entry of running) entry.expectedExit = true;
    await Promise.all(running.filter(isGateway).map(terminate));
    await Promise.all(running.filter((e) => !isGateway(e)).map(terminate));
  }

  /** Starts the stopped apps again with the environment they had: the services, then the gateways, once each is healthy. */
  async startApps() {
    const stopped = [...this.processes.values()].filter((e) => e.exited);
    for (const entry of stopped.filter((e) => !isGateway(e))) this.restart(entry.name);
    await this.waitServicesHealthy();
    for (const entry of stopped.filter(isGateway)) this.restart(entry.name);
    await Promise.all(this.options.gatewayPorts.map((port) => this.waitHealthy(port)));
  }

  async stop() {
    this.stopping = true;
    await this.stopApps();
    await this.s3?.stop();
    await this.mail?.stop();
  }
}

const isGateway = (entry) => entry.name.startsWith('gateway');

function terminate(entry) {
  return new Promise((resolve) => {
    if (entry.exited) return resolve();
    entry.child.once('exit', resolve);
    entry.child.kill('SIGTERM');
    setTimeout(() => entry.child.kill('SIGKILL'), 5000).unref();
  });
}

async function startStack(options) {
  const stack = new Stack(options);
  try {
    return await stack.start();
  } catch (error) {
    await stack.stop();
    throw error;
  }
}

module.exports = { startStack, Stack, SERVICES, DATABASE_VARS };
