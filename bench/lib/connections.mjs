// What one gateway holds: N signed-in sockets joined to rooms of 100, each its own guest, as
// browser tabs would be. It measures the gateway's memory per connection, the connect rate and
// its CPU at idle; then restarts the gateway while messages are sent, and times until every
// socket is back in its room with every message it missed (the web client's reconnect policy).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { connect } from 'nats';
import WebSocket from 'ws';
import { natsRequest } from './accounts.mjs';
import { CLOCK_TICKS_PER_SECOND, describeMachine, newRunId, processStats } from './load-generator.mjs';
import { startChatTarget } from './targets.mjs';

const require = createRequire(import.meta.url);
const { ChatPatterns, PRESENCE_HEARTBEAT_MS } = require('@app/contracts');
const { freePort } = require('@app/testing');

const ROOM_SIZE = 100;
const SMOKE_ROOM_SIZE = 20;
const CONNECT_CONCURRENCY = 200;
/** The gateway pings every 25 s: an idle window that long sees one round of pings. */
const IDLE_WINDOW_MS = 25_000;
const SMOKE_IDLE_WINDOW_MS = 2_000;
const RESTART_TARGET_MS = 30_000;
const RESUME_TIMEOUT_MS = 240_000;
const SEND_TIMEOUT_MS = 60_000;
const PER_CONNECTION_TARGET_KIB = 16;
/**
 * The web client's reconnect policy (apps/web/src/lib/socket.ts, from the spec): 1 s × 2^attempt
 * up to 30 s, and it gives up after 5 attempts. These sockets keep trying, so that the time until
 * all are back can be measured, and count those that a browser would have given up on.
 */
const MAX_RECONNECT_ATTEMPTS = 5;
const reconnectDelay = (attempt) => Math.min(1000 * 2 ** attempt, 30_000);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function openFileLimits() {
  const line = readFileSync('/proc/self/limits', 'utf8').split('\n').find((l) => l.startsWith('Max open files'));
  const [soft, hard] = line.split(/\s{2,}/).slice(1, 3).map((v) => (v === 'unlimited' ? Infinity : Number(v)));
  return { soft, hard };
}

/**
 * Every socket is a file on each side: the generator holds N, the gateway N. The soft limit
 * (ulimit -n) is raised to the hard one for this process, so the processes it starts inherit it.
 */
export function raiseOpenFileLimit(needed) {
  let { soft, hard } = openFileLimits();
  if (soft < needed && soft < hard) {
    const to = hard === Infinity ? 'unlimited' : hard;
    spawnSync('prlimit', ['--pid', String(process.pid), `--nofile=${to}:${to}`], { stdio: 'ignore' });
    ({ soft, hard } = openFileLimits());
  }
  if (soft < needed) throw new Error(`${needed} open files are needed and ulimit -n allows ${soft} (hard limit ${hard}): raise the hard limit or ask for fewer --sockets`);
  return soft;
}

/** A tab's socket: signs in, joins its room, and after any drop comes back and asks for what it missed. */
class TabSocket {
  constructor(member, roomId, stats) {
    this.member = member;
    this.roomId = roomId;
    this.stats = stats;
    this.lastSeq = null;
    this.attempt = 0;
    this.inRoom = false;
    this.stopped = false;
    this.browserWouldGiveUp = false;
    this.rejoining = false;
    this.joinAttempt = 0;
  }

  open() {
    this.inRoom = false;
    this.ws = new WebSocket(this.member.url, { headers: this.member.headers, perMessageDeflate: false });
    this.ws.on('open', () => this.ws.send(JSON.stringify({ type: 'auth', userId: this.member.userId })));
    this.ws.on('message', (data) => this.onFrame(JSON.parse(data.toString())));
    this.ws.on('error', () => undefined); // the close that follows decides
    this.ws.on('close', (code) => this.onClose(code));
  }

  onFrame(frame) {
    if (this.stats.frames) this.stats.frames[frame.type] = (this.stats.frames[frame.type] ?? 0) + 1;
    if (frame.type === 'auth_success') {
      this.joinAttempt = 0;
      this.join();
    } else if (frame.type === 'room_joined') {
      if (this.lastSeq === null) this.lastSeq = frame.room.lastSeq;
    } else if (frame.type === 'room_messages') {
      // On the first join that is the room's history; on a rejoin, what was missed since lastSeq.
      if (this.rejoining) for (const message of frame.messages) this.take(message);
      this.attempt = 0;
      this.inRoom = true;
    } else if (frame.type === 'new_message') {
      this.take(frame.message);
    } else if (frame.type === 'error') {
      this.stats.errors[frame.code] = (this.stats.errors[frame.code] ?? 0) + 1;
      // A refused join (chat-svc too busy to answer in time) is tried again as a reconnect would be.
      if (!this.inRoom) setTimeout(() => this.join(), reconnectDelay(this.joinAttempt++));
    }
  }

  join() {
    if (this.ws.readyState !== WebSocket.OPEN) return;
    this.rejoining = this.lastSeq !== null;
    this.ws.send(JSON.stringify({ type: 'join_room', roomId: this.roomId, ...(this.rejoining ? { lastSeq: this.lastSeq } : {}) }));
  }

  take(message) {
    if (message.seq <= this.lastSeq) this.stats.repeated++;
    else if (message.seq > this.lastSeq + 1) this.stats.gaps++;
    this.lastSeq = Math.max(this.lastSeq, message.seq);
  }

  onClose(code) {
    this.inRoom = false;
    if (this.stopped) return;
    this.stats.closeCodes[code] = (this.stats.closeCodes[code] ?? 0) + 1;
    if (this.attempt >= MAX_RECONNECT_ATTEMPTS) this.browserWouldGiveUp = true;
    setTimeout(() => this.open(), reconnectDelay(this.attempt++));
  }

  close() {
    this.stopped = true;
    this.ws.close();
  }
}

/** Until every tab satisfies the test, or the time runs out; answers how many did not. */
async function waitForAll(tabs, test, timeoutMs) {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const behind = tabs.filter((t) => !test(t)).length;
    if (behind === 0 || performance.now() > deadline) return behind;
    await sleep(50);
  }
}

async function heapUsedBytes(metricsPort) {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  return Number(/^nodejs_heap_size_used_bytes (\S+)/m.exec(text)?.[1]);
}

const actorOf = (session) => ({ id: session.user.id, username: session.user.username, avatar: null, role: session.user.role });

/**
 * The rooms' owners are in their rooms through another gateway (this one's NATS connection,
 * keeping its presence alive as a gateway does): they can send while the measured one restarts.
 */
async function ownersOnAnotherGateway(nc, rooms, instance) {
  const beat = () => natsRequest(nc, ChatPatterns.Heartbeat, { instance }).catch(() => undefined);
  await beat();
  const timer = setInterval(beat, PRESENCE_HEARTBEAT_MS);
  for (const [i, room] of rooms.entries()) {
    await natsRequest(nc, ChatPatterns.JoinRoom, { actor: actorOf(room.owner), roomId: room.id, instance, socketId: `owner-${i}` });
  }
  return () => clearInterval(timer);
}

/** One message into each room through chat-svc (as the room's owner): what the sockets must then have. */
async function sendToRooms(nc, rooms, tag) {
  const seqs = await Promise.all(
    rooms.map(async (room, i) => {
      const message = await natsRequest(nc, ChatPatterns.SendMessage, {
        roomId: room.id,
        content: `Connections check ${tag} ${i}`,
        clientId: `${tag}-${i}`,
        actor: actorOf(room.owner),
        // A gateway going away sends chat-svc a leave for each of its sockets first.
      }, SEND_TIMEOUT_MS);
      return [room.id, message.seq];
    }),
  );
  return new Map(seqs);
}

export async function runConnections({ sockets, smoke = false, heapSnapshotDir, profileDir, log }) {
  const roomSize = smoke ? SMOKE_ROOM_SIZE : ROOM_SIZE;
  const idleMs = smoke ? SMOKE_IDLE_WINDOW_MS : IDLE_WINDOW_MS;
  const fileLimit = raiseOpenFileLimit(sockets + 1000);
  const runId = newRunId();
  const loadBefore = loadavg()[0];
  log(`Starting the chat system (1 gateway); open files allowed: ${fileLimit}`);
  const target = await startChatTarget({ gateways: 1, chatReplicas: 1, runId, profileDir });
  const tabs = [];
  let nc;
  let stopOwners = () => undefined;
  try {
    const roomCount = Math.ceil(sockets / roomSize);
    log(`Creating ${sockets} guests and ${roomCount} rooms`);
    const accountsStarted = performance.now();
    await target.pool.ensure({ vips: roomCount, guests: sockets });
    const accountsSeconds = (performance.now() - accountsStarted) / 1000;
    const rooms = [];
    for (let r = 0; r < roomCount; r++) {
      const owner = target.pool.vips[r];
      rooms.push({ id: await target.pool.createRoom(owner, `Connections ${runId} ${r}`, roomSize * 2), owner });
    }

    // A new gateway with its metrics endpoint, so that its memory starts from a clean baseline.
    nc = await connect({ servers: target.natsUrl, name: 'bench-connections' });
    stopOwners = await ownersOnAnotherGateway(nc, rooms, `bench-gateway-${runId}`);

    const metricsPort = await freePort();
    target.setGatewayEnv({ METRICS_PORT: String(metricsPort), ...(heapSnapshotDir ? { HEAP_SNAPSHOT_DIR: heapSnapshotDir } : {}) });
    await target.fresh();
    const [gatewayPid] = target.connectionPids();
    // Memory is read after the gateway collected its garbage (measure-hook.cjs), so that it counts what is kept.
    const keptMemory = async () => {
      await target.markMeasurement();
      return { ...processStats([gatewayPid]), heap: await heapUsedBytes(metricsPort) };
    };
    const before = await keptMemory();

    const stats = { gaps: 0, repeated: 0, errors: {}, closeCodes: {} };
    for (let i = 0; i < sockets; i++) tabs.push(new TabSocket(target.member(target.pool.guests[i], false), rooms[Math.floor(i / roomSize)].id, stats));
    log(`Connecting ${sockets} sockets`);
    const connectStarted = performance.now();
    for (let i = 0; i < tabs.length; i += CONNECT_CONCURRENCY) {
      const batch = tabs.slice(i, i + CONNECT_CONCURRENCY);
      for (const tab of batch) tab.open();
      const behind = await waitForAll(batch, (t) => t.inRoom, 60_000);
      if (behind > 0) throw new Error(`sockets ${i}-${i + batch.length} did not all get into their rooms`);
    }
    const connectSeconds = (performance.now() - connectStarted) / 1000;
    log(`Idle for ${idleMs / 1000} s`);
    const idleStart = processStats([gatewayPid]);
    await sleep(idleMs);
    const idleEnd = processStats([gatewayPid]);
    const connected = await keptMemory();
    const idleCpuPercent = ((idleEnd.cpuTicks - idleStart.cpuTicks) / CLOCK_TICKS_PER_SECOND / (idleMs / 1000)) * 100;

    log('One message into every room, live');
    const liveSeqs = await sendToRooms(nc, rooms, `${runId}-live`);
    const liveBehind = await waitForAll(tabs, (t) => t.lastSeq >= liveSeqs.get(t.roomId), 30_000);

    log('Restarting the gateway, with one more message into every room while it is down');
    // With --profile, the CPU profiles cover the restart and the sockets coming back, nothing before.
    if (profileDir) await target.markMeasurement();
    const restartStarted = performance.now();
    stats.frames = {};
    const restarting = target.restartGateway();
    await waitForAll(tabs, (t) => !t.inRoom, 30_000);
    const outageSeqs = await sendToRooms(nc, rooms, `${runId}-outage`);
    await restarting;
    const back = (t) => t.inRoom && t.lastSeq >= outageSeqs.get(t.roomId);
    // The first socket back says when the gateway served again; the last, when the restart was over.
    const firstBack = waitForAll([tabs], (all) => all.some(back), RESUME_TIMEOUT_MS).then(() => (performance.now() - restartStarted) / 1000);
    const notBackInTarget = await waitForAll(tabs, back, RESTART_TARGET_MS - (performance.now() - restartStarted));
    const notBack = notBackInTarget && (await waitForAll(tabs, back, RESUME_TIMEOUT_MS - RESTART_TARGET_MS));
    const backSeconds = (performance.now() - restartStarted) / 1000;
    const restartFrames = stats.frames;
    stats.frames = undefined;
    const firstBackSeconds = await firstBack;
    if (heapSnapshotDir) {
      // measure-hook.cjs writes it on SIGURG. Writing blocks the gateway for seconds, so it comes
      // after every reading: the restarted gateway, with the sockets back in their rooms and idle.
      log(`Heap snapshot of the gateway into ${heapSnapshotDir}`);
      process.kill(target.connectionPids()[0], 'SIGURG');
      const written = () => readdirSync(heapSnapshotDir).some((f) => f.endsWith('.heapsnapshot'));
      const deadline = performance.now() + 300_000;
      while (!written() && performance.now() < deadline) await sleep(500);
    }

    return {
      date: new Date().toISOString(),
      machine: describeMachine(),
      load: `1-minute load average ${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after`,
      sockets,
      rooms: roomCount,
      roomSize,
      idleSeconds: idleMs / 1000,
      fileLimit,
      accountsSeconds,
      connectSeconds,
      connectsPerSecond: sockets / connectSeconds,
      rssPerConnectionKiB: (connected.rssBytes - before.rssBytes) / 1024 / sockets,
      heapPerConnectionKiB: (connected.heap - before.heap) / 1024 / sockets,
      gatewayRssMiB: connected.rssBytes / 2 ** 20,
      idleCpuPercent,
      liveBehind,
      firstBackSeconds,
      backSeconds,
      notBack,
      notBackInTarget,
      browserWouldGiveUp: tabs.filter((t) => t.browserWouldGiveUp).length,
      gaps: stats.gaps,
      repeated: stats.repeated,
      errors: stats.errors,
      closeCodes: stats.closeCodes,
      restartFrames,
    };
  } finally {
    for (const tab of tabs) tab.close();
    stopOwners();
    await nc?.close();
    await target.stop();
  }
}

const kib = (v) => `${v.toFixed(1)} KiB`;

export function formatConnections(r) {
  const missed = (ok, text) => (ok ? 'met' : `**not met**: ${text}`);
  return [
    `Run ${r.date} on ${r.machine}; ${r.load}; open files allowed per process ${r.fileLimit}.`,
    '',
    `| ${r.sockets} signed-in sockets on one gateway, in ${r.rooms} rooms of ${r.roomSize} | |`,
    '|---|---|',
    `| resident memory per connection | ${kib(r.rssPerConnectionKiB)} (target ≤ ${PER_CONNECTION_TARGET_KIB} KiB: ${missed(r.rssPerConnectionKiB <= PER_CONNECTION_TARGET_KIB, `${(r.rssPerConnectionKiB / PER_CONNECTION_TARGET_KIB).toFixed(2)}× the target`)}) |`,
    `| JavaScript heap per connection | ${kib(r.heapPerConnectionKiB)} |`,
    `| gateway resident memory with all connected | ${r.gatewayRssMiB.toFixed(0)} MiB |`,
    `| connect rate (open, auth, join_room answered) | ${r.connectsPerSecond.toFixed(0)}/s (${r.connectSeconds.toFixed(1)} s for all, ${CONNECT_CONCURRENCY} at a time) |`,
    `| gateway CPU at idle (${r.idleSeconds} s${r.idleSeconds * 1000 >= IDLE_WINDOW_MS ? ', one round of pings' : ''}) | ${r.idleCpuPercent.toFixed(1)} % of one core |`,
    `| live message to every room: sockets that did not get it | ${r.liveBehind} |`,
    `| restart: first socket back in its room | ${r.firstBackSeconds.toFixed(1)} s |`,
    `| restart: every socket back in its room with the message sent while it was down | ${r.notBack === 0 ? `${r.backSeconds.toFixed(1)} s` : `${r.notBack} not back after ${(RESUME_TIMEOUT_MS / 1000).toFixed(0)} s`} (target ≤ ${RESTART_TARGET_MS / 1000} s: ${missed(r.notBack === 0 && r.backSeconds * 1000 <= RESTART_TARGET_MS, `${r.backSeconds.toFixed(1)} s`)}) |`,
    `| restart: sockets back within ${RESTART_TARGET_MS / 1000} s | ${r.sockets - r.notBackInTarget} of ${r.sockets} |`,
    `| messages lost (gaps) / repeated | ${r.gaps} / ${r.repeated} |`,
    `| restart: sockets that needed more than the web client's ${MAX_RECONNECT_ATTEMPTS} attempts (a browser would have given up) | ${r.browserWouldGiveUp} |`,
    `| close codes the sockets saw at the restart | ${Object.entries(r.closeCodes).map(([code, n]) => `${n} × ${code}`).join(', ')} |`,
    `| frames the sockets got from the restart until all were back | ${Object.entries(r.restartFrames).sort((a, b) => b[1] - a[1]).map(([type, n]) => `${n} × ${type}`).join(', ')} |`,
    `| (setting up: ${r.sockets} guests and ${r.rooms} room owners) | ${r.accountsSeconds.toFixed(0)} s |`,
    ...(Object.keys(r.errors).length ? ['', `Error frames the sockets got (a refused join is tried again, 1 s × 2^attempt): ${Object.entries(r.errors).map(([code, n]) => `${n} × ${code}`).join(', ')}`] : []),
  ].join('\n');
}

/** Anything lost, repeated or left behind fails the run; the memory and time targets are reported, not enforced. */
export function connectionProblems(r) {
  return [
    ...(r.liveBehind > 0 ? [`${r.liveBehind} sockets did not get the live message`] : []),
    ...(r.gaps > 0 ? [`${r.gaps} gaps (messages lost)`] : []),
    ...(r.repeated > 0 ? [`${r.repeated} messages repeated`] : []),
    ...(r.notBack > 0 ? [`${r.notBack} sockets not back after the restart`] : []),
  ];
}
