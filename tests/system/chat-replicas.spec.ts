import 'reflect-metadata';
import type { MessageDto, OnlineUserDto } from '@app/contracts';
import { eventually } from '@app/testing';
import { api, enterAsGuest, register, setRole, type Session } from './support/accounts';
import { ChatSocket, SendRefused } from './support/chat-socket';
import { startSystemStack, type SystemStack } from './support/system-stack';

/** How long the spec gives a dead gateway's users to disappear from every online list. */
const GHOST_LIMIT_MS = 15_000;

const seqs = (messages: MessageDto[]) => messages.map((m) => m.seq);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const ids = (users: OnlineUserDto[]) => users.map((u) => u.id);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * What a socket received in the room before the marker, once the marker has arrived. A marker
 * sent after some sends were answered is a sync point: whatever they published is ahead of it.
 */
const receivedBefore = (socket: ChatSocket, roomId: number, marker: MessageDto) =>
  eventually(
    () => {
      const received = socket.received(roomId);
      const at = received.findIndex((m) => m.id === marker.id);
      expect(at).toBeGreaterThanOrEqual(0);
      return received.slice(0, at);
    },
    { timeoutMs: 10_000 },
  );

describe('chat with 2 gateways and 2 chat-svc replicas, each its own process', () => {
  let sys: SystemStack;
  let g1: string;
  let g2: string;
  const sockets: ChatSocket[] = [];

  beforeAll(async () => {
    sys = await startSystemStack({ gateways: 2, chatReplicas: 2 });
    [g1, g2] = sys.gateways;
  });

  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close().catch(() => undefined)));
    await sys?.stop();
  });

  const vip = async (prefix: string) => setRole(sys.natsUrl, await register(g1, prefix), 'vip');
  const connect = async (gateway: string, session: Session) => {
    const socket = await ChatSocket.open(gateway, session);
    sockets.push(socket);
    return socket;
  };
  const newRoom = async (owner: Session, name: string) => {
    const res = await api(g1, 'POST', '/api/rooms', owner, { name, category: 'general', description: 'Replicas at work', maxUsers: 100 });
    expect(res.status).toBe(201);
    return res.body.id as number;
  };
  const onlineCount = async (gateway: string, roomId: number) => (await api(gateway, 'GET', `/api/rooms/${roomId}`)).body.onlineCount as number;

  describe('one room, people on both gateways', () => {
    let roomId: number;
    let ann: Session;
    let ben: Session;
    let cat: Session;
    let dan: Session;
    const live: Record<string, ChatSocket> = {};

    beforeAll(async () => {
      [ann, ben, cat, dan] = await Promise.all([vip('ann'), vip('ben'), register(g2, 'cat'), enterAsGuest(g2)]);
      roomId = await newRoom(ann, 'Across Gateways');
      // Joined one after another, so the spec's order (rank, then who came first) is known.
      for (const [name, gateway, session] of [['ann', g1, ann], ['ben', g2, ben], ['cat', g1, cat], ['dan', g2, dan]] as const) {
        live[name] = await connect(gateway, session);
        await live[name].join(roomId);
      }
    });

    it('delivers every message exactly once and in order to everyone, whichever gateway and replica handled it', async () => {
      const perSender = 40;
      // Both streams at once, sent without waiting: the requests spread over both chat-svc replicas.
      const sent = await Promise.all(
        [live.ann, live.ben].map((sender) =>
          Promise.all(range(1, perSender).map((n) => sender.sendMessage(`${sender.session.user.username} says ${n}`, `${sender.session.user.username}-${n}`))),
        ),
      );
      const acked = sent.flat();
      expect(new Set(acked.map((m) => m.id)).size).toBe(2 * perSender);

      const stored = (await api(g2, 'GET', `/api/rooms/${roomId}/messages?afterSeq=0&limit=100`, ann)).body as MessageDto[];
      expect(seqs(stored)).toEqual(range(1, 2 * perSender));
      const reference = stored.map((m) => ({ id: m.id, seq: m.seq, clientId: m.clientId }));

      const marker = await live.cat.sendMessage('all caught up', 'cat-marker');
      for (const socket of Object.values(live)) {
        const before = await receivedBefore(socket, roomId, marker);
        expect(before.map((m) => ({ id: m.id, seq: m.seq, clientId: m.clientId }))).toEqual(reference);
      }
      // Each sender's own messages keep the order they were sent in.
      for (const [index, sender] of [ann, ben].entries()) {
        const own = live.dan.received(roomId).filter((m) => m.senderId === sender.user.id);
        expect(own.map((m) => m.clientId)).toEqual(range(1, perSender).map((n) => `${sender.user.username}-${n}`));
        expect(own.map((m) => m.id)).toEqual(sent[index].map((m) => m.id));
      }
    });

    it('shows the same online list through either gateway, in the spec order, one entry per person', async () => {
      const [eve, fin] = await Promise.all([enterAsGuest(g1), enterAsGuest(g2)]);
      live.eve = await connect(g1, eve);
      await live.eve.join(roomId);
      live.fin = await connect(g2, fin);
      const finJoin = await live.fin.join(roomId);

      // vip before user before guest; within a rank, who came first.
      const expected = [ann, ben, cat, dan, eve, fin].map((s) => s.user.id);
      expect(ids(finJoin.onlineUsers)).toEqual(expected);
      for (const socket of Object.values(live)) {
        await eventually(() => expect(socket.onlineNow(roomId)).toHaveLength(expected.length));
        expect(socket.onlineNow(roomId)).toEqual(finJoin.onlineUsers);
      }
      expect([await onlineCount(g1, roomId), await onlineCount(g2, roomId)]).toEqual([6, 6]);

      // A second tab of the same person on the other gateway is not a second person.
      const catAgain = await connect(g2, cat);
      const seen = await catAgain.join(roomId);
      expect(ids(seen.onlineUsers)).toEqual(expected);
      // The tab leaves by the path closing it takes, answered once chat-svc has taken it out;
      // a message sent after that answer is the sync point for anything the leave announced.
      const left = catAgain.next((f) => f.type === 'room_left');
      catAgain.send({ type: 'leave_room' });
      await left;
      await catAgain.close();
      const marker = await live.ann.sendMessage('still six of us', 'ann-marker');
      for (const socket of Object.values(live)) await receivedBefore(socket, roomId, marker);
      expect([await onlineCount(g1, roomId), await onlineCount(g2, roomId)]).toEqual([6, 6]);
      for (const socket of Object.values(live)) expect(ids(socket.onlineNow(roomId))).toEqual(expected);
    });

    it('takes everyone on a gateway killed with SIGKILL offline everywhere within 15 s', async () => {
      const onKilled = [ben, dan, live.fin.session].map((s) => s.user.id);
      const staying = [ann, cat, live.eve.session];
      const killedAt = Date.now();
      await sys.kill('gateway-2', 'SIGKILL');
      let gil: Session;
      try {
        // Those who stay hear each of them leave, on time.
        for (const socket of [live.ann, live.cat, live.eve]) {
          const list = await eventually(
            () => {
              const now = ids(socket.onlineNow(roomId));
              expect(now.filter((id) => onKilled.includes(id))).toEqual([]);
              return now;
            },
            { timeoutMs: GHOST_LIMIT_MS },
          );
          expect(list).toEqual(staying.map((s) => s.user.id));
        }
        expect(Date.now() - killedAt).toBeLessThan(GHOST_LIMIT_MS);
        await sleep(Math.max(0, killedAt + GHOST_LIMIT_MS - Date.now()));

        // 15 s on, nobody arriving sees a ghost, and the room list counts the living.
        gil = await enterAsGuest(g1);
        const seen = await (await connect(g1, gil)).join(roomId);
        expect(ids(seen.onlineUsers)).toEqual([...staying, gil].map((s) => s.user.id));
        expect(await onlineCount(g1, roomId)).toBe(4);
        const listed = (await api(g1, 'GET', '/api/rooms?type=public')).body as Array<{ id: number; onlineCount: number }>;
        expect(listed.find((r) => r.id === roomId)?.onlineCount).toBe(4);
      } finally {
        await sys.restartGateway(1);
      }
      // The restarted gateway serves the room again, with the same view as the other one.
      const rejoined = await (await connect(g2, ben)).join(roomId);
      expect(ids(rejoined.onlineUsers)).toEqual([ann, ben, cat, live.eve.session, gil].map((s) => s.user.id));
      await eventually(() => expect(live.ann.onlineNow(roomId)).toHaveLength(5));
      expect(live.ann.onlineNow(roomId)).toEqual(rejoined.onlineUsers);
    });
  });

  it('loses no acknowledged message when a chat-svc replica is killed mid-stream, and a reconnecting client catches up', async () => {
    const [owner, fay, gus, hal, ivy] = await Promise.all([vip('own'), vip('fay'), vip('gus'), enterAsGuest(g2), enterAsGuest(g2)]);
    const roomId = await newRoom(owner, 'Replica Failover');
    const watcher = await connect(g1, owner);
    const halSocket = await connect(g2, hal);
    let ivySocket = await connect(g2, ivy);
    for (const socket of [watcher, halSocket, ivySocket]) await socket.join(roomId);
    const senders = [await connect(g1, fay), await connect(g2, gus)];
    for (const socket of senders) await socket.join(roomId);

    const perSender = 60;
    const acked = new Map<string, MessageDto>();
    const refusals: string[] = [];
    let killed = false;
    let ivyBefore: MessageDto[] = [];
    let ivyLastSeq = 0;
    let ivyRejoin: Promise<{ socket: ChatSocket; missed: MessageDto[] }> | undefined;

    /** A client resends the same clientId until it is acknowledged, as the protocol allows. */
    const sendUntilAcked = async (sender: ChatSocket, content: string, clientId: string) => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await sender.sendMessage(content, clientId);
        } catch (error) {
          if (!(error instanceof SendRefused) || attempt === 5) throw error;
          refusals.push(error.frame.code);
          await sleep(200);
        }
      }
    };
    const stream = async (sender: ChatSocket) => {
      for (let n = 1; n <= perSender; n++) {
        const clientId = `${sender.session.user.username}-${n}`;
        acked.set(clientId, await sendUntilAcked(sender, `message ${n}`, clientId));
        if (acked.size === 20 && !killed) {
          killed = true;
          void sys.kill('chat-svc', 'SIGKILL');
        }
        if (acked.size === 15 && !ivyRejoin && ivyBefore.length === 0) {
          // ivy's connection drops; she comes back later with the last sequence she saw.
          ivyBefore = ivySocket.received(roomId);
          ivyLastSeq = Math.max(0, ...seqs(ivyBefore));
          await ivySocket.close();
        }
        if (acked.size === 80 && !ivyRejoin) {
          ivyRejoin = (async () => {
            ivySocket = await connect(g2, ivy);
            const joined = await ivySocket.join(roomId, ivyLastSeq);
            expect(joined.hasMore).toBe(false);
            return { socket: ivySocket, missed: joined.messages };
          })();
        }
        await sleep(20);
      }
    };
    await Promise.all(senders.map(stream));
    expect(killed).toBe(true);
    expect(acked.size).toBe(2 * perSender);

    // Stored once each: one message per clientId, the sequence without holes.
    const history: MessageDto[] = [];
    for (let after = 0; ; ) {
      const page = (await api(g1, 'GET', `/api/rooms/${roomId}/messages?afterSeq=${after}&limit=100`, owner)).body as MessageDto[];
      history.push(...page);
      if (page.length < 100) break;
      after = page[page.length - 1].seq;
    }
    const total = 2 * perSender;
    expect(seqs(history)).toEqual(range(1, total));
    expect(new Map(history.map((m) => [m.clientId, m.id]))).toEqual(new Map([...acked].map(([clientId, m]) => [clientId, m.id])));

    // Everyone who stayed saw every acknowledged message once, in order.
    const marker = await watcher.sendMessage('all caught up', 'owner-marker');
    for (const socket of [watcher, halSocket, ...senders]) {
      expect((await receivedBefore(socket, roomId, marker)).map((m) => m.id)).toEqual(history.map((m) => m.id));
    }

    // ivy: what she saw before, what the join sent after her last sequence, then the live stream.
    const rejoined = await ivyRejoin!;
    const ivySaw = [...ivyBefore, ...rejoined.missed, ...(await receivedBefore(rejoined.socket, roomId, marker))];
    expect(ivyLastSeq).toBeGreaterThan(0);
    expect(rejoined.missed.length).toBeGreaterThan(0);
    expect(ivySaw.map((m) => m.id)).toEqual(history.map((m) => m.id));
  });
});
