// npm run test:compose: the compose file, run for real. Makes sure a Docker engine runs (installing
// and starting Debian's when it can), pulls the images compose names or builds stand-ins for them
// when their registry cannot be reached (scripts/lib/standins.js), brings the stack up on a free
// loopback port, checks it as a browser would, scales it, checks again and takes it all down,
// volumes too. Ends with one "N passed, N failed" line.
//
//   npm run test:compose                        fails when no engine can run here
//   npm run test:compose -- --skip-unavailable  says why and skips instead (CI)
//   npm run test:compose -- --keep              leaves the stack running for a look
import { createRequire } from 'node:module';
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { spawn } from 'node:child_process';

const require = createRequire(import.meta.url);
const { ensureDependencies } = require('./lib/deps.js');

const started = Date.now();
const args = process.argv.slice(2);
const skipUnavailable = args.includes('--skip-unavailable');
const keep = args.includes('--keep');

ensureDependencies();

const log = require('./lib/log.js');
const { ROOT } = require('./lib/run.js');
const { EngineUnavailable, ensureEngine, capture } = require('./lib/docker.js');
const { ensureImages } = require('./lib/standins.js');
const { parse } = require('yaml');
const WebSocket = require('ws');

const PROJECT = process.env.COMPOSE_TEST_PROJECT ?? 'chatmarket-test';
const LOG_DIR = join(ROOT, '.data/logs/compose');
const COMPOSE_LOG = join(LOG_DIR, 'compose.log');
/** The whole run, however it goes; a cold machine (engine, stand-ins, image) needs about 10 minutes. */
const DEADLINE = started + Number(process.env.COMPOSE_TEST_TIMEOUT_MINUTES ?? 40) * 60_000;
const SCALE = { 'chat-svc': 3, gateway: 2 };
const DEMO_PASSWORD = 'chat-demo-2026';

const results = [];
const seconds = (ms) => `${Math.round(ms / 1000)} s`;

/** Runs one check: a thrown error fails it, a returned string details its success. */
async function check(name, fn) {
  const t0 = Date.now();
  try {
    const detail = await fn();
    results.push({ name, ok: true });
    log.done(`${name}${detail ? `: ${detail}` : ''} (${seconds(Date.now() - t0)})`);
    return true;
  } catch (error) {
    results.push({ name, ok: false });
    log.fail(`${name}: ${error.message}`);
    return false;
  }
}

function finish(code) {
  const passed = results.filter((r) => r.ok).length;
  const failed = results.length - passed;
  log.step(`Compose test done in ${seconds(Date.now() - started)}; logs in ${LOG_DIR}`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(code ?? (failed ? 1 : 0));
}

// --- the engine ------------------------------------------------------------------------------

let engine;
try {
  log.step('Docker engine');
  engine = await ensureEngine();
  log.done(`Docker ${engine.version} (storage driver ${engine.driver}), compose: ${engine.compose.join(' ')}`);
} catch (error) {
  if (error instanceof EngineUnavailable) {
    log.warn(`No Docker engine can run here: ${error.message}`);
    if (skipUnavailable) {
      console.log('Compose test skipped.');
      console.log('0 passed, 0 failed, 1 skipped');
      process.exit(0);
    }
  } else {
    log.fail(error.message);
  }
  results.push({ name: 'Docker engine', ok: false });
  finish(1);
}

mkdirSync(LOG_DIR, { recursive: true });
writeFileSync(COMPOSE_LOG, '');

const port = Number(process.env.CHATMARKET_PORT ?? (await freePort()));
let mailPort = Number(process.env.CHATMARKET_MAIL_PORT ?? (await freePort()));
while (mailPort === port) mailPort = await freePort();
const base = `http://127.0.0.1:${port}`;
const composeEnv = {
  ...process.env,
  CHATMARKET_PORT: String(port),
  CHATMARKET_MAIL_PORT: String(mailPort),
  CHATMARKET_ADDRESS: '127.0.0.1',
  CHATMARKET_EXTRA_ORIGINS: '',
};

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port: chosen } = server.address();
      server.close(() => resolve(chosen));
    });
  });
}

/** A compose command for this project; its output goes to the log. Rejects on failure or time-out. */
function compose(composeArgs, { timeoutMs = 5 * 60_000 } = {}) {
  const [command, ...prefix] = engine.compose;
  const full = [...prefix, '-p', PROJECT, '-f', join(ROOT, 'docker-compose.yml'), ...composeArgs];
  appendFileSync(COMPOSE_LOG, `\n$ ${command} ${full.join(' ')}\n`);
  const limit = Math.max(1000, Math.min(timeoutMs, DEADLINE - Date.now()));
  return new Promise((resolve, reject) => {
    const child = spawn(command, full, { cwd: ROOT, env: composeEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const collect = (data) => {
      output += data;
      appendFileSync(COMPOSE_LOG, data);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    const timer = setTimeout(() => child.kill('SIGTERM'), limit);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) return resolve(output);
      const why = signal ? `stopped after ${seconds(limit)}` : `exit ${code}`;
      reject(new Error(`${command} ${composeArgs.join(' ')}: ${why}\n${output.trim().split('\n').slice(-12).join('\n')}`));
    });
  });
}

let tornDown = false;
async function tearDown() {
  if (tornDown || keep) return;
  tornDown = true;
  await compose(['down', '-v', '--remove-orphans', '-t', '10'], { timeoutMs: 3 * 60_000 }).catch((error) => log.warn(error.message));
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    log.warn(`${signal}: taking the stack down`);
    void tearDown().finally(() => finish(1));
  });
}

// --- images ----------------------------------------------------------------------------------

let config;
try {
  config = parse(await compose(['config'], { timeoutMs: 60_000 }));
} catch (error) {
  log.fail(`The compose file: ${error.message}`);
  results.push({ name: 'The compose file', ok: false });
  finish(1);
}
const services = config.services;
const builtImages = new Set(Object.values(services).filter((s) => s.build).map((s) => s.image));
const composeImages = Object.values(services)
  .map((s) => s.image)
  .filter((image) => image && !builtImages.has(image));
const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
const stages = new Set([...dockerfile.matchAll(/^FROM\s+\S+\s+AS\s+(\S+)/gim)].map((m) => m[1].toLowerCase()));
const dockerfileImages = [...dockerfile.matchAll(/^FROM\s+(\S+)/gim)].map((m) => m[1]).filter((ref) => !stages.has(ref.toLowerCase()));
const nodeImage = dockerfileImages[0];
/** One-shot jobs: services that others wait on to complete (they exit; the rest keep running). */
const oneShots = new Set(
  Object.values(services).flatMap((s) =>
    Object.entries(s.depends_on ?? {})
      .filter(([, dep]) => dep?.condition === 'service_completed_successfully')
      .map(([name]) => name),
  ),
);

const imagesOk = await check('Images the compose file and the Dockerfile name', async () => {
  const outcome = ensureImages([...dockerfileImages, ...composeImages], { logDir: LOG_DIR, nodeImage });
  const byKind = {};
  for (const [ref, kind] of Object.entries(outcome)) (byKind[kind] ??= []).push(ref);
  return Object.entries(byKind)
    .map(([kind, refs]) => `${kind}: ${refs.join(', ')}`)
    .join('; ');
});
if (!imagesOk) finish(1);

// --- what the checks use ---------------------------------------------------------------------

function containers() {
  const ids = capture('docker', ['ps', '-aq', '--filter', `label=com.docker.compose.project=${PROJECT}`]).stdout.split('\n').filter(Boolean);
  if (ids.length === 0) return [];
  const inspected = JSON.parse(capture('docker', ['inspect', ...ids]).stdout || '[]');
  return inspected.map((c) => ({
    id: c.Id.slice(0, 12),
    name: c.Name.replace(/^\//, ''),
    service: c.Config.Labels['com.docker.compose.service'],
    status: c.State.Status,
    exitCode: c.State.ExitCode,
    health: c.State.Health?.Status,
    restarts: c.RestartCount,
  }));
}

function containerLogs(name) {
  return capture('docker', ['logs', '--tail', '15', name]).text;
}

/** Waits until every service runs its expected number of healthy containers and the one-shots ended well. */
async function waitForStack(scale, timeoutMs) {
  const deadline = Math.min(Date.now() + timeoutMs, DEADLINE);
  let pending = [];
  while (Date.now() < deadline) {
    const all = containers();
    pending = [];
    for (const service of Object.keys(services)) {
      const own = all.filter((c) => c.service === service);
      if (oneShots.has(service)) {
        const failed = own.find((c) => c.status === 'exited' && c.exitCode !== 0);
        if (failed) throw new Error(`${service} exited with ${failed.exitCode}:\n${containerLogs(failed.name)}`);
        if (!own.some((c) => c.status === 'exited')) pending.push(`${service} not finished`);
        continue;
      }
      const broken = own.find((c) => c.health === 'unhealthy' || c.restarts >= 3 || c.status === 'dead');
      if (broken) throw new Error(`${broken.name} is ${broken.health ?? broken.status} (restarts: ${broken.restarts}):\n${containerLogs(broken.name)}`);
      const ready = own.filter((c) => c.status === 'running' && (c.health === undefined || c.health === 'healthy'));
      const wanted = scale[service] ?? 1;
      if (ready.length < wanted) pending.push(`${service} ${ready.length}/${wanted}`);
    }
    if (pending.length === 0) return all;
    await new Promise((r) => setTimeout(r, 2000));
  }
  throw new Error(`not ready in time: ${pending.join(', ')}`);
}

async function http(method, path, { origin, cookie, body } = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(origin ? { origin } : {}),
      ...(cookie ? { cookie } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(20_000),
  });
  const text = await res.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const sid = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
  return { status: res.status, json, text, cookie: sid ? sid.slice(0, sid.indexOf(';')) : undefined, type: res.headers.get('content-type') };
}

/** The arithmetic captcha, answered as a person would (the same rule as @app/testing's solveArithmetic). */
async function captchaToken(origin) {
  const challenge = await http('GET', '/api/auth/captcha');
  if (challenge.status !== 200) throw new Error(`captcha: ${challenge.status} ${challenge.text}`);
  const match = /(\d+)\s*([+\-−×x*])\s*(\d+)/.exec(challenge.json.question);
  if (!match) throw new Error(`captcha question not arithmetic: ${challenge.json.question}`);
  const [a, op, b] = [Number(match[1]), match[2], Number(match[3])];
  const answer = op === '+' ? a + b : op === '-' || op === '−' ? a - b : a * b;
  const verified = await http('POST', '/api/auth/captcha/verify', { origin, body: { challengeId: challenge.json.id, answer } });
  if (verified.status !== 200) throw new Error(`captcha answer refused: ${verified.status} ${verified.text}`);
  return verified.json.token;
}

async function login(origin, name, password) {
  const res = await http('POST', '/api/auth/login', { origin, body: { email: name, password, captchaResponse: await captchaToken(origin) } });
  if (res.status !== 200 || !res.cookie) throw new Error(`sign-in as ${name} from ${origin}: ${res.status} ${res.text}`);
  return { user: res.json.user, cookie: res.cookie, origin };
}

/** A /ws socket through the load balancer, signed in, with the frames it received. */
function openSocket(session) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers: { origin: session.origin, cookie: session.cookie } });
    const frames = [];
    const waiters = [];
    socket.on('message', (data) => {
      const frame = JSON.parse(data.toString());
      frames.push(frame);
      for (const waiter of [...waiters]) if (waiter.match(frame)) waiter.done(frame);
    });
    const waitFor = (match, what, timeoutMs = 15_000) => {
      const seen = frames.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((done, fail) => {
        const waiter = { match, done: (frame) => (clearTimeout(timer), waiters.splice(waiters.indexOf(waiter), 1), done(frame)) };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          fail(new Error(`no ${what} within ${seconds(timeoutMs)}; got ${JSON.stringify(frames.map((f) => f.type))}`));
        }, timeoutMs);
        waiters.push(waiter);
      });
    };
    const send = (frame) => socket.send(JSON.stringify(frame));
    socket.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    socket.once('error', reject);
    socket.once('open', async () => {
      try {
        send({ type: 'auth', userId: session.user.id });
        await waitFor((f) => f.type === 'auth_success' || f.type === 'error', 'auth_success').then((f) => {
          if (f.type !== 'auth_success') throw new Error(`auth refused: ${JSON.stringify(f)}`);
        });
        resolve({ socket, frames, waitFor, send, close: () => socket.close(1000) });
      } catch (error) {
        socket.terminate();
        reject(error);
      }
    });
  });
}

async function joinRoom(connection, roomId) {
  connection.send({ type: 'join_room', roomId });
  await connection.waitFor((f) => f.type === 'room_joined' && f.room?.id === roomId, 'room_joined');
}

/** Collects the instances that answer /api/health through the load balancer. */
async function healthInstances(wantGateways, wantChat, tries = 60) {
  const gateways = new Set();
  const chat = new Set();
  for (let i = 0; i < tries && (gateways.size < wantGateways || chat.size < wantChat); i++) {
    const res = await http('GET', '/api/health');
    if (res.status !== 200 || !res.json?.ok) throw new Error(`/api/health answered ${res.status}: ${res.text.slice(0, 300)}`);
    gateways.add(res.json.gateway.instance);
    chat.add(res.json.services['chat-svc'].instance);
    await new Promise((r) => setTimeout(r, 500));
  }
  return { gateways, chat };
}

// --- the run ---------------------------------------------------------------------------------

log.step(`Stack "${PROJECT}" on ${base} (compose output: ${COMPOSE_LOG})`);
await compose(['down', '-v', '--remove-orphans', '-t', '5'], { timeoutMs: 2 * 60_000 }).catch(() => {});

let session;
let room;
try {
  const up = await check('docker compose up --build: every service healthy, the seed job done', async () => {
    const t0 = Date.now();
    const output = await compose(['up', '-d', '--build'], { timeoutMs: 25 * 60_000 });
    const built = Date.now();
    const all = await waitForStack({}, 5 * 60_000);
    const builds = (output.match(/^Building \S+/gm) ?? []).length;
    if (engine.compose[0] === 'docker-compose' && builds !== 1) throw new Error(`the app image was built ${builds} times, not once`);
    const running = all.filter((c) => c.status === 'running').length;
    return `${running} containers running, built and started in ${seconds(built - t0)}, healthy ${seconds(Date.now() - built)} later`;
  });
  if (!up) throw new Error('stack did not come up');

  await check('/api/health through the load balancer', async () => {
    const res = await http('GET', '/api/health');
    if (res.status !== 200 || !res.json?.ok) throw new Error(`${res.status} ${res.text.slice(0, 500)}`);
    const services = Object.entries(res.json.services).map(([name, report]) => `${name} ${report.ok ? 'ok' : 'DOWN'}`);
    return `${services.join(', ')}, postgres ${res.json.postgres.ok ? 'ok' : 'DOWN'}, redis ${res.json.redis.ok ? 'ok' : 'DOWN'}, nats ${res.json.nats.ok ? 'ok' : 'DOWN'}`;
  });

  await check('The SPA is served', async () => {
    const res = await http('GET', '/');
    if (res.status !== 200 || !res.type?.startsWith('text/html')) throw new Error(`${res.status} ${res.type}`);
    return `GET / ${res.status} ${res.type}`;
  });

  const username = `ct_${Date.now().toString(36)}`;
  const password = 'compose-check-2026';
  // Opened at 127.0.0.1 while the gateway's configured origin is localhost: the loopback alias.
  const aliasOrigin = `http://127.0.0.1:${port}`;
  const siteOrigin = `http://localhost:${port}`;
  await check(`Sign-up with the captcha answered (page at ${aliasOrigin})`, async () => {
    const res = await http('POST', '/api/auth/register', {
      origin: aliasOrigin,
      body: { username, email: `${username}@example.com`, password, confirmPassword: password, captchaResponse: await captchaToken(aliasOrigin) },
    });
    if (res.status !== 201 || !res.cookie) throw new Error(`${res.status} ${res.text}`);
    return `${res.json.user.username} (id ${res.json.user.id}, ${res.json.user.role})`;
  });

  await check(`Sign-in (page at ${siteOrigin})`, async () => {
    session = await login(siteOrigin, username, password);
    const me = await http('GET', '/api/users/me', { cookie: session.cookie });
    if (me.status !== 200 || me.json?.username !== session.user.username) throw new Error(`GET /api/users/me: ${me.status} ${me.text.slice(0, 200)}`);
    return `session cookie works: GET /api/users/me is ${me.json.username}`;
  });

  await check('Account mail reaches the mail catcher, linking to the site', async () => {
    const email = `${username}@example.com`;
    const res = await http('POST', '/api/auth/forgot-password', { origin: siteOrigin, body: { email } });
    if (res.status !== 200) throw new Error(`forgot-password: ${res.status} ${res.text}`);
    for (let i = 0; i < 40; i++) {
      const inbox = await fetch(`http://127.0.0.1:${mailPort}/email`, { signal: AbortSignal.timeout(5000) }).then((r) => r.json());
      const mail = inbox.find((m) => m.to?.some((to) => to.address === email));
      if (mail) {
        const body = `${mail.text ?? ''}${mail.html ?? ''}`;
        if (!body.includes(`http://localhost:${port}/`)) throw new Error(`"${mail.subject}" has no link to http://localhost:${port}/`);
        return `"${mail.subject}" to ${email}`;
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error(`no mail to ${email} within 20 s`);
  });

  await check('A message sent over /ws is acknowledged and delivered', async () => {
    if (!session) throw new Error('no session');
    const rooms = await http('GET', '/api/rooms');
    room = rooms.json?.[0];
    if (!room) throw new Error(`no public room: ${rooms.status} ${rooms.text.slice(0, 200)}`);
    const connection = await openSocket(session);
    try {
      await joinRoom(connection, room.id);
      const clientId = `ct-${Date.now()}`;
      const content = `hello from the compose test ${clientId}`;
      connection.send({ type: 'send_message', content, clientId });
      const ack = await connection.waitFor((f) => (f.type === 'message_ack' || f.type === 'error') && f.clientId === clientId, 'message_ack');
      if (ack.type !== 'message_ack') throw new Error(`send refused: ${JSON.stringify(ack)}`);
      await connection.waitFor((f) => f.type === 'new_message' && f.message?.content === content, 'new_message');
      return `"${room.name}": message_ack and new_message (seq ${ack.message.seq})`;
    } finally {
      connection.close();
    }
  });

  const scaled = await check(`Scaled to ${Object.entries(SCALE).map(([s, n]) => `${s}=${n}`).join(', ')}: every replica healthy`, async () => {
    const t0 = Date.now();
    await compose(['up', '-d', ...Object.entries(SCALE).flatMap(([s, n]) => ['--scale', `${s}=${n}`])], { timeoutMs: 5 * 60_000 });
    const all = await waitForStack(SCALE, 3 * 60_000);
    const counts = Object.keys(SCALE).map((s) => `${all.filter((c) => c.service === s && c.status === 'running').length} ${s}`);
    return `${counts.join(', ')} in ${seconds(Date.now() - t0)}`;
  });

  if (scaled) {
    await check('After scaling, /api/health reaches both gateways and all three chat-svc', async () => {
      const { gateways, chat } = await healthInstances(SCALE.gateway, SCALE['chat-svc']);
      if (gateways.size < SCALE.gateway) throw new Error(`the load balancer reached ${gateways.size} gateway(s): ${[...gateways]}`);
      if (chat.size < SCALE['chat-svc']) throw new Error(`${chat.size} chat-svc instance(s) answered: ${[...chat]}`);
      return `gateways ${[...gateways].join(', ')}; chat-svc ${[...chat].join(', ')}`;
    });

    await check('After scaling, a message reaches sockets on every gateway', async () => {
      const vip = await login(siteOrigin, 'vip', DEMO_PASSWORD);
      // Consecutive connections are shared round-robin, so these land on both gateways.
      const listeners = [];
      try {
        for (let i = 0; i < 3; i++) listeners.push(await openSocket(session));
        const sender = await openSocket(vip);
        listeners.push(sender);
        for (const connection of listeners) await joinRoom(connection, room.id);
        const clientId = `ct-vip-${Date.now()}`;
        const content = `fan-out check ${clientId}`;
        sender.send({ type: 'send_message', content, clientId });
        await Promise.all(listeners.map((c) => c.waitFor((f) => f.type === 'new_message' && f.message?.content === content, 'new_message')));
        return `demo account vip signed in; ${listeners.length} sockets got the message`;
      } finally {
        for (const connection of listeners) connection.close();
      }
    });
  }
} catch (error) {
  log.fail(error.message);
} finally {
  if (!keep) {
    await check('docker compose down -v: no container, volume or network left', async () => {
      const t0 = Date.now();
      await tearDown();
      const left = [
        ...capture('docker', ['ps', '-aq', '--filter', `label=com.docker.compose.project=${PROJECT}`]).stdout.split('\n'),
        ...capture('docker', ['volume', 'ls', '-q', '--filter', `label=com.docker.compose.project=${PROJECT}`]).stdout.split('\n'),
        ...capture('docker', ['network', 'ls', '-q', '--filter', `label=com.docker.compose.project=${PROJECT}`]).stdout.split('\n'),
      ].filter(Boolean);
      if (left.length) throw new Error(`left behind: ${left.join(' ')}`);
      return `in ${seconds(Date.now() - t0)}`;
    });
    // Earlier builds of the app image and replaced stand-ins, once a day old; today's stay as the build cache.
    capture('docker', ['image', 'prune', '-f', '--filter', 'until=24h'], { timeoutMs: 120_000 });
  } else {
    log.warn(`--keep: the stack stays up at ${base}; take it down with: ${engine.compose.join(' ')} -p ${PROJECT} down -v`);
  }
}
finish();
