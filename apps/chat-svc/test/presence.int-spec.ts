import 'reflect-metadata';
import {
  BlockPatterns,
  ChatMessages,
  ChatPatterns,
  chatRoomEventSubject,
  type JoinRoomResultDto,
  type JoinRoomsResultDto,
  type MessageDto,
  type RoomDto,
} from '@app/contracts';
import { eventually } from '@app/testing';
import { startChatHarness, type ChatHarness } from './chat-harness';

/** How long people of a gateway that shut down stay listed here (60 s by default). */
const GRACE_MS = 1500;

describe('chat-svc presence', () => {
  let h: ChatHarness;
  let n = 0;
  const room = (extra: object = {}) =>
    h.call<RoomDto>(ChatPatterns.CreateRoom, { name: `Presence ${++n}`, category: 'general', messageCooldown: 0, actor: h.actor('moderator'), ...extra });
  const join = (actor: unknown, roomId: number, instance: string, socketId: string, lastSeq?: number) =>
    h.call<JoinRoomResultDto>(ChatPatterns.JoinRoom, { actor, roomId, instance, socketId, ...(lastSeq === undefined ? {} : { lastSeq }) });

  beforeAll(async () => {
    process.env.PRESENCE_RESTART_GRACE_MS = String(GRACE_MS);
    h = await startChatHarness();
  });
  afterAll(() => h.stop());

  it('orders the online list by role rank, then by who joined first, across gateways', async () => {
    const r = await room();
    const user1 = h.actor('user');
    const guest = h.actor('guest');
    const vip = h.actor('vip');
    const user2 = h.actor('user');
    const mod = h.actor('moderator');
    const seller = h.actor('seller');
    for (const [i, actor] of [user1, guest, vip, user2, mod, seller].entries()) {
      await join(actor, r.id, i % 2 ? 'gw-a' : 'gw-b', `s${i}`);
      await new Promise((res) => setTimeout(res, 3));
    }
    const { onlineUsers } = await join(user1, r.id, 'gw-a', 'second-tab');
    expect(onlineUsers.map((u) => u.id)).toEqual([mod.id, vip.id, seller.id, user1.id, user2.id, guest.id]);
    expect((await h.call<RoomDto>(ChatPatterns.GetRoom, { roomId: r.id })).onlineCount).toBe(6);
  });

  it('announces a person once when they join and when their last socket leaves', async () => {
    const r = await room();
    const vip = h.actor('vip');
    await h.enter(vip, r.id);
    const events = h.collect(chatRoomEventSubject(r.id));
    await h.nc.flush();
    const alice = h.actor('user', 'alice_p');
    await join(alice, r.id, 'gw-a', 'tab1');
    await join(alice, r.id, 'gw-b', 'tab2');
    await h.call(ChatPatterns.LeaveRoom, { userId: alice.id, roomId: r.id, instance: 'gw-a', socketId: 'tab1' });
    await h.call(ChatPatterns.LeaveRoom, { userId: alice.id, roomId: r.id, instance: 'gw-b', socketId: 'tab2' });
    await h.call(ChatPatterns.LeaveRoom, { userId: alice.id, roomId: r.id, instance: 'gw-b', socketId: 'tab2' });
    // A message sent after the last leave was answered: any announcement of those calls is ahead of it.
    const marker = await h.call<MessageDto>(ChatPatterns.SendMessage, { actor: vip, roomId: r.id, content: 'marker' });
    await eventually(() => expect(events.frames.map((f) => f.type)).toContain('new_message'));
    expect(events.frames.map((f) => f.type)).toEqual(['user_joined', 'user_left', 'new_message']);
    expect(events.frames[0]).toMatchObject({ user: { id: alice.id, username: 'alice_p' } });
    expect(events.frames[1]).toMatchObject({ user: { id: alice.id } });
    expect(events.frames[2]).toMatchObject({ message: { id: marker.id } });
    events.sub.unsubscribe();
  });

  it('holds at most maxUsers people at once', async () => {
    const r = await room({ maxUsers: 2 });
    const [a, b, c] = [h.actor('user'), h.actor('user'), h.actor('vip')];
    await join(a, r.id, 'gw-a', 'a');
    await join(b, r.id, 'gw-a', 'b');
    expect(await h.fail(ChatPatterns.JoinRoom, { actor: c, roomId: r.id, instance: 'gw-a', socketId: 'c' })).toMatchObject({
      status: 403,
      message: ChatMessages.RoomFull,
    });
    // Another tab of someone already inside is fine.
    await join(a, r.id, 'gw-b', 'a2');
    await h.call(ChatPatterns.LeaveRoom, { userId: b.id, roomId: r.id, instance: 'gw-a', socketId: 'b' });
    await expect(join(c, r.id, 'gw-a', 'c')).resolves.toBeDefined();
  });

  it('sends what a client missed after its last sequence number', async () => {
    const r = await room();
    const vip = h.actor('vip');
    await h.enter(vip, r.id);
    for (let i = 1; i <= 5; i++) await h.call(ChatPatterns.SendMessage, { actor: vip, roomId: r.id, content: `m${i}` });
    const fresh = await join(h.actor('user'), r.id, 'gw-a', 'fresh');
    expect(fresh.messages.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(fresh.room.lastSeq).toBe(5);
    const back = await join(h.actor('user'), r.id, 'gw-a', 'back', 3);
    expect(back.messages.map((m) => m.content)).toEqual(['m4', 'm5']);
    expect(back.hasMore).toBe(false);
  });

  it("takes a dead gateway's users offline within 15 seconds and says so", async () => {
    const r = await room();
    const events = h.collect(chatRoomEventSubject(r.id));
    await h.nc.flush();
    const stays = h.actor('vip');
    const ghost = h.actor('user');
    const keepAlive = setInterval(() => void h.call(ChatPatterns.Heartbeat, { instance: 'gw-alive' }), 2000);
    try {
      await join(stays, r.id, 'gw-alive', 's1');
      await join(ghost, r.id, 'gw-dying', 's2');
      const started = Date.now();
      await eventually(
        async () => {
          const { onlineUsers } = await join(stays, r.id, 'gw-alive', 's1');
          expect(onlineUsers.map((u) => u.id)).toEqual([stays.id]);
        },
        { timeoutMs: 15_000 },
      );
      expect(Date.now() - started).toBeLessThan(15_000);
      await eventually(() => expect(events.frames).toContainEqual(expect.objectContaining({ type: 'user_left', user: expect.objectContaining({ id: ghost.id }) })));
      expect((await h.call<RoomDto>(ChatPatterns.GetRoom, { roomId: r.id })).onlineCount).toBe(1);
    } finally {
      clearInterval(keepAlive);
      events.sub.unsubscribe();
    }
  }, 30_000);

  it('keeps the people of a gateway that shuts down listed while they come back, and announces only those who do not', async () => {
    const r = await room();
    const count = async () => (await h.call<RoomDto>(ChatPatterns.GetRoom, { roomId: r.id })).onlineCount;
    const stays = h.actor('vip');
    const [back, gone] = [h.actor('user'), h.actor('user')];
    await h.enter(stays, r.id);
    await join(back, r.id, 'gw-closing', 'b');
    await new Promise((res) => setTimeout(res, 3));
    await join(gone, r.id, 'gw-closing', 'g');
    await join(gone, r.id, 'gw-closing', 'g-second-tab');
    const events = h.collect(chatRoomEventSubject(r.id));
    await h.nc.flush();

    const dropped = Date.now();
    await h.call(ChatPatterns.DropInstance, { instance: 'gw-closing' });
    expect(await count()).toBe(3);
    // Back through another gateway: in their old place, nobody told.
    const returned = await join(back, r.id, 'gw-new', 'b2');
    expect(Date.now() - dropped).toBeLessThan(GRACE_MS);
    expect(returned.onlineUsers.map((u) => u.id)).toEqual([stays.id, back.id, gone.id]);

    // The one who did not come back is announced once the grace is over; the room counts two.
    await eventually(() => expect(events.frames.map((f) => f.type)).toContain('user_left'), { timeoutMs: GRACE_MS + 5000 });
    expect(Date.now() - dropped).toBeGreaterThanOrEqual(GRACE_MS);
    expect(await count()).toBe(2);
    const marker = await h.call<MessageDto>(ChatPatterns.SendMessage, { actor: stays, roomId: r.id, content: 'marker' });
    await eventually(() => expect(events.frames.map((f) => f.type)).toContain('new_message'));
    expect(events.frames.map((f) => [f.type, (f.user as { id?: number } | undefined)?.id ?? (f.message as MessageDto).id])).toEqual([
      ['user_left', gone.id],
      ['new_message', marker.id],
    ]);
    events.sub.unsubscribe();
  });

  it('answers many joins in one request, each on its own, the online list once per room', async () => {
    const [big, small] = [await room(), await room({ maxUsers: 2 })];
    const [ann, bob, cal, dee, eve] = [h.actor('vip'), h.actor('user'), h.actor('guest'), h.actor('user'), h.actor('user')];
    await h.call(BlockPatterns.Block, { actor: bob, userId: ann.id });
    const events = h.collect(chatRoomEventSubject(big.id));
    await h.nc.flush();
    const entry = (actor: unknown, roomId: number, socketId: string) => ({ actor, roomId, instance: 'gw-batch', socketId });
    const { onlineUsers, results } = await h.call<JoinRoomsResultDto>(ChatPatterns.JoinRooms, {
      joins: [
        ...[entry(ann, big.id, 'a'), entry(bob, big.id, 'b'), entry(cal, small.id, 'c'), entry(dee, small.id, 'd')],
        ...[entry(eve, small.id, 'e'), entry(bob, 999_999, 'x'), entry(cal, big.id, 'c2')],
      ],
    });
    // Everyone who got into each room, by rank; the small one holds its first two.
    expect(onlineUsers[big.id].map((u) => u.id)).toEqual([ann.id, bob.id, cal.id]);
    expect(onlineUsers[small.id].map((u) => u.id)).toEqual([dee.id, cal.id]);
    const joined = results.map((r) => ('joined' in r ? r.joined.room.id : r.error.message));
    expect(joined).toEqual([big.id, big.id, small.id, small.id, ChatMessages.RoomFull, ChatMessages.RoomNotFound, big.id]);
    const answer = (i: number) => (results[i] as { joined: JoinRoomResultDto }).joined;
    expect(answer(0).room.onlineCount).toBe(3);
    expect(answer(3).room.onlineCount).toBe(2);
    expect(answer(0).onlineUsers).toBeUndefined();
    expect(answer(1).hiddenSenderIds).toEqual([ann.id]);
    expect(answer(0).hiddenSenderIds).toEqual([]);
    // Each person arriving is announced once, in the order they came.
    await eventually(() => expect(events.frames).toHaveLength(3));
    expect(events.frames.map((f) => [f.type, (f.user as { id: number }).id])).toEqual([
      ['user_joined', ann.id],
      ['user_joined', bob.id],
      ['user_joined', cal.id],
    ]);
    events.sub.unsubscribe();
  });

  it('gives rejoins after the same message one catch-up, still without the senders a reader blocked', async () => {
    const r = await room();
    const [ann, dee, bob, cal, eve] = [h.actor('vip'), h.actor('vip'), h.actor('user'), h.actor('user'), h.actor('user')];
    await h.enter(ann, r.id);
    await h.enter(dee, r.id);
    const send = (actor: unknown, content: string) => h.call<MessageDto>(ChatPatterns.SendMessage, { actor, roomId: r.id, content });
    const seen = await send(ann, 'seen before the restart');
    const missed = [await send(ann, 'missed 1'), await send(dee, 'missed 2'), await send(ann, 'missed 3')];
    await h.call(BlockPatterns.Block, { actor: bob, userId: ann.id });
    const entry = (actor: unknown, socketId: string, lastSeq?: number) => ({ actor, roomId: r.id, instance: 'gw-back', socketId, ...(lastSeq === undefined ? {} : { lastSeq }) });
    const { results } = await h.call<JoinRoomsResultDto>(ChatPatterns.JoinRooms, {
      joins: [entry(cal, 'c', seen.seq), entry(bob, 'b', seen.seq), entry(eve, 'e', seen.seq), entry(dee, 'd'), entry(cal, 'c2', missed[1].seq)],
    });
    const contents = (i: number) => (results[i] as { joined: JoinRoomResultDto }).joined.messages.map((m) => m.content);
    expect(contents(0)).toEqual(['missed 1', 'missed 2', 'missed 3']);
    expect(contents(1)).toEqual(['missed 2']);
    expect(contents(2)).toEqual(contents(0));
    expect(contents(3)).toEqual(['seen before the restart', 'missed 1', 'missed 2', 'missed 3']);
    expect(contents(4)).toEqual(['missed 3']);
    expect((results[0] as { joined: JoinRoomResultDto }).joined.messages[0].sender).toMatchObject({ id: ann.id });
  });

  it('holds the seats of people away after a restart', async () => {
    const r = await room({ maxUsers: 2 });
    const [a, b, c] = [h.actor('user'), h.actor('user'), h.actor('user')];
    await join(a, r.id, 'gw-restarting', 'a');
    await join(b, r.id, 'gw-restarting', 'b');
    await h.call(ChatPatterns.DropInstance, { instance: 'gw-restarting' });
    expect(await h.fail(ChatPatterns.JoinRoom, { actor: c, roomId: r.id, instance: 'gw-a', socketId: 'c' })).toMatchObject({ status: 403, message: ChatMessages.RoomFull });
    await expect(join(a, r.id, 'gw-back', 'a2')).resolves.toMatchObject({ onlineUsers: [{ id: a.id }, { id: b.id }] });
  });
});
