// npm run test:chaos: faults under steady load on the compose stack, each measured. Brings the stack
// up scaled (2 gateways, 3 chat-svc) under its own project name, keeps people talking through the
// load balancer (two in a public room, two in a private chat, each of them sending), and strikes in
// turn: a gateway and a chat-svc replica SIGKILLed, a NATS node killed, the Redis primary killed,
// every Redis container killed and started again together, PostgreSQL restarted. After each it
// waits for every client to be acknowledged again, counts acknowledged messages missing from the
// rooms' history and messages stored twice, notes what /api/health answered meanwhile (asked every
// 500 ms through the load balancer), then lets the stack settle (the killed container started again,
// every service healthy) before the next. A call between the seeded vip and seller stays up
// meanwhile, its heartbeats kept; at the end it is hung up and must be billed once, for connected
// time only. A second call is hung up the moment the NATS node marketplace-svc listens on is killed,
// and must be billed the same way, up to the hang-up. Prints a row per fault and ends with one
// "N passed, N failed" line. About 2-3 minutes with the images built, 7-8 with the build.
//
//   npm run test:chaos                          builds the images, runs every fault
//   npm run test:chaos -- --no-build            the images as last built (built only if missing)
//   npm run test:chaos -- --only=gateway,redis  some faults (gateway, chat-svc, nats, redis, redis-all, postgres)
//   npm run test:chaos -- --keep                leaves the stack running for a look
//   npm run test:chaos -- --skip-unavailable    where no Docker engine can run, says why and skips (CI)
import { createRequire } from 'node:module';
import { mkdirSync, writeFileSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { loadavg, cpus } from 'node:os';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const { ensureDependencies } = require('./lib/deps.js');

const started = Date.now();
const args = process.argv.slice(2);
const keep = args.includes('--keep');
const noBuild = args.includes('--no-build');
const skipUnavailable = args.includes('--skip-unavailable');
const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length).split(',');

ensureDependencies();

const log = require('./lib/log.js');
const { ROOT, run } = require('./lib/run.js');
const { EngineUnavailable, capture, ensureEngine } = require('./lib/docker.js');
const { ensureImages } = require('./lib/standins.js');
const { checkRunner, openComposeStack, seconds } = await import('./lib/compose-stack.mjs');

const PROJECT = process.env.CHAOS_PROJECT ?? 'chatmarket-chaos';
const LOG_DIR = join(ROOT, '.data/logs/chaos');
const COMPOSE_LOG = join(LOG_DIR, 'compose.log');
const DEADLINE = started + Number(process.env.CHAOS_TIMEOUT_MINUTES ?? 45) * 60_000;
const SCALE = { 'chat-svc': 3, gateway: 2 };
/** Each client sends a message this often. */
const SEND_INTERVAL_MS = 400;
/** An answer not come in this long: the send is made again with its clientId, as the web client's outbox does. */
const ANSWER_WAIT_MS = 8000;
/** Every client acknowledged again within this long of a fault, or the fault fails. */
const RECOVERY_LIMIT_MS = 60_000;
const HEALTH_POLL_MS = 500;

run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-b', join(ROOT, 'libs/contracts')]);
const { CALL_HEARTBEAT_INTERVAL_MS, DEMO_PASSWORD, MESSAGE_PAGE_MAX, callChargeCents, priceToCents } = require('@app/contracts');

const { check, failed: checkFailed, tally } = checkRunner(log);
const rows = [];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const secondsTenths = (ms) => `${(ms / 1000).toFixed(1)} s`;


function finish(code) {
  const { passed, failed } = tally();
  if (rows.length) {
    console.log('\n| Fault | Time to recover | Lost | Duplicates | /api/health seen | The call | Result |');
    console.log('|---|---|---|---|---|---|---|');
    for (const row of rows) console.log(`| ${row.fault} | ${row.recovered} | ${row.lost} | ${row.duplicates} | ${row.health} | ${row.call} | ${row.ok ? 'pass' : 'FAIL'} |`);
    console.log('');
  }
  log.step(`Chaos test done in ${seconds(Date.now() - started)}; load average ${loadavg().map((n) => n.toFixed(2)).join(', ')} on ${cpus().length} cores; logs in ${LOG_DIR}`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(code ?? (failed ? 1 : 0));
}

/** A docker command that leaves the event loop free (the clients keep their time meanwhile). */
function docker(dockerArgs, timeoutMs = 120_000) {
  return new Promise((resolve, reject) => {
    execFile('docker', dockerArgs, { timeout: timeoutMs }, (error, stdout, stderr) => {
      if (error) reject(new Error(`docker ${dockerArgs.join(' ')}: ${`${stdout}${stderr}`.trim() || error.message}`));
      else resolve(stdout);
    });
  });
}

// --- the engine and the stack ----------------------------------------------------------------

let engine;
try {
  log.step('Docker engine');
  engine = await ensureEngine();
  log.done(`Docker ${engine.version}, compose: ${engine.compose.join(' ')}`);
} catch (error) {
  if (error instanceof EngineUnavailable && skipUnavailable) {
    log.warn(`No Docker engine can run here: ${error.message}`);
    console.log('Chaos test skipped.');
    console.log('0 passed, 0 failed, 1 skipped');
    process.exit(0);
  }
  log.fail(error instanceof EngineUnavailable ? `No Docker engine can run here: ${error.message}` : error.message);
  checkFailed('Docker engine');
  finish(1);
}

mkdirSync(LOG_DIR, { recursive: true });
writeFileSync(COMPOSE_LOG, '');

let stack;
try {
  stack = await openComposeStack({ engine, project: PROJECT, composeLog: COMPOSE_LOG, deadline: DEADLINE });
} catch (error) {
  log.fail(error.message);
  checkFailed('The compose file');
  finish(1);
}
const { base, port, compose, containers, waitForStack, http, captchaToken, login, openSocket, joinRoom, redisPrimary, redisReplication, SENTINELS, waitUntil, execIn } = stack;
const siteOrigin = `https://localhost:${port}`;
/** The public room the seeded vip and moderator talk in. */
let room;

let tornDown = false;
async function tearDown() {
  if (tornDown || keep) return;
  tornDown = true;
  await takeDown();
}
/** docker compose down -v, and the volumes whatever becomes of the network. */
async function takeDown() {
  try {
    await stack.down();
  } catch (error) {
    // Compose stops before the volumes when the network cannot go: the engine can keep an endpoint
    // of a container killed under it ("has active endpoints" with none listed). The volumes go
    // anyway, so that the next run starts from nothing, not from this one's data.
    log.warn(error.message);
    const volumes = (await docker(['volume', 'ls', '-q', '--filter', `label=com.docker.compose.project=${PROJECT}`]).catch(() => '')).split('\n').filter(Boolean);
    if (volumes.length) await docker(['volume', 'rm', ...volumes]).catch((failure) => log.warn(failure.message));
  }
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    log.warn(`${signal}: taking the stack down`);
    void tearDown().finally(() => finish(1));
  });
}

// --- the clients -----------------------------------------------------------------------------

const runId = `chaos-${Date.now().toString(36)}`;
/** Every client: a person with a socket in one room, sending steadily, reconnecting when dropped. */
const talkers = [];
let stopping = false;

function newTalker(name, session) {
  return { name, session, roomId: null, connection: null, closed: null, acked: [], attempts: [], drops: [], reconnects: [], refused: 0, resent: 0 };
}

/** Opens (again) the talker's socket and joins its room, trying every half second until it works. */
async function connect(talker) {
  // Measured from the drop the close event saw.
  const lostAt = talker.connection ? (talker.drops.at(-1)?.at ?? Date.now()) : null;
  for (;;) {
    if (stopping) return;
    try {
      const connection = await openSocket(talker.session);
      await joinRoom(connection, talker.roomId);
      talker.closed = new Promise((resolve) =>
        connection.socket.once('close', (code) => {
          talker.drops.push({ at: Date.now(), code });
          resolve(null);
        }),
      );
      if (connection.socket.readyState !== 1) throw new Error('closed while joining');
      talker.connection = connection;
      if (lostAt) talker.reconnects.push({ at: Date.now(), tookMs: Date.now() - lostAt });
      return;
    } catch {
      await sleep(500);
    }
  }
}

/** Sends one message until acknowledged: again with its clientId when no answer comes, after a pause when refused. */
async function sendUntilAcked(talker, clientId, content) {
  for (let tries = 0; !stopping; tries++) {
    if (tries > 0) talker.resent++;
    if (!talker.connection || talker.connection.socket.readyState !== 1) await connect(talker);
    if (stopping) return;
    const { connection } = talker;
    const from = connection.frames.length;
    const attempt = { sentAt: Date.now(), ackedAt: null };
    talker.attempts.push(attempt);
    try {
      connection.send({ type: 'send_message', content, clientId });
    } catch {
      continue;
    }
    const answer = await Promise.race([
      connection
        .waitFor((f) => (f.type === 'message_ack' || f.type === 'error') && f.clientId === clientId && connection.frames.indexOf(f) >= from, `answer to ${clientId}`, ANSWER_WAIT_MS)
        .catch(() => null),
      talker.closed,
    ]);
    if (answer?.type === 'message_ack') {
      attempt.ackedAt = Date.now();
      talker.acked.push({ id: answer.message.id, seq: answer.message.seq, clientId, content, at: attempt.ackedAt });
      return;
    }
    if (answer) {
      talker.refused++;
      await sleep(500);
    }
  }
}

async function talk(talker) {
  for (let i = 0; !stopping; i++) {
    const t0 = Date.now();
    const clientId = `${runId}-${talker.name}-${i}`;
    await sendUntilAcked(talker, clientId, `chaos check ${clientId}`);
    await sleep(Math.max(0, SEND_INTERVAL_MS - (Date.now() - t0)));
  }
}

// --- /api/health, asked every 500 ms ---------------------------------------------------------

const healthSeen = [];
let polling = true;
function healthLabel(res) {
  if (res.status === 200 && res.json?.ok) return '200 ok';
  const down = [];
  for (const [name, report] of Object.entries(res.json?.services ?? {})) if (!report.ok) down.push(name);
  for (const part of ['postgres', 'redis', 'nats']) if (res.json?.[part] && !res.json[part].ok) down.push(part);
  if (res.json?.gateway && !res.json.gateway.ok) down.push('gateway');
  return `${res.status}${down.length ? ` ${down.join('+')} down` : ''}`;
}
async function pollHealth() {
  while (polling) {
    const t0 = Date.now();
    let label;
    try {
      label = healthLabel(await http('GET', '/api/health', { timeoutMs: 5000 }));
    } catch (error) {
      label = /no answer within/.test(error.message) ? 'no answer in 5 s' : (error.code ?? error.message);
    }
    healthSeen.push({ at: t0, label });
    await sleep(Math.max(0, HEALTH_POLL_MS - (Date.now() - t0)));
  }
}
function healthBetween(from, to) {
  const counts = new Map();
  for (const { at, label } of healthSeen) if (at >= from && at <= to) counts.set(label, (counts.get(label) ?? 0) + 1);
  return [...counts].map(([label, n]) => `${label} ×${n}`).join(', ') || 'nothing';
}

// --- the rooms' history ----------------------------------------------------------------------

/** Every message of a room after `afterSeq`, as a member reads it over HTTP. */
async function historyAfter(roomId, cookie, afterSeq) {
  const all = [];
  for (let after = afterSeq; ; ) {
    const res = await http('GET', `/api/rooms/${roomId}/messages?afterSeq=${after}&limit=${MESSAGE_PAGE_MAX}`, { cookie });
    if (res.status !== 200 || !Array.isArray(res.json)) throw new Error(`GET /api/rooms/${roomId}/messages: ${res.status} ${res.text.slice(0, 200)}`);
    all.push(...res.json);
    if (res.json.length < MESSAGE_PAGE_MAX) return all;
    after = res.json[res.json.length - 1].seq;
  }
}

/** Acknowledged messages since `from` missing from their room's history, and this run's messages stored more than once. */
async function lostAndRepeated(from) {
  let lost = 0;
  let duplicates = 0;
  const byRoom = new Map();
  for (const talker of talkers) (byRoom.get(talker.roomId) ?? byRoom.set(talker.roomId, []).get(talker.roomId)).push(talker);
  for (const [roomId, members] of byRoom) {
    const acked = members.flatMap((t) => t.acked.filter((m) => m.at >= from));
    if (acked.length === 0) continue;
    const firstSeq = Math.min(...acked.map((m) => m.seq));
    const stored = await historyAfter(roomId, members[0].session.cookie, firstSeq - 1);
    const ids = new Set(stored.map((m) => m.id));
    lost += acked.filter((m) => !ids.has(m.id)).length;
    const contents = new Map();
    for (const m of stored) if (m.content?.startsWith(`chaos check ${runId}`)) contents.set(m.content, (contents.get(m.content) ?? 0) + 1);
    duplicates += [...contents.values()].filter((n) => n > 1).reduce((sum, n) => sum + n - 1, 0);
    // Two sends answered with one message would hide a loss.
    const ackedIds = new Set(acked.map((m) => m.id));
    duplicates += acked.length - ackedIds.size;
  }
  return { lost, duplicates };
}

// --- calls in progress -----------------------------------------------------------------------

/**
 * `buyerName` calls `sellerName` (both seeded; audio), the seller accepts, and both sides report
 * media flowing with a heartbeat every CALL_HEARTBEAT_INTERVAL_MS over their own sockets, which
 * reconnect when dropped, as the call screen does. Fills in `target`, kept up to date.
 */
const newCall = () => ({ session: null, connectedAt: null, ended: null, heartbeats: 0, sides: [], stop: null, earningsBefore: null });
/** The call between the seeded vip and seller, up across every fault. */
const call = newCall();
/** Calls of the run, for the closing of their sockets. */
const calls = [call];
async function startCall(target, siteOrigin, roomId, buyerName, sellerName) {
  const buyer = newTalker(`${buyerName} (call)`, await login(siteOrigin, buyerName, DEMO_PASSWORD));
  const seller = newTalker(`${sellerName} (call)`, await login(siteOrigin, sellerName, DEMO_PASSWORD));
  target.sides = [buyer, seller];
  for (const side of target.sides) {
    side.roomId = roomId;
    await connect(side);
  }
  const profile = await http('GET', '/api/sellers/profile/me', { cookie: seller.session.cookie });
  if (profile.status !== 200 || !profile.json?.id) throw new Error(`GET /api/sellers/profile/me: ${profile.status} ${profile.text.slice(0, 200)}`);
  target.earningsBefore = (await http('GET', '/api/calls/earnings', { cookie: seller.session.cookie })).json?.total;
  const rung = await http('POST', '/api/calls', { origin: siteOrigin, cookie: buyer.session.cookie, body: { sellerId: profile.json.id, callType: 'audio' } });
  if (rung.status !== 201) throw new Error(`POST /api/calls: ${rung.status} ${rung.text.slice(0, 300)}`);
  const accepted = await http('POST', `/api/calls/${rung.json.id}/accept`, { origin: siteOrigin, cookie: seller.session.cookie });
  if (accepted.status !== 200) throw new Error(`POST /api/calls/${rung.json.id}/accept: ${accepted.status} ${accepted.text.slice(0, 300)}`);
  target.session = accepted.json;
  let beating = true;
  const beat = async (side) => {
    while (beating && !target.ended) {
      const t0 = Date.now();
      if (!side.connection || side.connection.socket.readyState !== 1) await connect(side);
      const { connection } = side;
      if (!beating) return;
      const from = connection.frames.length;
      try {
        connection.send({ type: 'call_heartbeat', sessionId: target.session.id, media: 'connected' });
        target.heartbeats++;
      } catch {
        continue;
      }
      // What the server says back meanwhile: connected, or ended with its reason.
      const until = t0 + CALL_HEARTBEAT_INTERVAL_MS;
      while (Date.now() < until && beating) {
        for (const frame of connection.frames.slice(from)) {
          if (frame.type === 'call_connected' && frame.session?.id === target.session.id) target.connectedAt ??= frame.session.connectedAt;
          if (frame.type === 'call_ended' && frame.session?.id === target.session.id) target.ended ??= { ...frame.session, seenAt: Date.now() };
        }
        await sleep(100);
      }
    }
  };
  const beats = target.sides.map(beat);
  target.stop = async () => {
    beating = false;
    await Promise.all(beats);
  };
  await waitUntil(() => target.connectedAt, 'the call did not connect', 30_000);
  return `call ${target.session.id}: ${buyerName} to seller ${profile.json.id} (${sellerName}, ${target.session.pricePerMinute} USD a minute), connected at ${target.connectedAt}`;
}

/**
 * The buyer hangs up: the call screen stops its heartbeats and asks to end the call, again every
 * half second while refused or unanswered (as a person pressing again would), for up to 30 s.
 * Answers when the first press was made and the ended call.
 */
async function hangUp(target, siteOrigin) {
  const [buyer] = target.sides;
  const pressedAt = Date.now();
  // The heartbeats stop at once (the loops end as they next look), the request goes meanwhile.
  const stopped = target.stop();
  const answers = [];
  for (const deadline = pressedAt + 30_000; Date.now() < deadline; await sleep(500)) {
    const ended = await http('POST', `/api/sessions/end-call/${target.session.id}`, { origin: siteOrigin, cookie: buyer.session.cookie, timeoutMs: 10_000 }).catch((error) => ({
      status: error.code ?? error.message,
      text: '',
    }));
    answers.push(ended.status);
    if (ended.status === 200 && ended.json?.state === 'ended') {
      await stopped;
      return { pressedAt, answeredAt: Date.now(), answers, session: ended.json };
    }
    if (typeof ended.status === 'number' && ended.status !== 503 && ended.status < 500) throw new Error(`POST /api/sessions/end-call/${target.session.id}: ${ended.status} ${ended.text.slice(0, 300)}`);
  }
  throw new Error(`POST /api/sessions/end-call/${target.session.id} not answered with the ended call within 30 s: ${answers.join(', ')}`);
}

/**
 * A call hung up (`hungUp`, from hangUp) must be billed once, for connected time only: ended by
 * the hang-up ('completed'), or earlier by the server with its reason (a side silent: 'dropped',
 * billed to its last heartbeat); no later than the first press (a second's grace for the request
 * on its way), so time spent refused is not billed; the charge the price times the billed seconds;
 * and the seller's ledger grown by exactly that one call. Answers a summary, or throws the problems.
 */
async function billedOnce(target, hungUp) {
  const seller = target.sides[1];
  const { session, pressedAt, answeredAt, answers } = hungUp;
  const connectedMs = Date.parse(session.endedAt) - Date.parse(session.connectedAt);
  const problems = [];
  if (target.ended && target.ended.endReason !== session.endReason) problems.push(`the sockets heard ${target.ended.endReason}, the end-call answered ${session.endReason}`);
  if (!target.ended && session.endReason !== 'completed') problems.push(`ended by the hang-up as ${session.endReason}`);
  if (Date.parse(session.endedAt) > pressedAt + 1000) problems.push(`ended at ${session.endedAt}, ${secondsTenths(Date.parse(session.endedAt) - pressedAt)} after the hang-up was pressed`);
  const pressedSeconds = Math.floor((pressedAt + 1000 - Date.parse(session.connectedAt)) / 1000);
  if (session.durationSeconds > Math.floor(connectedMs / 1000) || session.durationSeconds > pressedSeconds) {
    problems.push(`${session.durationSeconds} s billed for ${Math.floor(connectedMs / 1000)} s connected, the hang-up pressed ${pressedSeconds} s after connecting`);
  }
  const cents = callChargeCents(priceToCents(session.pricePerMinute), session.durationSeconds);
  if (Math.round(session.amount * 100) !== cents) problems.push(`${session.amount} USD for ${session.durationSeconds} s at ${session.pricePerMinute} a minute (${cents / 100} expected)`);
  // The ledger: one call more in the seller's earnings, by exactly this call's charge.
  const after = (await http('GET', '/api/calls/earnings', { cookie: seller.session.cookie })).json?.total;
  const before = target.earningsBefore ?? { calls: 0, gross: 0 };
  const calls = after.calls - before.calls;
  const gross = Math.round((after.gross - before.gross) * 100);
  if (session.amount > 0 && (calls !== 1 || gross !== cents)) problems.push(`the seller's earnings grew by ${calls} call(s) and ${gross / 100} USD`);
  if (session.amount === 0 && (calls !== 0 || gross !== 0)) problems.push(`nothing charged, yet the seller's earnings grew by ${calls} call(s) and ${gross / 100} USD`);
  const tries = answers.length > 1 ? ` after ${answers.length} tries (${answers.join(', ')})` : '';
  const summary = `call ${session.id} ${session.endReason}${target.ended ? ` by the server at ${session.endedAt}` : ` when hung up${tries}, answered ${secondsTenths(answeredAt - pressedAt)} after the press`}: ${session.durationSeconds} s billed of ${Math.round(connectedMs / 1000)} s from connected to end, ${session.amount} USD at ${session.pricePerMinute} a minute; the seller's earnings +${calls} call, +${gross / 100} USD; ${target.heartbeats} heartbeats sent`;
  if (problems.length) throw new Error(`${problems.join('; ')}: ${summary}`);
  return summary;
}

/** How the call stands now, for a fault's row. */
function callState(since) {
  if (!call.session) return '';
  const dropped = call.sides.reduce((n, side) => n + side.drops.filter((d) => d.at >= since).length, 0);
  const sockets = dropped ? `, ${dropped} of its sockets dropped and reconnected` : '';
  return call.ended ? `ended (${call.ended.endReason}) at ${call.ended.endedAt}${sockets}` : `still connected${sockets}`;
}

// --- one fault -------------------------------------------------------------------------------

/**
 * Strikes (`strike` answers what it did), waits until every client is acknowledged again for a send
 * made after the strike, lets the stack settle (`settle`), and a few seconds more of traffic; then
 * measures: the longest any client went without an acknowledgement from the strike on, the sockets
 * dropped and how long their reconnection took, acknowledged messages lost and repeated, and what
 * /api/health answered from the strike until the stack was whole again.
 */
async function underFault(fault, strike, settle) {
  const row = { fault, recovered: '-', lost: '-', duplicates: '-', health: '-', call: '-', ok: false };
  rows.push(row);
  await check(`Under load, ${fault}`, async () => {
    const dropsBefore = talkers.map((t) => t.drops.length);
    // The strike marks its moment once it has looked around (those docker calls hold the clients up).
    let faultAt = Date.now();
    const did = await strike(() => (faultAt = Date.now()));
    const struckAt = Date.now();
    const deadline = faultAt + RECOVERY_LIMIT_MS;
    // Every client acknowledged for a send made once the strike was done.
    const back = (t) => t.attempts.some((a) => a.sentAt >= struckAt && a.ackedAt !== null);
    while (!talkers.every(back) && Date.now() < deadline) await sleep(50);
    const recoveredAt = Date.now();
    const stuck = talkers.filter((t) => !back(t)).map((t) => t.name);
    // The longest silence each client had: from the strike to its first acknowledgement, or between two.
    const longest = Math.max(
      ...talkers.map((t) => {
        const acks = t.acked.filter((m) => m.at >= faultAt && m.at <= recoveredAt).map((m) => m.at);
        let gap = 0;
        let last = faultAt;
        for (const at of acks) {
          gap = Math.max(gap, at - last);
          last = at;
        }
        return stuck.includes(t.name) ? recoveredAt - faultAt : gap;
      }),
    );
    row.recovered = stuck.length ? `not within ${seconds(RECOVERY_LIMIT_MS)}` : secondsTenths(longest);
    const settled = await settle();
    await sleep(3000);
    const windowEnd = Date.now();
    row.health = healthBetween(faultAt, windowEnd);
    const { lost, duplicates } = await lostAndRepeated(faultAt);
    row.lost = String(lost);
    row.duplicates = String(duplicates);
    const dropped = talkers.flatMap((t, i) => t.drops.slice(dropsBefore[i]).map(() => t.name));
    const reconnected = talkers.flatMap((t) => t.reconnects.filter((r) => r.at >= faultAt).map((r) => r.tookMs));
    const sockets = dropped.length
      ? `${dropped.length} socket(s) dropped (${dropped.join(', ')}), reconnected in ${reconnected.map(secondsTenths).join(', ') || 'never'}`
      : 'no socket dropped';
    row.call = callState(faultAt) || '-';
    const sent = talkers.reduce((sum, t) => sum + t.acked.filter((m) => m.at >= faultAt && m.at <= windowEnd).length, 0);
    const summary = `${did}; every client acknowledged again, the longest silence ${row.recovered}; ${sockets}; ${sent} acknowledged, ${lost} lost, ${duplicates} repeated; /api/health: ${row.health}${settled ? `; ${settled}` : ''}${call.session ? `; the call ${row.call}` : ''}`;
    if (stuck.length) throw new Error(`${stuck.join(', ')} not acknowledged again within ${seconds(RECOVERY_LIMIT_MS)}: ${summary}`);
    if (dropped.length > reconnected.length) throw new Error(`not every dropped socket came back: ${summary}`);
    if (lost || duplicates) throw new Error(summary);
    row.ok = true;
    return summary;
  });
}

function running(service) {
  const container = containers().find((c) => c.service === service && c.status === 'running');
  if (!container) throw new Error(`no ${service} container runs`);
  return container.name;
}

/** The killed container started again, and every service healthy at its scale. */
async function restartAndSettle(victim) {
  const t0 = Date.now();
  await docker(['start', victim]);
  await waitForStack(SCALE, 3 * 60_000);
  return `${victim} started again, the stack healthy in ${seconds(Date.now() - t0)}`;
}

const FAULTS = {
  gateway: () => {
    let victim;
    let killedAt;
    return underFault(
      'a gateway SIGKILLed',
      async (mark) => {
        victim = running('gateway');
        const on = talkers.length;
        mark();
        killedAt = Date.now();
        await docker(['kill', '-s', 'KILL', victim]);
        // Requests made the moment it died: nginx shares each among the addresses it still holds, the dead one too.
        const took = await Promise.all(
          Array.from({ length: 8 }, async () => {
            const t0 = Date.now();
            const res = await http('GET', '/api/health', { timeoutMs: 10_000 }).catch((error) => ({ status: error.message }));
            return { ms: Date.now() - t0, status: res.status };
          }),
        );
        const slowest = Math.max(...took.map((t) => t.ms));
        const statuses = [...new Set(took.map((t) => t.status))].join(', ');
        return `${victim} killed with ${on} clients talking; 8 requests made at once then answered ${statuses}, the slowest in ${secondsTenths(slowest)}`;
      },
      async () => {
        // What nginx met meanwhile: each try at the dead address it gave up on (and went to the next) is in its error log.
        const since = String(Math.floor(killedAt / 1000));
        const settled = await restartAndSettle(victim);
        const lines = capture('docker', ['logs', '--since', since, running('lb')]).text.split('\n').filter((line) => line.includes('while connecting to upstream'));
        // "upstream timed out (110: Connection timed out)", "connect() failed (113: No route to host)", ...: counted by kind.
        const kinds = new Map();
        for (const line of lines) {
          const kind = /\((\d+: [^)]+)\)/.exec(line)?.[1] ?? 'other';
          kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
        }
        const counted = [...kinds].map(([kind, n]) => `${kind} ×${n}`).join(', ');
        return `nginx gave up on a gateway's address ${lines.length} time(s)${counted ? ` (${counted})` : ''}; ${settled}`;
      },
    );
  },
  'chat-svc': () => {
    let victim;
    return underFault(
      'a chat-svc replica SIGKILLed',
      async (mark) => {
        victim = running('chat-svc');
        mark();
        await docker(['kill', '-s', 'KILL', victim]);
        return `${victim} killed`;
      },
      () => restartAndSettle(victim),
    );
  },
  nats: async () => {
    // A second call, hung up by its buyer the moment the NATS node marketplace-svc listens on is
    // killed: the end-call request meets the service moving to another node.
    const second = newCall();
    calls.push(second);
    const calling = await check('A second call, expert01 to expert02, answered and connected before the NATS fault', async () => {
      const started = await startCall(second, siteOrigin, room.id, 'expert01', 'expert02');
      await sleep(3000);
      return started;
    });
    let victim;
    let hanging;
    await underFault(
      calling ? "the NATS node marketplace-svc listens on killed, a call hung up meanwhile" : 'a NATS node killed',
      async (mark) => {
        const nodes = ['nats', 'nats-2', 'nats-3'].map((service) => ({
          service,
          connections: JSON.parse(execIn(service, ['wget', '-q', '-O', '-', 'http://127.0.0.1:8222/connz?limit=1024'], 15_000)).connections ?? [],
        }));
        // With a call to hang up, the node of marketplace-svc's listening connection (its other one, for its own requests, holds
        // fewer subscriptions); else the one the most clients are on.
        const subscriptions = (node) => Math.max(0, ...node.connections.filter((c) => c.name === 'marketplace-svc').map((c) => c.subscriptions ?? 0));
        const listening = (node) => subscriptions(node) > 0 && nodes.every((other) => subscriptions(other) <= subscriptions(node));
        const chosen = (calling && nodes.find(listening)) || [...nodes].sort((a, b) => b.connections.length - a.connections.length)[0];
        victim = running(chosen.service);
        mark();
        await docker(['kill', '-s', 'KILL', victim]);
        if (calling) {
          hanging = hangUp(second, siteOrigin);
          hanging.catch(() => {});
        }
        return `${victim} killed with ${chosen.connections.length} clients on it${listening(chosen) ? ', marketplace-svc listening there' : ''}${calling ? '; the second call hung up at once' : ''}`;
      },
      () => restartAndSettle(victim),
    );
    if (calling) {
      await check('The second call, hung up as the NATS node went: billed once, up to the hang-up, not for the outage', async () => billedOnce(second, await hanging));
    }
  },
  redis: () => {
    let victim;
    let primary;
    let replica;
    return underFault(
      'the Redis primary killed',
      async (mark) => {
        primary = redisPrimary();
        replica = primary === 'redis' ? 'redis-replica' : 'redis';
        victim = running(primary);
        mark();
        await docker(['kill', '-s', 'KILL', victim]);
        return `${victim} killed`;
      },
      async () => {
        await waitUntil(() => redisPrimary() === replica && redisReplication(replica).role === 'master', `${replica} not promoted`, 60_000);
        const settled = await restartAndSettle(victim);
        await waitUntil(() => {
          const state = redisReplication(primary);
          return state.role === 'slave' && state.master_host === replica && state.master_link_status === 'up';
        }, `${primary} started again did not follow ${replica}`, 60_000);
        return `${replica} promoted; ${settled}; ${primary} follows ${replica}`;
      },
    );
  },
  'redis-all': () => {
    const nodes = ['redis', 'redis-replica', ...SENTINELS];
    let victims;
    return underFault(
      'every Redis container killed and started again together',
      async (mark) => {
        victims = nodes.map(running);
        mark();
        // As the machine holding them all losing power: no shutdown, the append-only files as last written.
        await docker(['kill', '-s', 'KILL', ...victims]);
        await docker(['start', ...victims]);
        return `${victims.join(', ')} killed and started again`;
      },
      async () => {
        const t0 = Date.now();
        await waitForStack(SCALE, 3 * 60_000);
        // One primary again, the other node following it, and nobody signed out (the sessions came back from the append-only file).
        const primary = await waitUntil(() => {
          const named = redisPrimary();
          const other = named === 'redis' ? 'redis-replica' : 'redis';
          const state = redisReplication(other);
          return redisReplication(named).role === 'master' && state.role === 'slave' && state.master_host === named && state.master_link_status === 'up' && named;
        }, 'the Redis set whole again (a primary and its replica)', 60_000);
        for (const talker of talkers) {
          const me = await http('GET', '/api/users/me', { cookie: talker.session.cookie });
          if (me.status !== 200) throw new Error(`${talker.name} signed out: GET /api/users/me ${me.status} ${me.text.slice(0, 200)}`);
        }
        return `the stack healthy and ${primary} the primary with its replica in ${seconds(Date.now() - t0)}; every client still signed in`;
      },
    );
  },
  postgres: () =>
    underFault(
      'PostgreSQL restarted',
      async (mark) => {
        const victim = running('postgres');
        mark();
        const t0 = Date.now();
        await docker(['restart', victim]);
        return `docker restart ${victim} (${secondsTenths(Date.now() - t0)})`;
      },
      async () => {
        const t0 = Date.now();
        await waitForStack(SCALE, 3 * 60_000);
        return `the stack healthy in ${seconds(Date.now() - t0)}`;
      },
    ),
};

// --- the run ---------------------------------------------------------------------------------

log.step(`Stack "${PROJECT}" on ${base} (compose output: ${COMPOSE_LOG}); load average ${loadavg().map((n) => n.toFixed(2)).join(', ')}`);
// What an earlier run left, its data too.
await takeDown();

let health;
const traffic = [];
try {
  const imagesOk = await check('Images the compose file and the Dockerfile name', async () => {
    const outcome = ensureImages([...stack.dockerfileImages, ...stack.composeImages], { logDir: LOG_DIR, nodeImage: stack.nodeImage });
    return `${Object.keys(outcome).length} images`;
  });
  if (!imagesOk) throw new Error('images missing');

  // --no-build reuses the images as last built (test:compose's, in CI); one never built is built here.
  const unbuilt = [...stack.builtImages].filter((image) => !capture('docker', ['image', 'inspect', image]).ok);
  const build = !noBuild || unbuilt.length > 0;
  if (noBuild && build) log.warn(`--no-build, but ${unbuilt.join(', ')} never built here: building`);
  const up = await check(`docker compose up${build ? ' --build' : ''} scaled to ${Object.entries(SCALE).map(([s, n]) => `${s}=${n}`).join(', ')}: every replica healthy`, async () => {
    const t0 = Date.now();
    await stack.up({ build, scale: SCALE });
    return `in ${seconds(Date.now() - t0)}`;
  });
  if (!up) throw new Error('stack did not come up');

  const talking = await check('Four people talking through the load balancer: two in a public room, two in a private chat', async () => {
    const rooms = await http('GET', '/api/rooms');
    // A room every member may enter: the seeded VIP Lounge is for premium roles only.
    room = rooms.json?.find((r) => !r.vipOnly);
    if (!room) throw new Error(`no public room: ${rooms.status} ${rooms.text.slice(0, 200)}`);
    // Regular members may send only so many messages an hour in a public room: there, the seeded vip and moderator.
    const publicPeople = [newTalker('vip', await login(siteOrigin, 'vip', DEMO_PASSWORD)), newTalker('moderator', await login(siteOrigin, 'moderator', DEMO_PASSWORD))];
    const privatePeople = [];
    for (const name of ['a', 'b']) {
      const username = `${runId.replace(/-/g, '_')}_${name}`.slice(0, 30);
      const password = 'chaos-check-2026';
      const res = await http('POST', '/api/auth/register', {
        origin: siteOrigin,
        body: { username, email: `${username}@example.com`, password, confirmPassword: password, captchaResponse: await captchaToken(siteOrigin) },
      });
      if (res.status !== 201 || !res.cookie) throw new Error(`sign-up of ${username}: ${res.status} ${res.text}`);
      privatePeople.push(newTalker(username, { user: res.json.user, cookie: res.cookie, origin: siteOrigin }));
    }
    for (const talker of [...publicPeople, ...privatePeople]) {
      talker.roomId = room.id;
      await connect(talker);
    }
    // The private chat, started from the public room where the two met.
    const [a, b] = privatePeople;
    const chat = await http('POST', '/api/rooms/private', { origin: siteOrigin, cookie: a.session.cookie, body: { userId: b.session.user.id, originRoomId: room.id } });
    if (![200, 201].includes(chat.status) || !chat.json?.id) throw new Error(`POST /api/rooms/private: ${chat.status} ${chat.text.slice(0, 300)}`);
    for (const talker of privatePeople) {
      talker.roomId = chat.json.id;
      await joinRoom(talker.connection, chat.json.id);
    }
    talkers.push(...publicPeople, ...privatePeople);
    health = pollHealth();
    traffic.push(...talkers.map(talk));
    await sleep(5000);
    const acked = talkers.map((t) => `${t.name} ${t.acked.length}`);
    if (talkers.some((t) => t.acked.length === 0)) throw new Error(`not every client is acknowledged: ${acked.join(', ')}`);
    return `"${room.name}": vip and moderator; private chat ${chat.json.id}: ${a.name} and ${b.name}; acknowledged in the first 5 s: ${acked.join(', ')}`;
  });
  if (!talking) throw new Error('no traffic');

  const calling = await check('A call between the seeded vip and seller, answered and connected, its heartbeats kept up across the faults', () => startCall(call, siteOrigin, room.id, 'vip', 'seller'));

  for (const [name, fault] of Object.entries(FAULTS)) {
    if (only && !only.includes(name)) continue;
    if (Date.now() > DEADLINE) break;
    await fault();
  }

  if (calling) {
    await check('The call after the faults: billed once, for connected time only', async () => billedOnce(call, await hangUp(call, siteOrigin)));
  }

  await check('After the faults: every acknowledged message of the run stored once', async () => {
    const { lost, duplicates } = await lostAndRepeated(0);
    const total = talkers.reduce((sum, t) => sum + t.acked.length, 0);
    const summary = `${total} acknowledged (${talkers.map((t) => `${t.name} ${t.acked.length}`).join(', ')}), ${lost} lost, ${duplicates} repeated; ${talkers.reduce((s, t) => s + t.resent, 0)} sent again, ${talkers.reduce((s, t) => s + t.refused, 0)} refused for a moment`;
    if (lost || duplicates) throw new Error(summary);
    return summary;
  });
} catch (error) {
  log.fail(error.message);
} finally {
  stopping = true;
  polling = false;
  for (const c of calls) {
    await c.stop?.();
    for (const side of c.sides) side.connection?.close();
  }
  for (const talker of talkers) talker.connection?.close();
  await Promise.race([Promise.all([...traffic, health]), sleep(15_000)]);
  if (!keep) {
    await check('docker compose down -v: no container or volume left', async () => {
      await tearDown();
      const filter = ['--filter', `label=com.docker.compose.project=${PROJECT}`];
      const left = (await Promise.all([docker(['ps', '-aq', ...filter]), docker(['volume', 'ls', '-q', ...filter])])).flatMap((out) => out.split('\n')).filter(Boolean);
      if (left.length) throw new Error(`left behind: ${left.join(' ')}`);
      const network = (await docker(['network', 'ls', '-q', ...filter])).trim();
      // An empty network is harmless and the next run takes it over; only the engine's restart frees it.
      return network ? `the network ${network} stays: the engine holds an endpoint of a container gone` : '';
    });
  } else {
    log.warn(`--keep: the stack stays up at ${base}; take it down with: ${engine.compose.join(' ')} -p ${PROJECT} down -v`);
  }
}
finish();
