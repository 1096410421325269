// The compose stack as the scripts that run it for real drive it (npm run test:compose, npm run
// test:chaos): free loopback ports for its published services, compose commands for one project
// name, its containers and their health, and a client of the site as a browser would be one
// (https with the stack's own certificate, the captcha answered, signed-in /ws sockets).
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { appendFileSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { createSocket } from 'node:dgram';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { request as httpsRequest } from 'node:https';

const require = createRequire(import.meta.url);
const { ROOT } = require('./run.js');
const { capture } = require('./docker.js');
const { parse } = require('yaml');
const WebSocket = require('ws');

export const seconds = (ms) => `${Math.round(ms / 1000)} s`;

/**
 * The checks a script runs, each named and counted: `check` runs one (a thrown error fails it, a
 * returned string details its success), `failed` counts one that could not run, and `tally`
 * answers how many passed and failed, for the closing `N passed, N failed` line.
 */
export function checkRunner(log) {
  const results = [];
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
  const failed = (name) => results.push({ name, ok: false });
  const tally = () => {
    const passed = results.filter((r) => r.ok).length;
    return { passed, failed: results.length - passed };
  };
  return { check, failed, tally };
}

/**
 * Chooses the ports and reads the compose file for the project `project` (compose output appended
 * to `composeLog`, nothing allowed past `deadline`), and answers the helpers below bound to them.
 * Throws when the compose file cannot be read.
 */
export async function openComposeStack({ engine, project, composeLog, deadline }) {
  const PROJECT = project;
  const COMPOSE_LOG = composeLog;
  const DEADLINE = deadline;

  const taken = new Set();
  /** A loopback port free for TCP (and for UDP when asked), not handed out before in this run. */
  async function unusedPort({ udp = false } = {}) {
    for (;;) {
      const chosen = await freePort();
      if (!taken.has(chosen) && (!udp || (await udpFree(chosen)))) {
        taken.add(chosen);
        return chosen;
      }
    }
  }
  const port = Number(process.env.CHATMARKET_PORT ?? (await unusedPort()));
  taken.add(port);
  const mailPort = Number(process.env.CHATMARKET_MAIL_PORT ?? (await unusedPort()));
  taken.add(mailPort);
  const turnPort = await unusedPort({ udp: true });
  const prometheusPort = await unusedPort();
  const oidcPort = await unusedPort();
  const [turnMinPort, turnMaxPort] = await freeUdpRange(20);
  const base = `https://127.0.0.1:${port}`;
  /** The stack's TLS certificate (self-signed at its first start), which the checks trust once it runs. */
  let tlsCa;
  const composeEnv = {
    ...process.env,
    CHATMARKET_PORT: String(port),
    CHATMARKET_MAIL_PORT: String(mailPort),
    CHATMARKET_TURN_PORT: String(turnPort),
    CHATMARKET_TURN_MIN_PORT: String(turnMinPort),
    CHATMARKET_TURN_MAX_PORT: String(turnMaxPort),
    CHATMARKET_PROMETHEUS_PORT: String(prometheusPort),
    CHATMARKET_OIDC_PORT: String(oidcPort),
    // The development sign-in provider, whatever this shell names.
    CHATMARKET_OIDC_PROVIDERS: 'local',
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

  function udpFree(candidate) {
    return new Promise((resolve) => {
      const socket = createSocket('udp4');
      socket.once('error', () => resolve(false));
      socket.bind(candidate, '127.0.0.1', () => socket.close(() => resolve(true)));
    });
  }

  /** `count` consecutive UDP ports free on loopback (the TURN relay range), as [first, last]. */
  async function freeUdpRange(count) {
    for (let attempt = 0; attempt < 50; attempt++) {
      const first = 40000 + Math.floor(Math.random() * 20000);
      const ports = Array.from({ length: count }, (_, i) => first + i);
      if (ports.some((p) => taken.has(p))) continue;
      if ((await Promise.all(ports.map(udpFree))).every(Boolean)) {
        for (const p of ports) taken.add(p);
        return [first, first + count - 1];
      }
    }
    throw new Error(`no ${count} consecutive free UDP ports on loopback`);
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


  let config;
  try {
    config = parse(await compose(['config'], { timeoutMs: 60_000 }));
  } catch (error) {
    throw new Error(`The compose file: ${error.message}`);
  }
  // Services under a profile (Grafana: `--profile monitoring`) are not started by a plain `up`.
  const profiled = Object.entries(config.services).filter(([, s]) => s.profiles?.length).map(([name]) => name);
  const services = Object.fromEntries(Object.entries(config.services).filter(([name]) => !profiled.includes(name)));
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

  /** The last lines of every one-shot container that ended with an error, or nothing. */
  function failedOneShotLogs() {
    return containers()
      .filter((c) => oneShots.has(c.service) && c.status === 'exited' && c.exitCode !== 0)
      .map((c) => `\n${c.name} exited with ${c.exitCode}:\n${containerLogs(c.name)}`)
      .join('');
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

  /** One request to the site over https, its certificate checked against the stack's own. */
  function http(method, path, { origin, cookie, body, timeoutMs = 20_000 } = {}) {
    const payload = body !== undefined ? JSON.stringify(body) : undefined;
    const headers = {
      ...(origin ? { origin } : {}),
      ...(cookie ? { cookie } : {}),
      ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
    };
    return new Promise((resolve, reject) => {
      const req = httpsRequest(`${base}${path}`, { method, headers, ca: tlsCa, timeout: timeoutMs }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('error', reject);
        res.on('end', () => {
          let json;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          const sidCookie = (res.headers['set-cookie'] ?? []).find((c) => c.startsWith('sid='));
          resolve({
            status: res.statusCode,
            json,
            text,
            headers: res.headers,
            sidCookie,
            cookie: sidCookie ? sidCookie.slice(0, sidCookie.indexOf(';')) : undefined,
            type: res.headers['content-type'],
          });
        });
      });
      req.on('timeout', () => req.destroy(new Error(`${method} ${path}: no answer within ${seconds(timeoutMs)}`)));
      req.on('error', reject);
      req.end(payload);
    });
  }

  /** The value of the cookie `name` an answer of the site sets, as `name=value`, or undefined. */
  function cookieSet(res, name) {
    const cookie = (res.headers['set-cookie'] ?? []).find((c) => c.startsWith(`${name}=`));
    return cookie ? cookie.slice(0, cookie.indexOf(';')) : undefined;
  }

  /** The proof of work under the question, found as the page finds it (the same as @app/testing's solvePow). */
  function solvePow(pow) {
    for (let number = 0; number <= pow.maxnumber; number++) {
      if (createHash('sha256').update(pow.salt + number).digest('hex') === pow.challenge) {
        const { algorithm, challenge, salt, signature } = pow;
        return Buffer.from(JSON.stringify({ algorithm, challenge, number, salt, signature })).toString('base64');
      }
    }
    throw new Error('captcha proof of work has no solution');
  }

  /** The arithmetic captcha, answered as a person would (the same rule as @app/testing's solveArithmetic). */
  async function captchaToken(origin) {
    const challenge = await http('GET', '/api/auth/captcha');
    if (challenge.status !== 200) throw new Error(`captcha: ${challenge.status} ${challenge.text}`);
    const match = /(\d+)\s*([+\-−×x*])\s*(\d+)/.exec(challenge.json.question);
    if (!match) throw new Error(`captcha question not arithmetic: ${challenge.json.question}`);
    const [a, op, b] = [Number(match[1]), match[2], Number(match[3])];
    const answer = op === '+' ? a + b : op === '-' || op === '−' ? a - b : a * b;
    const verified = await http('POST', '/api/auth/captcha/verify', { origin, body: { challengeId: challenge.json.id, answer, pow: solvePow(challenge.json.pow) } });
    if (verified.status !== 200) throw new Error(`captcha answer refused: ${verified.status} ${verified.text}`);
    return verified.json.token;
  }

  async function login(origin, name, password) {
    const res = await http('POST', '/api/auth/login', { origin, body: { email: name, password, captchaResponse: await captchaToken(origin) } });
    if (res.status !== 200 || !res.cookie) throw new Error(`sign-in as ${name} from ${origin}: ${res.status} ${res.text}`);
    return { user: res.json.user, cookie: res.cookie, sidCookie: res.sidCookie, origin };
  }

  /** A /ws socket through the load balancer, signed in, with the frames it received. */
  function openSocket(session) {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(`wss://127.0.0.1:${port}/ws`, { ca: tlsCa, headers: { origin: session.origin, cookie: session.cookie } });
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

  /** The app services (those running a built program) and how many replicas each runs. */
  function appReplicas(scale) {
    return Object.fromEntries(
      Object.entries(services)
        .filter(([, s]) => /^node apps\/[\w-]+\/dist\/main\.js$/.test((s.command ?? []).join(' ')))
        .map(([name]) => [name, scale[name] ?? 1]),
    );
  }

  /** redis-cli signed in with the generated password, in a Redis node's or Sentinel's container. */
  const REDIS_CLI = 'REDISCLI_AUTH="$(cat /run/secrets/redis-password)" redis-cli';
  const SENTINELS = ['redis-sentinel-1', 'redis-sentinel-2', 'redis-sentinel-3'];

  /** The Redis node the Sentinels name as the primary (its compose service: redis or redis-replica), from the first that answers. */
  function redisPrimary() {
    const answers = [];
    for (const sentinel of SENTINELS) {
      try {
        const host = execIn(sentinel, ['sh', '-c', `${REDIS_CLI} -p 26379 sentinel get-master-addr-by-name chatmarket`], 15_000).trim().split('\n')[0];
        if (host) return host;
        answers.push(`${sentinel}: nothing`);
      } catch (error) {
        answers.push(`${sentinel}: ${error.message}`);
      }
    }
    throw new Error(`no Sentinel names the primary: ${answers.join('; ')}`);
  }

  /** A Redis node's INFO replication, as { role, master_host, master_link_status, ... }. */
  function redisReplication(service) {
    const out = execIn(service, ['sh', '-c', `${REDIS_CLI} info replication`], 15_000);
    return Object.fromEntries(out.split(/\r?\n/).filter((line) => line.includes(':')).map((line) => line.split(/:(.*)/s).slice(0, 2)));
  }

  /** Waits until `test` returns a truthy value (returned), polling every half second; throws `what` after timeoutMs. */
  async function waitUntil(test, what, timeoutMs) {
    const deadline = Date.now() + timeoutMs;
    let last;
    while (Date.now() < deadline) {
      try {
        const value = test();
        if (value) return value;
      } catch (error) {
        last = error.message;
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error(`${what} within ${seconds(timeoutMs)}${last ? ` (${last})` : ''}`);
  }

  /** Runs a program in the running container of a service; its output, or an error with its last lines. */
  function execIn(service, args, timeoutMs = 120_000) {
    const container = containers().find((c) => c.service === service && c.status === 'running');
    if (!container) throw new Error(`no ${service} container runs`);
    const result = capture('docker', ['exec', container.name, ...args], { timeoutMs });
    if (!result.ok) throw new Error(`${args.slice(0, 2).join(' ')} in ${service}: ${result.text.split('\n').slice(-10).join('\n')}`);
    return result.stdout;
  }

  /** Takes the project down, its volumes too. */
  function down() {
    return compose(['down', '-v', '--remove-orphans', '-t', '10'], { timeoutMs: 3 * 60_000 });
  }

  /** Brings the stack up (building the app images unless `build` is false) and waits until every service is healthy; then trusts its certificate. */
  async function up({ build = true, scale = {}, timeoutMs = 25 * 60_000 } = {}) {
    const scaling = Object.entries(scale).flatMap(([s, n]) => ['--scale', `${s}=${n}`]);
    const output = await compose(['up', '-d', ...(build ? ['--build'] : []), ...scaling], { timeoutMs }).catch((error) => {
      // `up` runs the one-shots (the seed); compose names only the services waiting on one that failed.
      throw new Error(`${error.message}${failedOneShotLogs()}`);
    });
    const all = await waitForStack(scale, 5 * 60_000);
    const lb = all.find((c) => c.service === 'lb' && c.status === 'running');
    const certificate = lb && capture('docker', ['exec', lb.name, 'cat', '/run/secrets/tls.crt']);
    if (!certificate?.ok || !certificate.stdout.includes('BEGIN CERTIFICATE')) throw new Error(`no TLS certificate in the load balancer: ${certificate?.text}`);
    tlsCa = certificate.stdout;
    return { output, all };
  }

  return {
    engine,
    project: PROJECT,
    port,
    mailPort,
    turnPort,
    prometheusPort,
    oidcPort,
    base,
    services,
    builtImages,
    composeImages,
    dockerfileImages,
    nodeImage,
    oneShots,
    compose,
    up,
    down,
    containers,
    containerLogs,
    failedOneShotLogs,
    waitForStack,
    http,
    cookieSet,
    captchaToken,
    login,
    openSocket,
    joinRoom,
    appReplicas,
    REDIS_CLI,
    SENTINELS,
    redisPrimary,
    redisReplication,
    waitUntil,
    execIn,
  };
}
