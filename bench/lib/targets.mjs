// The two systems under load: the product (every app as a process, as npm start runs them,
// on a private NATS, Redis and databases of this run) and the bare ws broadcast baseline.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { AccountPool } from './accounts.mjs';

const require = createRequire(import.meta.url);
const { freePort, startNatsServer, startRedisServer } = require('@app/testing');
const { dropDatabase, ensureDatabase } = require('@app/server');
const { startStack } = require('../../scripts/lib/stack.js');

const machinePostgresUrl = () => process.env.TEST_POSTGRES_URL ?? process.env.POSTGRES_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432';

const HERE = dirname(fileURLToPath(import.meta.url));
const SERVICE_DATABASES = ['auth', 'chat', 'marketplace', 'media'];
/** A full collection of every process takes well under a second; this only keeps a hung run from waiting forever. */
const MARK_TIMEOUT_MS = 30_000;

/** This process's event loop, where the clients run (see eventLoopDelays). */
const LOOP_RESOLUTION_MS = 10;
const clientsLoop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
clientsLoop.enable();

function readFileSyncOr(file, fallback) {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return fallback;
  }
}

/** Targets not stopped yet, so that a run cut short (time limit, Ctrl-C) leaves nothing behind. */
const running = new Set();

export async function stopAllTargets() {
  await Promise.all([...running].map((stop) => stop().catch(() => undefined)));
}

function tracked(stop) {
  const once = async () => {
    running.delete(once);
    await stop();
  };
  running.add(once);
  return once;
}

export async function startChatTarget({ gateways, chatReplicas, runId, profileDir, postgresUrl = machinePostgresUrl() }) {
  const dbPrefix = `bench_${runId}_`;
  const workDir = mkdtempSync(join(tmpdir(), 'bench-stack-'));
  const marksDir = join(workDir, 'marks');
  mkdirSync(marksDir);
  const marksHandled = new Map();
  const [nats, redis] = await Promise.all([startNatsServer(), startRedisServer()]);
  const ports = [];
  for (let i = 0; i < gateways; i++) ports.push(await freePort());
  let stack;
  const stop = tracked(async () => {
    await stack?.stop();
    nats.process.kill('SIGKILL');
    redis.process.kill('SIGKILL');
    await Promise.all(SERVICE_DATABASES.map((name) => dropDatabase(`${postgresUrl}/${dbPrefix}${name}`).catch(() => undefined)));
    rmSync(nats.dir, { recursive: true, force: true });
    rmSync(workDir, { recursive: true, force: true });
  });
  try {
    stack = await startStack({
      natsUrl: nats.url,
      redisUrl: redis.url,
      postgresUrl,
      dbPrefix,
      mediaPort: await freePort(),
      gatewayPorts: ports,
      chatReplicas,
      webDist: join(workDir, 'no-spa'),
      logDir: join(workDir, 'logs'),
      s3Dir: join(workDir, 's3'),
      logLevel: 'warn',
      echo: process.env.BENCH_ECHO ?? 'none',
      // Every simulated person connects from loopback: one address making the whole crowd. The
      // account pool is reused across workloads, so its vips open far more rooms than a person would.
      env: {
        SIGNUPS_PER_ADDRESS_PER_HOUR: '100000',
        GUESTS_PER_ADDRESS_PER_HOUR: '100000',
        CAPTCHAS_PER_ADDRESS_PER_MINUTE: '100000',
        // The pool's sign-ups are set-up, not the load measured: a cheap proof of work.
        POW_MAX_NUMBER: '1000',
        PUBLIC_ROOMS_PER_USER_PER_DAY: '100000',
        PRIVATE_CHATS_PER_USER_PER_HOUR: '100000',
        // The saturation climb goes past what the flood guard lets one person send (saturation.mjs).
        MESSAGES_PER_USER_PER_10_SECONDS: '100000',
        // ... and past the gateway's frames per socket (200 in 10 s), which the top steps of 20
        // and 25 messages/s per sender would otherwise meet first.
        WS_FRAMES_PER_10_SECONDS: '100000',
        NODE_OPTIONS: `--expose-gc --require ${join(HERE, 'measure-hook.cjs')}`,
        MEASURE_MARKS_DIR: marksDir,
        ...(profileDir ? { CPU_PROFILE_DIR: profileDir } : {}),
      },
    });
  } catch (error) {
    await stop();
    throw error;
  }
  const baseUrls = ports.map((port) => `http://127.0.0.1:${port}`);
  const pool = new AccountPool(baseUrls[0], nats.url, runId);
  const pidsOf = (prefix) => [...stack.processes.values()].filter((e) => e.name.startsWith(prefix)).map((e) => e.child.pid);
  const brokerPids = () => [nats.process.pid, redis.process.pid];

  return {
    name: 'chat system',
    pool,
    natsUrl: nats.url,
    /** A socket of one person on the gateway i. */
    member(session, sends, i = 0) {
      const base = baseUrls[i % baseUrls.length];
      return { url: `${base.replace(/^http/, 'ws')}/ws`, headers: { cookie: session.cookie, origin: base }, userId: session.user.id, sends };
    },
    /** Variables a gateway gets from its next start on. */
    setGatewayEnv(env) {
      for (const index of ports.keys()) Object.assign(stack.processes.get(stack.processName('gateway', index)).env, env);
    },
    /**
     * Vip senders and guest readers, spread over the gateways, in new public rooms; or, for a
     * workload of private chats, pairs of registered members, each pair in a private room of
     * its own started through the API from a public room they met in.
     */
    async layout(workload, tag) {
      if (workload.private) return this.privateLayout(workload, tag);
      const { rooms, members, senders } = workload;
      await pool.ensure({ vips: rooms * senders, guests: rooms * (members - senders) });
      const layout = [];
      let connection = 0;
      for (let r = 0; r < rooms; r++) {
        const vips = pool.vips.slice(r * senders, (r + 1) * senders);
        const guests = pool.guests.slice(r * (members - senders), (r + 1) * (members - senders));
        const id = await pool.createRoom(vips[0], `Bench ${tag} ${r}`, Math.min(500, members * 2));
        const member = (session, sends) => this.member(session, sends, connection++);
        layout.push({ id, members: [...vips.map((s) => member(s, true)), ...guests.map((s) => member(s, false))] });
      }
      return layout;
    },
    async privateLayout(workload, tag) {
      const { rooms } = workload;
      await pool.ensure({ vips: 1, users: rooms * 2 });
      const lobby = await pool.createRoom(pool.vips[0], `Bench ${tag} lobby`, 500);
      const pairs = Array.from({ length: rooms }, (_, r) => [pool.users[2 * r], pool.users[2 * r + 1]]);
      const ids = await pool.startPrivateChats(pairs, lobby);
      let connection = 0;
      return pairs.map((pair, r) => ({ id: ids[r], members: pair.map((session) => this.member(session, true, connection++)) }));
    },
    /** New gateway processes, so that a workload's memory per connection starts from a clean baseline. */
    async fresh() {
      for (const [index, port] of ports.entries()) {
        await this.restartGateway(index);
        await stack.waitHealthy(port);
      }
    },
    /** SIGTERM, and started again at once: its sockets decide when it is back, not its health check. */
    async restartGateway(index = 0) {
      const name = stack.processName('gateway', index);
      await stack.kill(name);
      stack.restart(name);
    },
    /**
     * A measurement starts: garbage is collected and profiles start afresh (see measure-hook.cjs).
     * Answers once every process has done so, so that their pauses fall before the measurement.
     */
    async markMeasurement({ reading = false } = {}) {
      if (reading) writeFileSync(join(marksDir, 'reading'), '');
      else rmSync(join(marksDir, 'reading'), { force: true });
      const pids = [...stack.processes.values()].filter((entry) => !entry.exited).map((entry) => entry.child.pid);
      const expected = new Map(pids.map((pid) => [pid, (marksHandled.get(pid) ?? 0) + 1]));
      for (const pid of pids) process.kill(pid, 'SIGWINCH');
      const handled = (pid) => Number(readFileSyncOr(join(marksDir, String(pid)), '0')) >= expected.get(pid);
      const deadline = Date.now() + MARK_TIMEOUT_MS;
      while (!pids.every(handled)) {
        if (Date.now() > deadline) throw new Error(`processes ${pids.filter((pid) => !handled(pid)).join(', ')} did not handle the measurement mark within ${MARK_TIMEOUT_MS} ms`);
        await sleep(20);
      }
      for (const [pid, count] of expected) marksHandled.set(pid, count);
    },
    /**
     * How long each Node process's event loop was held up since the last mark, by process name
     * (measure-hook.cjs): a reading mark, which neither collects garbage nor restarts profiles.
     */
    async eventLoopDelays() {
      await this.markMeasurement({ reading: true });
      // As in measure-hook.cjs: a sample less the sampling interval is how late the loop was.
      const ms = (ns) => Math.max(0, Math.round(ns / 1e4) / 100 - LOOP_RESOLUTION_MS);
      // The clients' own loop too: a stall there delays what they measure, on every server alike.
      const clients = { name: 'bench clients', p50: ms(clientsLoop.percentile(50)), p99: ms(clientsLoop.percentile(99)), max: ms(clientsLoop.max) };
      clientsLoop.reset();
      return [
        ...[...stack.processes.values()]
          .filter((entry) => !entry.exited)
          .map((entry) => ({ name: entry.name, ...JSON.parse(readFileSyncOr(join(marksDir, `${entry.child.pid}.loop`), 'null') ?? {}) }))
          .filter((entry) => entry.max !== undefined),
        clients,
      ];
    },
    /** Sockets live in the gateways. */
    connectionPids: () => pidsOf('gateway'),
    /** Every process of the send path that this run started (PostgreSQL is the machine's and not counted). */
    serverPids: () => [...pidsOf('gateway'), ...pidsOf('chat-svc'), ...pidsOf('auth-svc'), ...brokerPids()],
    /** The processes of one app (gateway, chat-svc, ...), by the name its processes start with. */
    pidsOf,
    brokerPids,
    stop,
  };
}

/** A peer server process (prints "listening <port>" when ready) that fresh() starts anew. */
async function startPeerProcess(script, args) {
  const startServer = async () => {
    const server = spawn(process.execPath, [join(HERE, '..', script), ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise((resolve, reject) => {
      server.once('exit', (code) => reject(new Error(`${script} exited (${code})`)));
      createInterface({ input: server.stdout }).on('line', (line) => line.startsWith('listening') && resolve());
    });
    return server;
  };
  const stopServer = async (server) => {
    server.removeAllListeners('exit');
    if (server.exitCode !== null) return;
    await new Promise((resolve) => {
      server.once('exit', resolve);
      server.kill('SIGTERM');
    });
  };
  let child = await startServer();
  return {
    pid: () => child.pid,
    async fresh() {
      await stopServer(child);
      child = await startServer();
    },
    stop: () => stopServer(child),
  };
}

/** Rooms of anonymous members numbered by the generator: the peers trust the auth frame's userId. */
function peerLayout(url, protocol) {
  let nextRoom = 1;
  let nextUser = 1;
  return (workload) =>
    Array.from({ length: workload.rooms }, () => ({
      id: nextRoom++,
      members: Array.from({ length: workload.members }, (_, i) => ({ url, protocol, headers: {}, userId: nextUser++, sends: i < workload.senders })),
    }));
}

export async function startBareTarget() {
  const port = await freePort();
  const server = await startPeerProcess('bare-broadcast-server.mjs', [String(port)]);
  return {
    name: 'bare ws',
    layout: peerLayout(`ws://127.0.0.1:${port}/`, 'json'),
    /** A new server process, as the chat system gets new gateways. */
    fresh: server.fresh,
    connectionPids: () => [server.pid()],
    serverPids: () => [server.pid()],
    stop: tracked(server.stop),
  };
}

/** Socket.IO with the Redis adapter and PostgreSQL storage, on its own Redis and database of this run. */
export async function startSocketIoTarget({ runId, postgresUrl = machinePostgresUrl() }) {
  const databaseUrl = `${postgresUrl}/bench_${runId}_sio`;
  const [port, redis] = await Promise.all([freePort(), startRedisServer(), ensureDatabase(databaseUrl)]);
  let server;
  const stop = tracked(async () => {
    await server?.stop();
    redis.process.kill('SIGKILL');
    await dropDatabase(databaseUrl).catch(() => undefined);
  });
  try {
    server = await startPeerProcess('socketio-peer-server.mjs', [String(port), redis.url, databaseUrl]);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    name: 'Socket.IO peer',
    layout: peerLayout(`ws://127.0.0.1:${port}/socket.io/?EIO=4&transport=websocket`, 'socket.io'),
    fresh: server.fresh,
    connectionPids: () => [server.pid()],
    /** The server and its Redis (PostgreSQL is the machine's and not counted, as for the chat system). */
    serverPids: () => [server.pid(), redis.process.pid],
    stop,
  };
}
