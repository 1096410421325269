// Many ws clients on loopback: every member of every room connects, signs in (auth) and joins;
// senders then send at a fixed rate without waiting for answers (open loop), and every
// member records each new_message: which arrived, in which order, how long after it was sent.
import { readFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import WebSocket from 'ws';

const CONNECT_CONCURRENCY = 50;
const CLIENT_SETUP_TIMEOUT_MS = 30_000;
export const CLOCK_TICKS_PER_SECOND = 100;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Names a run's databases and accounts apart from any other run's. */
export const newRunId = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

export const describeMachine = () => `${cpus().length} cores (${cpus()[0]?.model.trim()}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;

/** Resident memory and CPU time (ticks) of some processes, summed. */
export function processStats(pids) {
  let rssBytes = 0;
  let cpuTicks = 0;
  for (const pid of pids) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      rssBytes += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
      // Fields after the command name: utime and stime are the 12th and 13th.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      cpuTicks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the process is gone: it counts for nothing
    }
  }
  return { rssBytes, cpuTicks };
}

function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** One measurement: what the clients of a run saw. */
class Recorder {
  constructor() {
    this.sent = new Map();
    this.latencies = [];
    this.deliveries = 0;
    this.acks = 0;
    this.outOfOrder = 0;
    this.errors = {};
  }

  onFrame(client, frame) {
    if (frame.type === 'new_message') {
      const message = frame.message;
      if (message.seq !== client.lastSeq + 1) this.outOfOrder++;
      client.lastSeq = Math.max(client.lastSeq, message.seq);
      const sent = this.sent.get(message.clientId);
      if (!sent || sent.senderUserId === client.member.userId) return;
      const now = performance.now();
      sent.received++;
      sent.lastAt = now;
      this.latencies.push(now - sent.at);
      this.deliveries++;
    } else if (frame.type === 'message_ack') {
      const sent = this.sent.get(frame.clientId);
      if (sent && !sent.acked) {
        sent.acked = true;
        this.acks++;
      }
    } else if (frame.type === 'error') {
      this.errors[frame.code] = (this.errors[frame.code] ?? 0) + 1;
      const sent = this.sent.get(frame.clientId);
      if (sent) sent.refused = true;
    }
  }

  /** Grows with every acknowledgement and delivery: while it moves, the backlog is being worked off. */
  progress() {
    return this.deliveries + this.acks;
  }

  settled() {
    for (const sent of this.sent.values()) if (!sent.refused && (!sent.acked || sent.received < sent.expected)) return false;
    return true;
  }
}

/**
 * How a target's frames travel. The chat system and the bare server take the frames as JSON
 * text; the Socket.IO peer wraps the same objects in Socket.IO event packets (`42["frame",{...}]`)
 * and opens with the Engine.IO handshake, so one client serves all three.
 */
export const PROTOCOLS = {
  json: {
    /** The socket is ready for the auth frame once it is open. */
    readyOnOpen: true,
    encode: (frame) => JSON.stringify(frame),
    decode: (data) => JSON.parse(data.toString()),
  },
  'socket.io': {
    readyOnOpen: false,
    encode: (frame) => `42${JSON.stringify(['frame', frame])}`,
    /** Answers the handshake and pings itself; answers a frame, { type: 'connected' } or null. */
    decode(data, ws) {
      const text = data.toString();
      if (text.startsWith('42')) return JSON.parse(text.slice(2))[1];
      if (text === '2') ws.send('3');
      else if (text.startsWith('40')) return { type: 'connected' };
      else if (text.startsWith('0')) ws.send('40');
      return null;
    },
  },
};

/** A client's frames go to the recorder of the step under way (client.recorder). */
export function openClient(member, roomId, recorder) {
  const protocol = PROTOCOLS[member.protocol ?? 'json'];
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(member.url, { headers: member.headers, perMessageDeflate: false });
    const client = { ws, member, roomId, lastSeq: 0, ready: false, recorder, send: (frame) => ws.send(protocol.encode(frame)) };
    const timer = setTimeout(() => fail(new Error(`client ${member.userId} not in room ${roomId} after ${CLIENT_SETUP_TIMEOUT_MS} ms`)), CLIENT_SETUP_TIMEOUT_MS);
    const fail = (error) => {
      clearTimeout(timer);
      ws.terminate();
      reject(error);
    };
    ws.on('error', fail);
    ws.on('open', () => protocol.readyOnOpen && client.send({ type: 'auth', userId: member.userId }));
    ws.on('message', (data) => {
      const frame = protocol.decode(data, ws);
      if (!frame) return;
      if (client.ready) return client.recorder.onFrame(client, frame);
      if (frame.type === 'connected') client.send({ type: 'auth', userId: member.userId });
      else if (frame.type === 'auth_success') client.send({ type: 'join_room', roomId });
      else if (frame.type === 'room_joined') {
        clearTimeout(timer);
        client.ready = true;
        client.lastSeq = frame.room.lastSeq ?? 0;
        resolve(client);
      } else if (frame.type === 'error') fail(new Error(`client ${member.userId}: ${frame.code} ${frame.message}`));
    });
  });
}

async function inBatches(items, task) {
  const results = [];
  for (let i = 0; i < items.length; i += CONNECT_CONCURRENCY) {
    results.push(...(await Promise.all(items.slice(i, i + CONNECT_CONCURRENCY).map(task))));
  }
  return results;
}

/** Connects every member of the workload's rooms on the target (all joined before anyone sends). */
export async function connectWorkload({ target, workload, tag }) {
  const rooms = await target.layout(workload, tag);
  const beforeConnect = processStats(target.connectionPids());
  const clients = await inBatches(
    rooms.flatMap((room) => room.members.map((member) => ({ member, roomId: room.id }))),
    // Frames between the joins and the first measurement (presence) go to a recorder nobody reads.
    ({ member, roomId }) => openClient(member, roomId, new Recorder()),
  );
  await sleep(1000); // the joins' presence frames settle before anything is measured
  const connected = processStats(target.connectionPids());
  return { clients, memoryPerConnectionKiB: (connected.rssBytes - beforeConnect.rssBytes) / 1024 / clients.length };
}

export async function closeClients(clients) {
  await Promise.all(clients.map((c) => new Promise((resolve) => {
    if (c.ws.readyState === WebSocket.CLOSED) return resolve();
    c.ws.once('close', resolve);
    c.ws.close();
  })));
}

/**
 * Until every acknowledged message reached every member, or nothing moved for stallMs (what
 * is still missing then is lost). A backlog that is still being worked off is waited for.
 */
async function drain(recorder, stallMs) {
  let progress = recorder.progress();
  let movedAt = performance.now();
  while (!recorder.settled()) {
    await sleep(50);
    const now = recorder.progress();
    if (now !== progress) {
      progress = now;
      movedAt = performance.now();
    } else if (performance.now() - movedAt > stallMs) return;
  }
}

/**
 * One period of open-loop sending on connected clients and its figures: every sender sends
 * ratePerSender messages/s for sendSeconds, then the deliveries drain.
 */
export async function measureSending({ target, clients, members, ratePerSender, tag, sendSeconds, stallMs = 5000 }) {
  const recorder = new Recorder();
  for (const client of clients) client.recorder = recorder;
  const intervalMs = 1000 / ratePerSender;
  const senders = clients.filter((c) => c.member.sends);
  const serverStart = processStats(target.serverPids());
  const holdersStart = processStats(target.connectionPids());
  const ownStart = process.cpuUsage();
  // The clients share one event loop: its delay is part of every latency measured here.
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const startedAt = performance.now();
  const timers = senders.map((client, index) => {
    let n = 0;
    const tick = () => {
      const clientId = `${tag}-${index}-${++n}`;
      recorder.sent.set(clientId, { at: performance.now(), senderUserId: client.member.userId, expected: members - 1, received: 0, acked: false });
      client.send({ type: 'send_message', content: `Load test message ${n} from sender ${index}`, clientId });
    };
    // Senders start spread over one interval, as people would, not all on the same tick.
    const handle = { interval: undefined };
    handle.start = setTimeout(() => {
      tick();
      handle.interval = setInterval(tick, intervalMs);
    }, Math.random() * intervalMs);
    return handle;
  });
  await sleep(sendSeconds * 1000);
  for (const handle of timers) {
    clearTimeout(handle.start);
    clearInterval(handle.interval);
  }
  const sendingMs = performance.now() - startedAt;
  const serverEnd = processStats(target.serverPids());
  const holdersEnd = processStats(target.connectionPids());
  const own = process.cpuUsage(ownStart);
  loopDelay.disable();
  await drain(recorder, stallMs);

  const messages = [...recorder.sent.values()];
  const acked = messages.filter((m) => m.acked);
  const expected = acked.reduce((sum, m) => sum + m.expected, 0);
  const received = acked.reduce((sum, m) => sum + Math.min(m.received, m.expected), 0);
  const latencies = Float64Array.from(recorder.latencies).sort();
  const toAll = Float64Array.from(acked.filter((m) => m.received >= m.expected).map((m) => m.lastAt - m.at)).sort();
  const seconds = sendingMs / 1000;
  return {
    connections: clients.length,
    sent: messages.length,
    acked: acked.length,
    /** Sends the server answered with an error: the sender was told, so they are not lost. */
    refusedSends: messages.filter((m) => m.refused).length,
    refused: recorder.errors,
    expectedDeliveries: expected,
    lost: expected - received,
    outOfOrder: recorder.outOfOrder,
    deliveredPerSecond: recorder.deliveries / seconds,
    latencyMs: { p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: latencies.at(-1) ?? null },
    toEveryReceiverMs: { p50: percentile(toAll, 50), p99: percentile(toAll, 99) },
    serverCpuPercent: ((serverEnd.cpuTicks - serverStart.cpuTicks) / CLOCK_TICKS_PER_SECOND / seconds) * 100,
    /** CPU time of the processes that write to the sockets (gateways; the peer server) per delivery. */
    holderCpuMicrosPerDelivery: recorder.deliveries ? ((holdersEnd.cpuTicks - holdersStart.cpuTicks) / CLOCK_TICKS_PER_SECOND / recorder.deliveries) * 1e6 : null,
    generatorCpuPercent: ((own.user + own.system) / 1e6 / seconds) * 100,
    generatorLoopDelayP99Ms: loopDelay.percentile(99) / 1e6,
  };
}

/**
 * Runs one workload against one target and answers its figures.
 * workload: { rooms, members, senders, ratePerSender }; target: { layout(workload, tag), connectionPids(), serverPids() }.
 */
export async function runWorkload({ target, workload, tag, sendSeconds }) {
  const { clients, memoryPerConnectionKiB } = await connectWorkload({ target, workload, tag });
  try {
    const figures = await measureSending({ target, clients, members: workload.members, ratePerSender: workload.ratePerSender, tag, sendSeconds });
    return { ...figures, memoryPerConnectionKiB };
  } finally {
    await closeClients(clients);
  }
}
