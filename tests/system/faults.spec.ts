import 'reflect-metadata';
import { MESSAGE_MAX, WS_CLOSE_SERVICE_RESTART, WS_CLOSE_SESSION_ENDED, WS_CLOSE_TRY_AGAIN } from '@app/contracts';
import { eventually } from '@app/testing';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { api, register, setRole, type Session } from './support/accounts';
import { ChatSocket } from './support/chat-socket';
import { latencyPercentile, reportRecovery, SteadyLoad } from './support/steady-load';
import { startSystemStack, type SystemStack } from './support/system-stack';

/**
 * Each dependency fails under a steady stream of sends in a room with members on both
 * gateways; the clients recover by themselves and nothing acknowledged is lost, duplicated or
 * reordered. Each fault's recovery time is printed (RECOVERY ...) and recorded in the README.
 */
/** The gateways' bound on a socket's unread output here (the default is 1 MiB). */
const MAX_BUFFERED = 256 * 1024;
/** The longest message there is: a reader that stops reading falls behind fastest on these. */
const LONG_TEXT = (n: number) => `${n} ${'a steady stream of long words '.repeat(70)}`.slice(0, MESSAGE_MAX);

describe('faults and recovery, every app its own process', () => {
  let sys: SystemStack;
  let g1: string;
  let load: SteadyLoad | undefined;

  beforeAll(async () => {
    sys = await startSystemStack({
      gateways: 2,
      chatReplicas: 1,
      redisAppendOnly: true,
      // Every account here signs up from loopback: more than one network's hourly allowance.
      env: { WS_MAX_BUFFERED_BYTES: String(MAX_BUFFERED), SIGNUPS_PER_ADDRESS_PER_HOUR: '1000' },
    });
    g1 = sys.gateways[0];
  });

  afterEach(async () => {
    await load?.close();
    load = undefined;
  });

  afterAll(async () => {
    await sys?.stop();
  });

  const vip = async (prefix: string) => setRole(sys.natsUrl, await register(g1, prefix), 'vip');

  /** A new room with two senders and two readers, one of each on each gateway, sending steadily. */
  async function busyRoom(name: string): Promise<{ load: SteadyLoad; people: Session[] }> {
    const people = await Promise.all([vip('own'), vip('ann'), vip('ben'), vip('cat')]);
    const [owner, ann, ben, cat] = people;
    const room = await api(g1, 'POST', '/api/rooms', owner, { name, category: 'general', description: 'Steady sends through a fault', maxUsers: 100 });
    expect(room.status).toBe(201);
    load = await SteadyLoad.start({ gateways: sys.gateways, roomId: room.body.id, senders: [[ann, 0], [ben, 1]], receivers: [[owner, 0], [cat, 1]] });
    return { load, people };
  }

  /** The detailed health report (loopback is the internal network), once it says what is expected. */
  const healthSays = (expected: object) =>
    eventually(
      async () => {
        const res = await api(g1, 'GET', '/api/health');
        expect({ status: res.status, ...res.body }).toMatchObject(expected);
        return res.body;
      },
      { timeoutMs: 20_000, intervalMs: 200 },
    );
  const everythingWell = { status: 200, ok: true, postgres: { ok: true }, redis: { ok: true }, nats: { ok: true } };

  const refusalsSince = (load: SteadyLoad, since: number) => load.senders.flatMap((s) => s.refusals).filter((r) => r.at >= since);

  it('NATS restarted: sends are refused for a moment, then acknowledged again, and nothing acknowledged is lost', async () => {
    const { load } = await busyRoom('NATS Restart');
    const down = performance.now();
    await sys.stopServer('nats');
    // While it is away a send is refused (service_unavailable), never left hanging.
    await eventually(() => expect(refusalsSince(load, down).length).toBeGreaterThan(0), { timeoutMs: 15_000 });
    await healthSays({ status: 503, ok: false, nats: { ok: false }, redis: { ok: true } });
    await sys.startServer('nats');
    const back = performance.now();
    const recovered = await load.waitForAcks(back);
    reportRecovery('NATS restart', recovered - back, `down ${Math.round(back - down)} ms, ${refusalsSince(load, down).length} refusals`);
    await load.stopAndVerify();
    await healthSays(everythingWell);
  });

  it('Redis restarted (append-only): nobody is signed out, and presence and online counts come back', async () => {
    const { load, people } = await busyRoom('Redis Restart');
    const roomId = load.roomId;
    const latecomer = await register(g1, 'late');
    const down = performance.now();
    await sys.stopServer('redis');
    await healthSays({ status: 503, ok: false, redis: { ok: false }, nats: { ok: true } });
    // A socket opened meanwhile cannot have its session looked up: it is told to try again, not signed out.
    const gateway = sys.gateways[1];
    const attempt = new WebSocket(`${gateway.replace(/^http/, 'ws')}/ws`, { headers: { cookie: latecomer.cookie, origin: gateway } });
    attempt.on('error', () => undefined);
    expect(await new Promise((resolve) => attempt.once('close', resolve))).toBe(WS_CLOSE_TRY_AGAIN);
    await sys.startServer('redis');
    const back = performance.now();
    const recovered = await load.waitForAcks(back);
    reportRecovery('Redis restart', recovered - back, `down ${Math.round(back - down)} ms, ${refusalsSince(load, down).length} refusals`);
    await load.stopAndVerify();
    await healthSays(everythingWell);

    // Nobody was signed out: every session still answers, and no socket was told its session ended.
    for (const person of [...people, latecomer]) expect((await api(g1, 'GET', '/api/users/me', person)).body).toMatchObject({ id: person.user.id });
    expect(load.members.flatMap((m) => m.closeCodes).filter((code) => code === WS_CLOSE_SESSION_ENDED)).toEqual([]);
    // Everyone is still online in the room, through either gateway, and a newcomer sees them all.
    const newcomer = await vip('new');
    const socket = await ChatSocket.open(sys.gateways[1], newcomer);
    try {
      const joined = await socket.join(roomId);
      expect(joined.onlineUsers.map((u) => u.id).sort()).toEqual([...people, newcomer].map((p) => p.user.id).sort());
      for (const gateway of sys.gateways) expect((await api(gateway, 'GET', `/api/rooms/${roomId}`)).body.onlineCount).toBe(people.length + 1);
    } finally {
      await socket.close();
    }
  });

  it("PostgreSQL connections killed: the services reconnect, sends succeed again, and nothing acknowledged is lost", async () => {
    const { load } = await busyRoom('PostgreSQL Connections Killed');
    const killedAt = performance.now();
    expect(await sys.terminateDatabaseConnections()).toBeGreaterThan(0);
    const recovered = await load.waitForAcks(killedAt);
    reportRecovery('PostgreSQL connections killed', recovered - killedAt, `${refusalsSince(load, killedAt).length} refusals`);
    await load.stopAndVerify();
    await healthSays(everythingWell);
  });

  it('a gateway stopped with SIGTERM drains: its clients are told to reconnect, move to the other gateway and lose nothing', async () => {
    const { load, people } = await busyRoom('Gateway Drain');
    const leaving = load.members.filter((m) => m.gatewayIndex === 1);
    expect(leaving.length).toBe(2);
    try {
      await sys.kill('gateway-2', 'SIGTERM');
      // Told with 1012 (service restart), which the web client answers by reconnecting.
      for (const member of leaving) await eventually(() => expect(member.closeCodes).toEqual([WS_CLOSE_SERVICE_RESTART]), { timeoutMs: 10_000 });
      for (const member of leaving) await eventually(() => expect(member.reconnects).toHaveLength(1), { timeoutMs: 15_000 });
      expect(leaving.map((m) => m.gatewayIndex)).toEqual([0, 0]);
      const moved = Math.max(...leaving.map((m) => m.reconnects[0].rejoinedAt - m.reconnects[0].closedAt));
      reportRecovery('gateway SIGTERM drain', moved, 'from the close frame to back in the room on the other gateway');
      await load.waitForAcks(performance.now());
      await load.stopAndVerify();
      // Each of them is online once, on the gateway that is left.
      const room = (await api(g1, 'GET', `/api/rooms/${load.roomId}`)).body;
      expect(room.onlineCount).toBe(people.length);
    } finally {
      await sys.restartGateway(1);
    }
  });

  it("a socket that stops reading is cut off once its unread output passes the bound, and the others' delivery stays quick", async () => {
    const { load } = await busyRoom('Beside A Stalled Reader');
    const sockets: ChatSocket[] = [];
    try {
      // A second room whose history is long messages: each join of it answers about 200 kB.
      const [host, stallingReader, ...talkers] = await Promise.all([vip('host'), vip('stall'), vip('tal'), vip('tam'), vip('tao'), vip('tap')]);
      const room = await api(g1, 'POST', '/api/rooms', host, { name: 'Long Messages', category: 'general', description: 'History of long messages', maxUsers: 100 });
      const roomId = room.body.id as number;
      for (const talker of talkers) {
        sockets.push(await ChatSocket.open(g1, talker));
        await sockets.at(-1)!.join(roomId);
      }
      let cutOff = false;
      /** Long messages from one talker, one per 150 ms at most: under the flood guard's 80 in 10 s. */
      const talk = async (socket: ChatSocket, i: number, from: number, until: (n: number) => boolean) => {
        for (let n = from; until(n); n++) {
          const pace = new Promise((resolve) => setTimeout(resolve, 150));
          await socket.sendMessage(LONG_TEXT(n), `long-${i}-${n}`);
          await pace;
        }
      };
      await Promise.all(sockets.map((socket, i) => talk(socket, i, 1, (n) => n <= 25)));

      // The long messages keep coming.
      const talking = sockets.slice(0, talkers.length).map((socket, i) => talk(socket, i, 26, () => !cutOff));
      // The busy room's latency beside that traffic while everyone reads, for comparison: ten more messages from each sender.
      const readingFrom = performance.now();
      for (let i = 0; i < 10; i++) await load.waitForAcks(performance.now());
      // The stalled reader connects on the gateway where a sender and a reader of the busy room are
      // and reads nothing more (a connection that has read a lot gets larger kernel buffers). It
      // asks for the room's history again and again, to its frame limit (auth took 1 of 20).
      const stalled = await ChatSocket.open(sys.gateways[1], stallingReader);
      sockets.push(stalled);
      const stalledAt = performance.now();
      stalled.stopReading();
      const closed = stalled.closed.then(() => (cutOff = true));
      for (let i = 0; i < 19; i++) stalled.send({ type: 'join_room', roomId });
      // Once the gateway has let go, the stalled side's next write is answered with a reset.
      const deadline = performance.now() + 60_000;
      while (!cutOff && performance.now() < deadline) {
        stalled.ping();
        await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 100))]);
      }
      expect(cutOff).toBe(true);
      const cutAt = performance.now();
      // The bound cut it, not the heartbeat, which gives a silent socket at least 25 s.
      expect(cutAt - stalledAt).toBeLessThan(20_000);
      await Promise.all(talking);
      reportRecovery('slow consumer cut off', cutAt - stalledAt, `bound ${MAX_BUFFERED} bytes`);

      // The others' delivery latency while the reader stalled, beside what it was before.
      const before = latencyPercentile(load.members, 99, readingFrom, stalledAt);
      const during = latencyPercentile(load.members, 99, stalledAt, cutAt);
      process.stdout.write(`Delivery p99 beside the stalled reader: ${Math.round(during)} ms (before: ${Math.round(before)} ms)\n`);
      expect(during).toBeLessThan(Math.max(3 * before, 250));
      await load.stopAndVerify();
    } finally {
      await Promise.all(sockets.map((s) => s.close().catch(() => undefined)));
    }
  });
});
