// npm run test:compose: the compose file, run for real. Makes sure a Docker engine runs (installing
// and starting Debian's when it can), pulls the images compose names or builds stand-ins for them
// when their registry cannot be reached (scripts/lib/standins.js), brings the stack up on a free
// loopback port, checks it as a browser would, scales it, checks again, backs it up, wipes and
// restores its data, and takes it all down, volumes too. Ends with one "N passed, N failed" line.
//
//   npm run test:compose                        fails when no engine can run here
//   npm run test:compose -- --skip-unavailable  says why and skips instead (CI)
//   npm run test:compose -- --keep              leaves the stack running for a look
import { createRequire } from 'node:module';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { lookup as dnsLookup } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { isDeepStrictEqual } from 'node:util';

const require = createRequire(import.meta.url);
const { ensureDependencies } = require('./lib/deps.js');

const started = Date.now();
const args = process.argv.slice(2);
const skipUnavailable = args.includes('--skip-unavailable');
const keep = args.includes('--keep');

ensureDependencies();

const log = require('./lib/log.js');
const { ROOT, run } = require('./lib/run.js');
const { EngineUnavailable, ensureEngine, capture } = require('./lib/docker.js');
const { ensureImages } = require('./lib/standins.js');
const { checkRunner, openComposeStack, seconds } = await import('./lib/compose-stack.mjs');

const PROJECT = process.env.COMPOSE_TEST_PROJECT ?? 'chatmarket-test';
const LOG_DIR = join(ROOT, '.data/logs/compose');
const COMPOSE_LOG = join(LOG_DIR, 'compose.log');
/** The whole run, however it goes; a cold machine (engine, stand-ins, image) needs about 10 minutes. */
const DEADLINE = started + Number(process.env.COMPOSE_TEST_TIMEOUT_MINUTES ?? 40) * 60_000;
const SCALE = { 'chat-svc': 3, gateway: 2 };
// The seeded accounts' password, from where the seed takes it, and the person at the stand-in
// sign-in provider as the API tests drive it (@app/testing, with the contracts and the server lib it builds on).
run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-b', join(ROOT, 'libs/testing')]);
const { DEMO_PASSWORD, OIDC_LANDING_PATH, REMEMBER_ME_TTL_SECONDS } = require('@app/contracts');
// That module alone: the rest of @app/testing starts test servers this script has no use for.
const { answerAtProvider } = require('@app/testing/dist/oidc-provider.js');

const { check, failed: checkFailed, tally } = checkRunner(log);


function finish(code) {
  const { passed, failed } = tally();
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
const { port, mailPort, turnPort, prometheusPort, oidcPort, base, builtImages, composeImages, dockerfileImages, nodeImage } = stack;
const { compose, containers, failedOneShotLogs, waitForStack, http, cookieSet, captchaToken, login, openSocket, joinRoom, appReplicas } = stack;
const { REDIS_CLI, SENTINELS, redisPrimary, redisReplication, waitUntil, execIn } = stack;

let tornDown = false;
async function tearDown() {
  if (tornDown || keep) return;
  tornDown = true;
  await stack.down().catch((error) => log.warn(error.message));
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    log.warn(`${signal}: taking the stack down`);
    void tearDown().finally(() => finish(1));
  });
}

const imagesOk = await check('Images the compose file and the Dockerfile name', async () => {
  const outcome = ensureImages([...dockerfileImages, ...composeImages], { logDir: LOG_DIR, nodeImage });
  const byKind = {};
  for (const [ref, kind] of Object.entries(outcome)) (byKind[kind] ??= []).push(ref);
  return Object.entries(byKind)
    .map(([kind, refs]) => `${kind}: ${refs.join(', ')}`)
    .join('; ');
});
if (!imagesOk) finish(1);

/** Browsers take every name under localhost for this machine (RFC 6761); this machine's resolver need not. */
function browserLookup(hostname, options, callback) {
  if (hostname !== 'localhost' && !hostname.endsWith('.localhost')) return dnsLookup(hostname, options, callback);
  if (options.all) return callback(null, [{ address: '127.0.0.1', family: 4 }]);
  return callback(null, '127.0.0.1', 4);
}

/**
 * One request of the browser at the development sign-in provider (plain http, at
 * oidc.localhost): its redirects answered, not followed, as a fetch Response for @app/testing's
 * answerAtProvider, which keeps the provider's cookies.
 */
function browserRequest(url, init = {}) {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    if (target.protocol !== 'http:') return reject(new Error(`the browser was sent to ${url}`));
    const headers = Object.fromEntries(Object.entries(init.headers ?? {}).filter(([, value]) => value !== ''));
    const req = httpRequest(target, { method: init.method ?? 'GET', headers, lookup: browserLookup, timeout: 20_000 }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const answer = new Headers();
        for (let i = 0; i < res.rawHeaders.length; i += 2) answer.append(res.rawHeaders[i], res.rawHeaders[i + 1]);
        const response = new Response([204, 304].includes(res.statusCode) ? null : Buffer.concat(chunks), { status: res.statusCode, headers: answer });
        Object.defineProperty(response, 'url', { value: url });
        resolve(response);
      });
    });
    req.on('timeout', () => req.destroy(new Error(`${init.method ?? 'GET'} ${url}: no answer within 20 s`)));
    req.on('error', reject);
    req.end(init.body);
  });
}

/**
 * A sign-in with the development provider, as the page and the browser make it: the site's
 * start (which sets the browser's oidc_browser cookie), the provider's sign-in page filled in
 * as `identity`, its redirects, and the callback on the site with that cookie. Answers where the
 * callback sent the browser and the session it set, if any.
 */
async function providerSignIn(origin, identity, body) {
  const started = await http('POST', '/api/auth/oidc/local/start', { origin, body });
  if (started.status !== 200 || !started.json?.url) throw new Error(`POST /api/auth/oidc/local/start: ${started.status} ${started.text}`);
  const provider = new URL(started.json.url).origin;
  if (provider !== `http://oidc.localhost:${oidcPort}`) throw new Error(`the start sent the browser to ${provider}, not to the stand-in at http://oidc.localhost:${oidcPort}`);
  const binding = cookieSet(started, 'oidc_browser');
  if (!binding) throw new Error('the start set no oidc_browser cookie');
  const callback = await answerAtProvider(started.json.url, identity, browserRequest);
  const back = await http('GET', callback, { cookie: binding });
  if (back.status !== 302) throw new Error(`the callback answered ${back.status}: ${back.text.slice(0, 300)}`);
  return { location: back.headers.location ?? '', cookie: back.cookie, sidCookie: back.sidCookie };
}

/** Waits until Prometheus has every replica of every app as a target, each scraped and up. */
async function prometheusTargets(wanted, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  let summary = 'no answer';
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${prometheusPort}/api/v1/targets?state=active`, { signal: AbortSignal.timeout(5000) });
      const targets = (await res.json()).data.activeTargets;
      const byJob = {};
      for (const target of targets) (byJob[target.labels.job] ??= []).push(target.health);
      summary = Object.entries(byJob).map(([job, health]) => `${job} ${health.filter((h) => h === 'up').length}/${health.length} up`).join(', ');
      const done = Object.entries(wanted).every(([job, n]) => byJob[job]?.length === n && byJob[job].every((h) => h === 'up'));
      if (done && Object.keys(byJob).length === Object.keys(wanted).length) return summary;
    } catch (error) {
      summary = error.message;
    }
    await new Promise((r) => setTimeout(r, 2000));
  }
  throw new Error(`Prometheus targets not all up within ${seconds(timeoutMs)}: ${summary}`);
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

/** Messages each chat-svc replica stored, as Prometheus last scraped them, by instance (a killed one's last scrape). */
async function storedByReplica() {
  const query = encodeURIComponent('sum by (instance) (max_over_time(chat_messages_stored_total{job="chat-svc"}[10m]))');
  const res = await fetch(`http://127.0.0.1:${prometheusPort}/api/v1/query?query=${query}`, { signal: AbortSignal.timeout(5000) });
  const body = await res.json();
  return Object.fromEntries(body.data.result.map((r) => [r.metric.instance, Number(r.value[1])]));
}

/** Waits until two readings a scrape apart agree: every replica's last sends are in. */
async function settledStoredByReplica(timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let last = await storedByReplica();
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 6000));
    const now = await storedByReplica();
    if (JSON.stringify(now) === JSON.stringify(last)) return now;
    last = now;
  }
  throw new Error(`Prometheus's counts of stored messages did not settle within ${seconds(timeoutMs)}`);
}

/**
 * Two senders write steadily into one room through the load balancer while a listener reads it,
 * and `fault` strikes meanwhile (it is given the acknowledged sends so far, the total and every
 * attempt with when it was sent and, once acknowledged, when). A send whose answer is lost is sent
 * again with its clientId, as the web client's outbox does; one refused (a dependency away for a
 * moment) is sent again after a pause, as a person would. Throws unless every send is acknowledged
 * once, the listener gets each exactly once with no sequence number missing, and no socket was
 * dropped; answers what happened.
 */
async function steadySendsThrough(siteOrigin, fault) {
  const PER_SENDER = 80;
  const INTERVAL_MS = 250;
  const GIVE_UP_MS = 60_000;
  const senders = [await login(siteOrigin, 'vip', DEMO_PASSWORD), await login(siteOrigin, 'moderator', DEMO_PASSWORD)];
  const listener = await openSocket(session);
  const sockets = [listener];
  let resent = 0;
  let refused = 0;
  let slowest = 0;
  const acked = [];
  const attempts = [];
  const dropped = [];
  try {
    await joinRoom(listener, room.id);
    const connections = [];
    for (const sender of senders) {
      const connection = await openSocket(sender);
      sockets.push(connection);
      await joinRoom(connection, room.id);
      connections.push(connection);
    }
    for (const connection of sockets) connection.socket.once('close', (code) => dropped.push(code));
    const sendUntilStored = async (connection, clientId, content) => {
      const started = Date.now();
      let tries = 0;
      while (Date.now() - started < GIVE_UP_MS) {
        if (tries++ > 0) resent++;
        const from = connection.frames.length;
        const attempt = { sentAt: Date.now(), ackedAt: null };
        attempts.push(attempt);
        connection.send({ type: 'send_message', content, clientId });
        const answer = await connection
          .waitFor((f) => (f.type === 'message_ack' || f.type === 'error') && f.clientId === clientId && connection.frames.indexOf(f) >= from, `answer to ${clientId}`, 12_000)
          .catch(() => null);
        if (answer?.type === 'message_ack') {
          attempt.ackedAt = Date.now();
          slowest = Math.max(slowest, attempt.ackedAt - started);
          return answer.message;
        }
        if (answer) {
          refused++;
          await new Promise((r) => setTimeout(r, INTERVAL_MS));
        }
      }
      throw new Error(`${clientId} was not stored within ${seconds(GIVE_UP_MS)} (${tries} attempts)`);
    };
    const run = `fault-${Date.now()}`;
    const total = PER_SENDER * senders.length;
    const sending = Promise.all(
      connections.map(async (connection, s) => {
        for (let i = 0; i < PER_SENDER; i++) {
          const started = Date.now();
          acked.push(await sendUntilStored(connection, `${run}-${s}-${i}`, `fault check ${run} ${s}/${i}`));
          await new Promise((r) => setTimeout(r, Math.max(0, INTERVAL_MS - (Date.now() - started))));
        }
      }),
    );
    const [, struck] = await Promise.all([sending, fault(acked, total, attempts)]);
    const ids = new Set(acked.map((m) => m.id));
    if (ids.size !== acked.length) throw new Error(`${acked.length - ids.size} sends acknowledged as another send's message`);
    const seqs = acked.map((m) => m.seq).sort((a, b) => a - b);
    if (seqs[seqs.length - 1] - seqs[0] !== seqs.length - 1) throw new Error(`sequence numbers ${seqs[0]}..${seqs[seqs.length - 1]} for ${seqs.length} messages: some skipped`);
    await Promise.all(acked.map((m) => listener.waitFor((f) => f.type === 'new_message' && f.message?.id === m.id, `message ${m.seq} at the listener`, 30_000)));
    const delivered = listener.frames.filter((f) => f.type === 'new_message' && ids.has(f.message?.id));
    if (delivered.length !== acked.length) throw new Error(`the listener got ${delivered.length} frames for ${acked.length} messages`);
    if (dropped.length > 0) throw new Error(`${dropped.length} socket(s) dropped (close codes ${dropped.join(', ')})`);
    return `${acked.length} sends, all acknowledged and delivered once in order, no socket dropped (${struck}; ${resent} sent again, ${refused} of them after a refusal, the slowest acknowledged in ${seconds(slowest)})`;
  } finally {
    for (const connection of sockets) connection.close();
  }
}

/** Under load, a third of the way in, one chat-svc replica is killed; every replica stored a share (Prometheus's counts, before and after). */
async function replicaKillUnderLoad(siteOrigin) {
  const before = await settledStoredByReplica();
  const outcome = await steadySendsThrough(siteOrigin, async (acked, total) => {
    const shared = async () => Object.entries(await storedByReplica()).filter(([instance, n]) => n > (before[instance] ?? 0)).length >= SCALE['chat-svc'];
    while (acked.length < total / 3 || !(await shared())) {
      if (acked.length >= total) throw new Error('the sends ended before every replica had stored a share');
      await new Promise((r) => setTimeout(r, 500));
    }
    const killed = containers().find((c) => c.service === 'chat-svc' && c.status === 'running')?.name ?? 'none';
    const ackedAtKill = acked.length;
    capture('docker', ['kill', killed]);
    return `${killed} killed after ${ackedAtKill}`;
  });
  const after = await settledStoredByReplica();
  const shares = Object.entries(after).map(([instance, n]) => [instance, n - (before[instance] ?? 0)]);
  if (shares.length < SCALE['chat-svc'] || shares.some(([, n]) => n <= 0)) throw new Error(`not every replica stored a share: ${JSON.stringify(shares)}`);
  return `${outcome}; stored by replica, as last scraped: ${shares.map(([i, n]) => `${i} ${n}`).join(', ')}`;
}

/**
 * Under load, a third of the way in, the NATS node the most clients are on is killed (the others
 * carry on; every client was given all three), then started again so the cluster is whole.
 */
async function natsNodeKillUnderLoad(siteOrigin) {
  const busiest = () => {
    const counts = ['nats', 'nats-2', 'nats-3'].map((service) => {
      const out = execIn(service, ['wget', '-q', '-O', '-', 'http://127.0.0.1:8222/varz'], 15_000);
      return [service, JSON.parse(out).connections];
    });
    return counts.sort((a, b) => b[1] - a[1])[0];
  };
  let victim = null;
  try {
    return await steadySendsThrough(siteOrigin, async (acked, total) => {
      while (acked.length < total / 3) await new Promise((r) => setTimeout(r, 250));
      const [service, connections] = busiest();
      victim = containers().find((c) => c.service === service && c.status === 'running')?.name;
      const ackedAtKill = acked.length;
      capture('docker', ['kill', victim]);
      return `${service} killed with ${connections} clients on it after ${ackedAtKill}`;
    });
  } finally {
    if (victim) capture('docker', ['start', victim]);
  }
}

/**
 * Under load, a third of the way in, the Redis primary the Sentinels name is killed (SIGKILL).
 * The Sentinels promote the replica, the apps follow them; sends are acknowledged again within
 * REDIS_SWITCH_LIMIT_MS of the kill, nothing acknowledged is lost or repeated, no socket drops,
 * and the session cookie made before still signs its owner in. The old primary, started again,
 * comes back as the new primary's replica.
 */
const REDIS_SWITCH_LIMIT_MS = 10_000;
async function redisPrimaryKillUnderLoad(siteOrigin) {
  const primary = redisPrimary();
  const replica = primary === 'redis' ? 'redis-replica' : 'redis';
  const following = redisReplication(replica);
  if (following.role !== 'slave' || following.master_host !== primary || following.master_link_status !== 'up') {
    throw new Error(`before the kill, ${replica} does not follow ${primary}: ${JSON.stringify(following)}`);
  }
  let victim = null;
  let restarted = false;
  let resumedIn;
  try {
    const outcome = await steadySendsThrough(siteOrigin, async (acked, total, attempts) => {
      while (acked.length < total / 3) await new Promise((r) => setTimeout(r, 250));
      victim = containers().find((c) => c.service === primary && c.status === 'running')?.name;
      if (!victim) throw new Error(`no ${primary} container runs`);
      const ackedAtKill = acked.length;
      const killedAt = Date.now();
      capture('docker', ['kill', victim]);
      // Sends resume: the first acknowledgement of a send made after the kill. Nothing here blocks
      // the event loop meanwhile, so each acknowledgement is timed as it arrives.
      for (;;) {
        const resumed = attempts.filter((a) => a.sentAt > killedAt && a.ackedAt !== null).map((a) => a.ackedAt);
        if (resumed.length > 0) {
          resumedIn = Math.min(...resumed) - killedAt;
          break;
        }
        if (Date.now() - killedAt > 60_000) throw new Error('no send acknowledged within 60 s of the kill');
        await new Promise((r) => setTimeout(r, 50));
      }
      await waitUntil(() => redisPrimary() === replica && redisReplication(replica).role === 'master', `${replica} not promoted`, 30_000);
      return `${primary} killed after ${ackedAtKill} sends; ${replica} promoted; sends acknowledged again ${(resumedIn / 1000).toFixed(1)} s after the kill`;
    });
    if (resumedIn > REDIS_SWITCH_LIMIT_MS) throw new Error(`sends were acknowledged again only ${(resumedIn / 1000).toFixed(1)} s after the kill (limit ${seconds(REDIS_SWITCH_LIMIT_MS)}): ${outcome}`);
    // The session made before the switch still signs its owner in.
    const me = await http('GET', '/api/users/me', { cookie: session.cookie });
    if (me.status !== 200 || me.json?.username !== session.user.username) throw new Error(`after the switch, GET /api/users/me with the earlier cookie: ${me.status} ${me.text.slice(0, 200)}`);
    // The old primary, started again, follows the new one; the Sentinels see it as a healthy replica.
    const t0 = Date.now();
    capture('docker', ['start', victim]);
    restarted = true;
    await waitUntil(() => {
      const state = redisReplication(primary);
      return state.role === 'slave' && state.master_host === replica && state.master_link_status === 'up';
    }, `${primary} started again did not follow ${replica}`, 60_000);
    await waitUntil(() => {
      const listed = execIn(SENTINELS[0], ['sh', '-c', `${REDIS_CLI} -p 26379 sentinel replicas chatmarket`], 15_000).split(/\r?\n/);
      const at = listed.indexOf(`${primary}:6379`);
      const flags = at >= 0 ? listed[listed.indexOf('flags', at) + 1] : '';
      return flags === 'slave';
    }, `the Sentinels do not list ${primary} as a replica in good health`, 60_000);
    return `${outcome}; ${session.user.username}'s session cookie still signs in; ${primary} started again follows ${replica} (${seconds(Date.now() - t0)})`;
  } finally {
    if (victim && !restarted) capture('docker', ['start', victim]);
  }
}

/** Every table's rows and every object's bytes, digested (scripts/lib/data-fingerprint.js), as the backup service reaches them. */
function dataFingerprint() {
  const out = execIn('backup', ['node', '-e', "require('./scripts/lib/data-fingerprint.js').fingerprint().then((f) => console.log(JSON.stringify(f)))"]);
  return JSON.parse(out.trim().split('\n').pop());
}

/** Drops every service database and removes the media bucket with its objects: the data lost. */
const WIPE_DATA = `
  const sources = require('./scripts/lib/data-sources.js');
  (async () => {
    for (const target of sources.databaseTargets()) {
      const admin = target.url.replace(/\\/[^/]*$/, '/postgres');
      await sources.withClient(admin, (client) => client.query('DROP DATABASE "' + target.database + '" WITH (FORCE)'));
    }
    const bucket = await sources.openBucket(sources.bucketSettings());
    for (const { key } of await bucket.list()) await bucket.client.removeObject(bucket.bucket, key);
    await bucket.client.removeBucket(bucket.bucket);
  })().catch((error) => {
    console.error(error.message);
    process.exit(1);
  });`;

/**
 * The backup service's round trip. Its scheduled backup at start is there; with the apps
 * stopped, a backup; every database dropped and the bucket removed; the restore; then the same
 * rows in every table and the same bytes in every object as before, and the apps, started on
 * it, sign in the account made earlier.
 */
async function backupRoundTrip({ scale, siteOrigin, username, password }) {
  const scheduled = execIn('backup', ['ls', '/backups']).split('\n').filter((name) => /^\d{4}-\d\d-\d\dT/.test(name));
  if (scheduled.length === 0) throw new Error('the backup service made no backup at start');
  // The load balancer goes with the apps: with nothing behind it for longer than its health
  // check allows (a minute), it would be marked unhealthy, though nothing is wrong with it.
  const apps = [...Object.keys(appReplicas({})), 'lb'];
  let summary;
  await compose(['stop', '-t', '10', ...apps]);
  try {
    const backedUp = execIn('backup', ['node', 'scripts/backup.mjs'], 5 * 60_000);
    const id = /Backup (\S+) complete/.exec(backedUp)?.[1];
    if (!id) throw new Error(`no backup made:\n${backedUp}`);
    const before = dataFingerprint();
    if (Object.values(before.databases).some((tables) => !tables) || !before.objects) throw new Error(`nothing to compare: ${JSON.stringify(before).slice(0, 300)}`);
    execIn('backup', ['node', '-e', WIPE_DATA]);
    const wiped = dataFingerprint();
    if (Object.values(wiped.databases).some((tables) => tables !== null) || wiped.objects !== null) throw new Error(`the data is still there: ${JSON.stringify(wiped).slice(0, 300)}`);
    const restored = execIn('backup', ['node', 'scripts/restore.mjs'], 5 * 60_000);
    const took = /Restored backup \S+ in ([\d.]+ s)/.exec(restored)?.[1];
    if (!took) throw new Error(`the restore said:\n${restored}`);
    const after = dataFingerprint();
    if (!isDeepStrictEqual(after, before)) {
      const differing = [
        ...Object.keys(before.databases).flatMap((db) =>
          Object.keys({ ...before.databases[db], ...after.databases[db] }).filter((t) => before.databases[db][t] !== after.databases[db]?.[t]).map((t) => `${db}.${t}`),
        ),
        ...(isDeepStrictEqual(after.objects, before.objects) ? [] : ['objects']),
      ];
      throw new Error(`restored data differs from the backed-up data: ${differing.join(', ')}`);
    }
    const tables = Object.values(before.databases).flatMap((db) => Object.entries(db).filter(([name]) => !name.startsWith('sequence ')));
    const rows = tables.reduce((sum, [, digest]) => sum + Number.parseInt(digest, 10), 0);
    summary = `${scheduled.length} scheduled; backup ${id} of ${tables.length} tables (${rows} rows) and ${Object.keys(before.objects).length} objects; all dropped and removed, restored in ${took}, the same rows and bytes`;
  } finally {
    await compose(['start', ...apps]);
    await waitForStack(scale, 3 * 60_000);
  }
  const again = await login(siteOrigin, username, password);
  const me = await http('GET', '/api/users/me', { cookie: again.cookie });
  if (me.status !== 200 || me.json?.username !== username) throw new Error(`after the restore, GET /api/users/me: ${me.status} ${me.text.slice(0, 200)}`);
  return `${summary}; ${username} signs in on the restored data`;
}

// --- the run ---------------------------------------------------------------------------------

log.step(`Stack "${PROJECT}" on ${base} (compose output: ${COMPOSE_LOG})`);
await compose(['down', '-v', '--remove-orphans', '-t', '5'], { timeoutMs: 2 * 60_000 }).catch(() => {});

let session;
let room;
try {
  const up = await check('docker compose up --build: every service healthy, the seed job done', async () => {
    const t0 = Date.now();
    const { output, all } = await stack.up();
    const built = Date.now();
    // Compose's own "Building <service>" lines only: the web build inside it prints "Building <file> service worker ...".
    const builds = (output.match(/^Building [\w-]+\r?$/gm) ?? []).length;
    if (engine.compose[0] === 'docker-compose' && builds !== builtImages.size) {
      throw new Error(`${builds} image builds for ${builtImages.size} images (${[...builtImages].join(', ')}), not one each`);
    }
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
  const aliasOrigin = `https://127.0.0.1:${port}`;
  const siteOrigin = `https://localhost:${port}`;
  await check(`Sign-up with the captcha answered (page at ${aliasOrigin})`, async () => {
    const res = await http('POST', '/api/auth/register', {
      origin: aliasOrigin,
      body: { username, email: `${username}@example.com`, password, confirmPassword: password, captchaResponse: await captchaToken(aliasOrigin) },
    });
    if (res.status !== 201 || !res.cookie) throw new Error(`${res.status} ${res.text}`);
    return `${res.json.user.username} (id ${res.json.user.id}, ${res.json.user.role})`;
  });

  await check(`Sign-in over https (page at ${siteOrigin}): a Secure, HttpOnly session cookie`, async () => {
    session = await login(siteOrigin, username, password);
    const attributes = session.sidCookie.split(';').map((a) => a.trim().toLowerCase());
    if (!attributes.includes('secure') || !attributes.includes('httponly')) throw new Error(`the session cookie is not Secure and HttpOnly: ${session.sidCookie.replace(/^sid=[^;]*/, 'sid=…')}`);
    const me = await http('GET', '/api/users/me', { cookie: session.cookie });
    if (me.status !== 200 || me.json?.username !== session.user.username) throw new Error(`GET /api/users/me: ${me.status} ${me.text.slice(0, 200)}`);
    return `Secure; HttpOnly; GET /api/users/me is ${me.json.username}`;
  });

  await check('TLS: https answers carry HSTS; plain http is redirected to https', async () => {
    const health = await http('GET', '/api/health');
    const hsts = health.headers['strict-transport-security'];
    // One header, from the load balancer that speaks TLS.
    if (!/^max-age=\d{7,}(; includeSubDomains)?$/.test(hsts ?? '')) throw new Error(`Strict-Transport-Security on https: ${hsts}`);
    const plain = await fetch(`http://127.0.0.1:${port}/api/health?x=1`, { redirect: 'manual', signal: AbortSignal.timeout(10_000) });
    const location = plain.headers.get('location');
    if (plain.status !== 308 || location !== `https://127.0.0.1:${port}/api/health?x=1`) throw new Error(`http:// answered ${plain.status} to ${location}`);
    return `Strict-Transport-Security: ${hsts}; http:// ${plain.status} to ${location}`;
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
        if (!body.includes(`https://localhost:${port}/`)) throw new Error(`"${mail.subject}" has no link to https://localhost:${port}/`);
        return `"${mail.subject}" to ${email}`;
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error(`no mail to ${email} within 20 s`);
  });

  await check(`Sign-in with the development provider at http://oidc.localhost:${oidcPort} as a browser makes it: a new account, then the same identity straight in`, async () => {
    const providers = await http('GET', '/api/auth/oidc/providers');
    const local = Array.isArray(providers.json) ? providers.json.find((p) => p.id === 'local') : undefined;
    if (providers.status !== 200 || !local) throw new Error(`GET /api/auth/oidc/providers does not list the stand-in: ${providers.status} ${providers.text}`);
    const identity = { sub: `ct-${Date.now().toString(36)}`, email: `${username}.oidc@example.com`, name: 'Compose Check' };

    // A new identity: the landing page asks for a username.
    const first = await providerSignIn(siteOrigin, identity, { rememberMe: false });
    const [path, fragment = ''] = first.location.split('#');
    const token = new URLSearchParams(fragment).get('sign-up');
    if (path !== OIDC_LANDING_PATH || !token || first.cookie) throw new Error(`the callback sent a new identity to ${first.location.replace(/sign-up=[^&]+/, 'sign-up=…')}${first.cookie ? ', signed in' : ''}`);
    const chosen = `${username}_o`;
    const made = await http('POST', '/api/auth/oidc/sign-up', { origin: siteOrigin, body: { token, username: chosen } });
    if (made.status !== 201 || !made.cookie) throw new Error(`POST /api/auth/oidc/sign-up: ${made.status} ${made.text}`);
    const me = await http('GET', '/api/users/me', { cookie: made.cookie });
    if (me.json?.username !== chosen || me.json?.signedInWith !== 'provider' || me.json?.email !== identity.email) {
      throw new Error(`GET /api/users/me after the sign-up: ${me.status} ${me.text.slice(0, 300)}`);
    }

    // The same identity again, with Remember me: signed straight in, for 30 days.
    const again = await providerSignIn(siteOrigin, identity, { rememberMe: true });
    if (again.location !== '/' || !again.cookie) throw new Error(`the callback sent a known identity to ${again.location}${again.cookie ? '' : ', not signed in'}`);
    if (!new RegExp(`Max-Age=${REMEMBER_ME_TTL_SECONDS}(;|$)`, 'i').test(again.sidCookie)) throw new Error(`the remembered session's cookie: ${again.sidCookie.replace(/^sid=[^;]*/, 'sid=…')}`);
    const back = await http('GET', '/api/users/me', { cookie: again.cookie });
    if (back.json?.id !== me.json.id) throw new Error(`GET /api/users/me after signing in again: ${back.status} ${back.text.slice(0, 300)}`);
    return `"${local.name}" listed; ${chosen} made through it (${identity.email}, verified there), then signed straight in, remembered`;
  });

  await check('A message sent over /ws is acknowledged and delivered', async () => {
    if (!session) throw new Error('no session');
    const rooms = await http('GET', '/api/rooms');
    // A room every member may enter: the seeded VIP Lounge is for premium roles only.
    room = rooms.json?.find((r) => !r.vipOnly);
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

  await check('Calls: the TURN credentials a signed-in vip gets allocate a relay on the TURN server; a wrong one is refused', async () => {
    const vip = await login(siteOrigin, 'vip', DEMO_PASSWORD);
    const res = await http('GET', '/api/calls/ice-servers', { cookie: vip.cookie });
    if (res.status !== 200) throw new Error(`GET /api/calls/ice-servers: ${res.status} ${res.text}`);
    const turn = res.json.iceServers.find((server) => server.urls.some((url) => url.startsWith('turn:')));
    const wanted = [`turn:localhost:${turnPort}?transport=udp`, `turn:localhost:${turnPort}?transport=tcp`];
    if (!turn || wanted.some((url) => !turn.urls.includes(url))) throw new Error(`${wanted.join(' and ')} not in ${res.text}`);
    const [expiry, userId] = turn.username.split(':').map(Number);
    const now = Date.now() / 1000;
    if (userId !== vip.user.id || !(expiry > now && expiry <= now + res.json.ttlSeconds + 5)) {
      throw new Error(`username ${turn.username} is not <expiry within ${res.json.ttlSeconds} s>:${vip.user.id}`);
    }
    const server = containers().find((c) => c.service === 'turn' && c.status === 'running');
    if (!server) throw new Error('no turn container runs');
    const address = capture('docker', ['inspect', '-f', '{{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}', server.name]).stdout.trim();
    // Two clients allocate relays with the credentials and send each other data through them.
    const relay = (credential) =>
      capture('docker', ['exec', server.name, 'turnutils_uclient', '-y', '-n', '1', '-u', turn.username, '-w', credential, address], { timeoutMs: 60_000 });
    const allowed = relay(turn.credential);
    const relayed = /tot_recv_msgs=([1-9]\d*)/.exec(allowed.text);
    if (!allowed.ok || !relayed) throw new Error(`the handed-out credentials were not relayed:\n${allowed.text.split('\n').slice(-8).join('\n')}`);
    const refused = relay(`${turn.credential.slice(0, -4)}AAA=`);
    if (refused.ok || !/Cannot complete Allocation/.test(refused.text)) {
      throw new Error(`a wrong credential was not refused:\n${refused.text.split('\n').slice(-8).join('\n')}`);
    }
    return `${turn.urls.join(', ')} as ${turn.username}: ${relayed[1]} messages relayed; a wrong credential refused`;
  });

  await check('Prometheus scrapes every service and gateway, each target up', () => prometheusTargets(appReplicas({})));

  await check('Inside: NATS, Redis, its Sentinels and PostgreSQL refuse a client without the generated credentials', async () => {
    const gateway = containers().find((c) => c.service === 'gateway' && c.status === 'running');
    if (!gateway) throw new Error('no gateway container runs');
    // From inside the compose network, as any container there could try: no password, or a default one.
    const probe = `
      const { connect } = require('nats');
      const net = require('node:net');
      const { Client } = require('pg');
      const refusal = (promise) => promise.then(() => 'accepted', (error) => String(error.code ?? error.message));
      (async () => {
        const nats = await refusal(connect({ servers: 'nats://nats:4222', maxReconnectAttempts: 0, timeout: 5000 }).then((nc) => nc.close()));
        const natsDefault = await refusal(connect({ servers: 'nats://nats:4222', user: 'chatmarket', pass: 'nats', maxReconnectAttempts: 0, timeout: 5000 }).then((nc) => nc.close()));
        // Redis and a Sentinel answer a command on a connection that did not AUTH with an error line.
        const unsigned = (port, host, command) => new Promise((resolve) => {
          const socket = net.connect(port, host, () => socket.write(command + '\\r\\n'));
          socket.once('data', (data) => (socket.destroy(), resolve(data.toString().trim())));
          socket.once('error', (error) => resolve(error.message));
        });
        const redis = await unsigned(6379, 'redis', 'GET any');
        const sentinel = await unsigned(26379, 'redis-sentinel-1', 'SENTINEL get-master-addr-by-name chatmarket');
        const pg = new Client({ connectionString: 'postgres://postgres:postgres@postgres:5432/auth' });
        const postgres = await refusal(pg.connect());
        await pg.end().catch(() => {});
        console.log(JSON.stringify({ nats, natsDefault, redis, sentinel, postgres }));
      })();`;
    const run = capture('docker', ['exec', '-w', '/app', gateway.name, 'node', '-e', probe], { timeoutMs: 60_000 });
    const answers = JSON.parse(run.stdout.trim().split('\n').pop() || '{}');
    const refused = {
      nats: answers.nats === 'AUTHORIZATION_VIOLATION',
      natsDefault: answers.natsDefault === 'AUTHORIZATION_VIOLATION',
      redis: /^-NOAUTH/.test(answers.redis ?? ''),
      sentinel: /^-NOAUTH/.test(answers.sentinel ?? ''),
      postgres: answers.postgres === '28P01', // invalid_password
    };
    if (!Object.values(refused).every(Boolean)) throw new Error(`not refused as expected: ${JSON.stringify(answers)} ${run.ok ? '' : run.text}`);
    return `NATS without credentials: ${answers.nats}, with a default password: ${answers.natsDefault}; Redis: ${answers.redis}; a Redis Sentinel: ${answers.sentinel}; PostgreSQL with the default password: ${answers.postgres}`;
  });

  const scaled = await check(`Scaled to ${Object.entries(SCALE).map(([s, n]) => `${s}=${n}`).join(', ')}: every replica healthy`, async () => {
    const t0 = Date.now();
    await compose(['up', '-d', ...Object.entries(SCALE).flatMap(([s, n]) => ['--scale', `${s}=${n}`])], { timeoutMs: 5 * 60_000 }).catch((error) => {
      // `up` runs the one-shots (the seed) again; compose names only the services waiting on one that failed.
      throw new Error(`${error.message}${failedOneShotLogs()}`);
    });
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

    await check('After scaling, Prometheus follows the replicas: every one a target, up', () => prometheusTargets(appReplicas(SCALE)));

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

    await check('Under load on three chat-svc: the sends spread over every replica, none lost when one is killed', () => replicaKillUnderLoad(siteOrigin));
    await check('Under load, a NATS node killed: nothing lost or repeated, no socket dropped', () => natsNodeKillUnderLoad(siteOrigin));
    await check(
      'Under load, the Redis primary killed: a replica promoted, sends resume within 10 s, sessions survive, nothing acknowledged lost',
      () => redisPrimaryKillUnderLoad(siteOrigin),
    );
  }

  await check('Backups: the scheduled one made; a backup, every database dropped and the bucket removed, restored to the same rows and bytes', () =>
    backupRoundTrip({ scale: scaled ? SCALE : {}, siteOrigin, username, password }),
  );
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
