import 'reflect-metadata';
import { AuthEvents, ChatMessages, ChatPatterns, chatRoomEventSubject, SafetyMessages, VIP_ROOM_ERROR_CODE, type ActorDto, type MessageDto, type RoomDto, type RpcErrorBody, type SendMessageRequestDto } from '@app/contracts';
import { EntityManager } from '@mikro-orm/postgresql';
import { Metrics } from '@app/server';
import { eventually } from '@app/testing';
import { ClientProxyFactory, RpcException, Transport } from '@nestjs/microservices';
import { MessagesRepository, type NewMessage } from '../src/messages/messages.repository';
import { MessagesService } from '../src/messages/messages.service';
import { startChatHarness, type ChatHarness } from './chat-harness';

describe('chat-svc messages and send limits', () => {
  let h: ChatHarness;
  let nextRoom = 0;
  const publicRoom = async (messageCooldown = 30) =>
    h.call<RoomDto>(ChatPatterns.CreateRoom, { name: `Room ${++nextRoom}`, category: 'general', messageCooldown, allowImages: true, allowGifs: true, actor: h.actor('moderator') });
  // Senders have the room open, as a browser does before it sends (one may send only into a public room one is in).
  const opened = new Map<string, Promise<unknown>>();
  const enter = (actor: ActorDto, roomId: number) => {
    const key = `${actor.id}:${roomId}`;
    if (!opened.has(key)) opened.set(key, h.enter(actor, roomId));
    return opened.get(key);
  };
  const send = async (actor: ActorDto, roomId: number, content: string, extra: object = {}) => {
    await enter(actor, roomId);
    return h.call<MessageDto>(ChatPatterns.SendMessage, { actor, roomId, content, ...extra });
  };
  const refuse = async (payload: { actor: ActorDto; roomId: number } & Record<string, unknown>) => {
    await enter(payload.actor, payload.roomId);
    return h.fail(ChatPatterns.SendMessage, payload);
  };

  beforeAll(async () => {
    h = await startChatHarness({ replicas: 2 });
  });
  afterAll(() => h.stop());

  it('stores a message with the sender, numbers it in the room and publishes it after storing', async () => {
    const room = await publicRoom(0);
    const vip = h.actor('vip', 'vera');
    await enter(vip, room.id);
    const events = h.collect(chatRoomEventSubject(room.id));
    await h.nc.flush();
    const first = await send(vip, room.id, 'Hello everyone');
    const second = await send(vip, room.id, '👋🎉');
    expect(first).toMatchObject({ roomId: room.id, seq: 1, content: 'Hello everyone', type: 'text', sender: { id: vip.id, username: 'vera', role: 'vip' } });
    expect(second).toMatchObject({ seq: 2, type: 'emoji' });
    await eventually(() => expect(events.frames.map((f) => (f.message as MessageDto).seq)).toEqual([1, 2]));
    expect(events.frames[0]).toMatchObject({ type: 'new_message', roomId: room.id, message: { id: first.id } });
    events.sub.unsubscribe();
  });

  it('refuses empty, blank and too long text, and font sizes or colours outside the sets', async () => {
    const room = await publicRoom(0);
    const vip = h.actor('vip');
    for (const content of ['', '   \n\t ']) {
      const error = await refuse({ actor: vip, roomId: room.id, content });
      expect(error).toMatchObject({ status: 400, fields: { content: ['Message cannot be empty'] } });
    }
    expect((await refuse({ actor: vip, roomId: room.id, content: 'x'.repeat(2001) })).fields?.content).toEqual([
      'Message must be at most 2000 characters',
    ]);
    await expect(send(vip, room.id, 'x'.repeat(2000))).resolves.toMatchObject({ seq: 1 });
    const badSize = await refuse({ actor: vip, roomId: room.id, content: 'hi', formatting: { fontSize: 13 } });
    expect(badSize.fields?.['formatting.fontSize']).toBeDefined();
    const badColor = await refuse({ actor: vip, roomId: room.id, content: 'hi', formatting: { color: 'blurple' } });
    expect(badColor.fields?.['formatting.color']).toEqual(['Colour must be one of the palette colours']);
    await expect(send(vip, room.id, 'big', { formatting: { fontSize: 32, color: '#2563eb', italic: true } })).resolves.toMatchObject({
      formatting: { fontSize: 32, color: '#2563eb', italic: true, bold: false },
    });
    expect(await h.fail(ChatPatterns.SendMessage, { actor: vip, roomId: 424242, content: 'hi' })).toMatchObject({ status: 404 });
  });

  it('keeps guests read-only and formatting and images for premium roles in public rooms', async () => {
    const room = await publicRoom(0);
    expect(await h.fail(ChatPatterns.SendMessage, { actor: h.actor('guest'), roomId: room.id, content: 'hi' })).toMatchObject({
      status: 403,
      message: ChatMessages.GuestsReadOnly,
    });
    const user = h.actor('user');
    expect(await refuse({ actor: user, roomId: room.id, content: 'hi', formatting: { bold: true } })).toMatchObject({
      status: 403,
      message: ChatMessages.FormattingPremium,
    });
    // The default style is plain text, which anyone may send.
    await expect(send(user, room.id, 'plain', { formatting: { fontSize: 14, color: '#000000', bold: false } })).resolves.toMatchObject({ formatting: null });
    const image = { type: 'image', content: '/media/chat/abc123.webp' };
    expect(await refuse({ actor: h.actor('user'), roomId: room.id, ...image })).toMatchObject({
      status: 403,
      message: ChatMessages.ImagesPremium,
    });
    const seller = h.actor('seller');
    await expect(send(seller, room.id, image.content, { type: 'image' })).resolves.toMatchObject({ type: 'image', content: image.content });
    for (const content of ['https://evil.example/x.png', '/media/avatars/x.png', '/media/chat/../../etc/passwd.png']) {
      expect(await refuse({ actor: seller, roomId: room.id, type: 'gif', content })).toMatchObject({ status: 400 });
    }
  });

  it('allows formatting to anyone in a private room', async () => {
    const lobby = await publicRoom(0);
    const alice = h.actor('user');
    const bob = h.actor('user');
    const room = await h.call<RoomDto>(ChatPatterns.StartPrivateChat, { actor: alice, otherUserId: bob.id, originRoomId: lobby.id });
    await expect(send(alice, room.id, 'bold hello', { formatting: { bold: true } })).resolves.toMatchObject({ formatting: { bold: true } });
    // No cooldown in private rooms.
    await expect(send(alice, room.id, 'and again')).resolves.toMatchObject({ seq: 2 });
  });

  it("makes regular users wait the room's cooldown and answers 429 rate_limit with waitTime", async () => {
    const room = await publicRoom(30);
    const user = h.actor('user');
    await send(user, room.id, 'first');
    const error = await refuse({ actor: user, roomId: room.id, content: 'second' });
    expect(error).toMatchObject({ status: 429, code: 'rate_limit', details: { error: 'rate_limit' } });
    expect(error.details?.waitTime).toBeGreaterThan(28_000);
    expect(error.details?.waitTime).toBeLessThanOrEqual(30_000);
    // Other rooms have their own cooldown; premium roles have none.
    await expect(send(user, (await publicRoom(30)).id, 'elsewhere')).resolves.toBeDefined();
    const vip = h.actor('vip');
    for (let i = 0; i < 5; i++) await send(vip, room.id, `vip ${i}`);
  });

  it('tells a regular user entering a room or reading it how long until they may send there again', async () => {
    const room = await publicRoom(30);
    const user = h.actor('user');
    expect((await h.enter(user, room.id)).room.sendWait).toBeNull();
    await send(user, room.id, 'first');
    // Entering again (a reload, a second tab) and reading the room both carry the wait left.
    const again = await h.enter(user, room.id);
    expect(again.room.sendWait).toMatchObject({ reason: 'cooldown' });
    expect(again.room.sendWait?.waitMs).toBeGreaterThan(25_000);
    expect(again.room.sendWait?.waitMs).toBeLessThanOrEqual(30_000);
    const read = await h.call<RoomDto>(ChatPatterns.GetRoom, { roomId: room.id, actor: user });
    expect(read.sendWait?.waitMs).toBeLessThanOrEqual(again.room.sendWait?.waitMs ?? 0);
    // Roles without limits are told nothing, and the cooldown of one person is theirs alone.
    expect((await h.call<RoomDto>(ChatPatterns.GetRoom, { roomId: room.id, actor: h.actor('vip') })).sendWait).toBeUndefined();
    expect((await h.call<RoomDto>(ChatPatterns.GetRoom, { roomId: room.id, actor: h.actor('user') })).sendWait).toBeNull();
  });

  it('never lets a user past the cooldown even when replicas race', async () => {
    const room = await publicRoom(30);
    const user = h.actor('user');
    const results = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => send(user, room.id, `race ${i}`)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });

  it('refuses the same text a third time within 5 minutes with rate_limit_duplicate', async () => {
    const room = await publicRoom(0);
    const user = h.actor('user');
    await send(user, room.id, 'Buy my stuff');
    await send(user, room.id, 'buy  my STUFF ');
    const error = await refuse({ actor: user, roomId: room.id, content: 'Buy my stuff' });
    expect(error).toMatchObject({ status: 429, code: 'rate_limit_duplicate', message: ChatMessages.Duplicate, details: { error: 'rate_limit_duplicate' } });
    expect(error.details?.waitTime).toBeGreaterThan(290_000);
    await expect(send(user, room.id, 'Something else')).resolves.toBeDefined();
  });

  it('allows 50 messages per rolling hour to a regular user', async () => {
    const room = await publicRoom(0);
    const user = h.actor('user');
    for (let i = 0; i < 50; i++) await send(user, room.id, `message number ${i}`);
    const error = await refuse({ actor: user, roomId: room.id, content: 'one too many' });
    expect(error).toMatchObject({ status: 429, code: 'rate_limit', message: ChatMessages.RateLimit });
    expect(error.details?.waitTime).toBeGreaterThan(3_500_000);
    const vip = h.actor('vip');
    for (let i = 0; i < 55; i++) await send(vip, room.id, `vip message ${i}`);
  });

  it('stops a flood from any role', async () => {
    const room = await publicRoom(0);
    const moderator = h.actor('moderator');
    const results = await Promise.allSettled(Array.from({ length: 90 }, (_, i) => send(moderator, room.id, `flood ${i}`)));
    const refused = results.filter((r) => r.status === 'rejected');
    expect(results.length - refused.length).toBe(80);
    expect((refused[0] as PromiseRejectedResult).reason.body).toMatchObject({ status: 429, code: 'rate_limit', message: ChatMessages.Flood });
  });

  it('stores one message per client id: a retry gets the stored message back and nothing is published twice', async () => {
    const room = await publicRoom(30);
    const user = h.actor('user');
    const [vipA, vipB, vipC] = [h.actor('vip'), h.actor('vip'), h.actor('vip')];
    for (const actor of [user, vipA, vipB, vipC]) await enter(actor, room.id);
    const events = h.collect(chatRoomEventSubject(room.id));
    await h.nc.flush();
    const first = await send(user, room.id, 'only once', { clientId: 'c-1' });
    // The retry is not even counted against the cooldown.
    const retry = await send(user, room.id, 'only once', { clientId: 'c-1' });
    const [a, b] = await Promise.all([send(vipA, room.id, 'x', { clientId: 'same' }), send(vipB, room.id, 'y', { clientId: 'same' })]);
    expect(retry).toEqual(first);
    expect(a.id).not.toBe(b.id);
    const history = await h.call<MessageDto[]>(ChatPatterns.ListMessages, { roomId: room.id });
    expect(history.map((m) => m.content).sort()).toEqual(['only once', 'x', 'y']);
    // A message sent after every answer above: whatever those sends published is ahead of it.
    const marker = await send(vipC, room.id, 'marker');
    const published = await eventually(() => {
      const ids = events.frames.map((f) => (f.message as MessageDto).id);
      expect(ids).toContain(marker.id);
      return ids.slice(0, ids.indexOf(marker.id));
    });
    expect(published).toHaveLength(3);
    expect(published).toEqual(expect.arrayContaining([first.id, a.id, b.id]));
    events.sub.unsubscribe();
  });

  it('stores one message when one sender races the same client id on two replicas, and skips no sequence number', async () => {
    const room = await publicRoom(0);
    const vip = h.actor('vip');
    await enter(vip, room.id);
    // Both sends pass the early client id check before either is stored; the store decides.
    const racing = await Promise.all([1, 2, 3, 4].map(() => send(vip, room.id, 'sent twice', { clientId: 'race' })));
    expect(new Set(racing.map((m) => m.id)).size).toBe(1);
    const next = await send(vip, room.id, 'after the race');
    expect(next.seq).toBe(racing[0].seq + 1);
    const history = await h.call<MessageDto[]>(ChatPatterns.ListMessages, { roomId: room.id });
    expect(history.map((m) => [m.seq, m.content])).toEqual([
      [1, 'sent twice'],
      [2, 'after the race'],
    ]);
  });

  describe('sends judged on the rooms a replica kept', () => {
    // Replica 0 keeps the room by sending into it; the change is then made straight in the
    // database, as another replica's act would be, which replica 0 hears nothing of.
    const sql = (text: string, values: (string | number)[]) => h.apps[1].get(EntityManager).getConnection().getKnex().raw(text, values);
    const sendOn = async (replica: number, actor: ActorDto, roomId: number, content: string, extra: object = {}) => {
      await enter(actor, roomId);
      return h.apps[replica].get(MessagesService).send({ actor, roomId, content, ...extra } as SendMessageRequestDto);
    };
    const refusalOn = (replica: number, actor: ActorDto, roomId: number, content: string, extra: object = {}) =>
      sendOn(replica, actor, roomId, content, extra).then(
        (message) => Promise.reject(new Error(`stored #${message.id}`)),
        (error: unknown) => (error as RpcException).getError() as RpcErrorBody,
      );
    const versionOf = async (roomId: number) => (await sql('select version from rooms where id = ?', [roomId])).rows[0].version as number;

    it('judges the sends after a room\'s first on what the replica kept, reading nothing again', async () => {
      const judged = async () => new Map((await Metrics.sendJudgements.get()).values.map((v) => [String(v.labels.on), v.value]));
      const lobby = await publicRoom(0);
      const [vip, alice, bob] = [h.actor('vip'), h.actor('user'), h.actor('user')];
      const chat = await h.call<RoomDto>(ChatPatterns.StartPrivateChat, { actor: alice, otherUserId: bob.id, originRoomId: lobby.id });
      const before = await judged();
      for (const words of ['one', 'two', 'three']) await sendOn(0, vip, lobby.id, words);
      for (const words of ['hi', 'hello', 'hey']) await sendOn(0, alice, chat.id, words);
      const after = await judged();
      const grown = (on: string) => (after.get(on) ?? 0) - (before.get(on) ?? 0);
      expect({ fresh: grown('fresh'), kept: grown('kept'), again: grown('again') }).toEqual({ fresh: 2, kept: 4, again: 0 });
    });

    it("bumps a room's version on every change but its message counter", async () => {
      const room = await publicRoom(0);
      await sendOn(0, h.actor('vip'), room.id, 'counted, not a change');
      expect(await versionOf(room.id)).toBe(0);
      await sql('update rooms set message_cooldown = 5 where id = ?', [room.id]);
      await sql('update rooms set name = name where id = ?', [room.id]);
      expect(await versionOf(room.id)).toBe(1);
    });

    it('refuses a send into a room made VIP-only behind the replica that kept it', async () => {
      const room = await publicRoom(0);
      const user = h.actor('user');
      await sendOn(0, user, room.id, 'while it was open');
      await sql('update rooms set vip_only = true where id = ?', [room.id]);
      expect(await refusalOn(0, user, room.id, 'after it closed')).toMatchObject({ status: 403, code: VIP_ROOM_ERROR_CODE, message: ChatMessages.VipRoom });
    });

    it('refuses the next send of someone muted on another replica, and lets them write once it is lifted', async () => {
      const room = await publicRoom(0);
      const user = h.actor('user');
      await sendOn(0, user, room.id, 'before the mute');
      await sql(`insert into user_mutes (user_id, ends_at, reason, created_by_id, created_at) values (?, now() + interval '1 hour', 'spam', 1, now())`, [user.id]);
      expect(await refusalOn(0, user, room.id, 'after the mute')).toMatchObject({ status: 403, code: 'muted' });
      await sql('update user_mutes set lifted_at = now() where user_id = ?', [user.id]);
      await expect(sendOn(0, user, room.id, 'after the lift')).resolves.toMatchObject({ content: 'after the lift' });
      const stored = await h.call<MessageDto[]>(ChatPatterns.ListMessages, { roomId: room.id });
      expect(stored.map((m) => m.content)).toEqual(['before the mute', 'after the lift']);
    });

    it('refuses the next private message once a block was made on another replica', async () => {
      const lobby = await publicRoom(0);
      const [alice, bob] = [h.actor('user'), h.actor('user')];
      const chat = await h.call<RoomDto>(ChatPatterns.StartPrivateChat, { actor: alice, otherUserId: bob.id, originRoomId: lobby.id });
      await sendOn(0, alice, chat.id, 'hello bob');
      await sql('insert into user_blocks (blocker_id, blocked_id, created_at) values (?, ?, now())', [bob.id, alice.id]);
      expect(await refusalOn(0, alice, chat.id, 'are you there?')).toMatchObject({ status: 403, message: SafetyMessages.CannotReply });
    });

    it('stores what the kept room would refuse once the room allows it: pictures turned on elsewhere', async () => {
      const room = await publicRoom(0);
      const vip = h.actor('vip');
      await sql('update rooms set allow_images = false where id = ?', [room.id]);
      const picture = { type: 'image' };
      expect(await refusalOn(0, vip, room.id, '/media/chat/before.webp', picture)).toMatchObject({ status: 403, message: ChatMessages.ImagesOff });
      await sql('update rooms set allow_images = true where id = ?', [room.id]);
      await expect(sendOn(0, vip, room.id, '/media/chat/after.webp', picture)).resolves.toMatchObject({ type: 'image' });
    });

    it('answers a send into a room deleted behind the replica with 404', async () => {
      const room = await publicRoom(0);
      const vip = h.actor('vip');
      await sendOn(0, vip, room.id, 'the last words');
      await sql('delete from rooms where id = ?', [room.id]);
      expect(await refusalOn(0, vip, room.id, 'into nothing')).toMatchObject({ status: 404 });
    });
  });

  describe('group commit', () => {
    const batchFigures = async () => {
      const { values } = await Metrics.insertBatchSize.get();
      const figure = (suffix: string) => values.find((v) => v.metricName === `chat_insert_batch_messages_${suffix}`)?.value ?? 0;
      const retries = (await Metrics.insertBatchRetries.get()).values;
      const retried = (reason: string) => retries.find((v) => v.labels.reason === reason)?.value ?? 0;
      return { statements: figure('count'), messages: figure('sum'), retried: { clientId: retried('client_id'), error: retried('error') } };
    };
    const newMessage = (roomId: number, senderId: number, content: string, clientId: string | null = null): NewMessage => ({
      roomId, senderId, content, type: 'text', formatting: null, metadata: null, clientId, markSenderRead: false,
      // Rooms made here are never changed: their version is the first.
      guard: { roomVersion: 0, askMute: false, askContact: false, otherId: null },
    });
    // Two sends into a room of their own take the statements in flight (which commit in either order); what follows waits and goes together.
    const takeStatementsInFlight = async (repository: MessagesRepository, senderId: number) => {
      const elsewhere = await publicRoom(0);
      return [0, 1].map((i) => repository.insert(newMessage(elsewhere.id, senderId, `in flight ${i}`)));
    };
    const seqsOf = async (roomId: number) => (await h.call<MessageDto[]>(ChatPatterns.ListMessages, { roomId })).map((m) => [m.seq, m.content]);

    it('stores the sends that wait for the statements in flight in one statement, each room numbered in arrival order', async () => {
      const rooms = [await publicRoom(0), await publicRoom(0)];
      const vip = h.actor('vip');
      await send(vip, rooms[0].id, 'first');
      const repository = h.apps[0].get(MessagesRepository);
      const before = await batchFigures();
      const inFlight = await takeStatementsInFlight(repository, vip.id);
      const stored = await Promise.all(
        Array.from({ length: 20 }, (_, i) => repository.insert(newMessage(rooms[i % 2].id, vip.id, `burst ${i}`))),
      );
      await Promise.all(inFlight);
      expect(await batchFigures()).toEqual({ statements: before.statements + 3, messages: before.messages + 22, retried: before.retried });
      expect(stored.map((m) => m?.content)).toEqual(Array.from({ length: 20 }, (_, i) => `burst ${i}`));
      expect(await seqsOf(rooms[0].id)).toEqual([[1, 'first'], ...Array.from({ length: 10 }, (_, i) => [i + 2, `burst ${i * 2}`])]);
      expect(await seqsOf(rooms[1].id)).toEqual(Array.from({ length: 10 }, (_, i) => [i + 1, `burst ${i * 2 + 1}`]));
    });

    it("moves each person's read mark in a private chat to their highest in the batch", async () => {
      const lobby = await publicRoom(0);
      const [alice, bob] = [h.actor('user'), h.actor('user')];
      const chat = await h.call<RoomDto>(ChatPatterns.StartPrivateChat, { actor: alice, otherUserId: bob.id, originRoomId: lobby.id });
      const repository = h.apps[0].get(MessagesRepository);
      const knex = h.apps[0].get(EntityManager).getConnection().getKnex();
      const marks = async () =>
        Object.fromEntries(
          (await knex('room_participants').where('room_id', chat.id).select('user_id', 'last_read_seq', 'last_read_at')).map((p) => [p.user_id, p]),
        );
      const before = await marks();
      // One batch: Alice writes, the third time with Bob inside the chat, then Bob answers with Alice away.
      const inFlight = await takeStatementsInFlight(repository, alice.id);
      const stored = await Promise.all([
        repository.insert({ ...newMessage(chat.id, alice.id, 'one'), markSenderRead: true }),
        repository.insert({ ...newMessage(chat.id, alice.id, 'two'), markSenderRead: true }),
        repository.insert({ ...newMessage(chat.id, alice.id, 'three'), markSenderRead: true, readerId: bob.id }),
        repository.insert({ ...newMessage(chat.id, bob.id, 'four'), markSenderRead: true }),
        repository.insert({ ...newMessage(chat.id, alice.id, 'five'), markSenderRead: true }),
      ]);
      await Promise.all(inFlight);
      expect(stored.map((m) => m?.seq)).toEqual([1, 2, 3, 4, 5]);
      const after = await marks();
      expect([after[alice.id].last_read_seq, after[bob.id].last_read_seq]).toEqual([5, 4]);
      // Bob read Alice's words (his read time moves); Alice's own sends never move hers.
      expect(after[bob.id].last_read_at).not.toEqual(before[bob.id].last_read_at);
      expect(after[alice.id].last_read_at).toEqual(before[alice.id].last_read_at);
    });

    it('stores one by one when a batch holds a client id twice or a room that is gone, skipping no sequence number', async () => {
      const room = await publicRoom(0);
      const vip = h.actor('vip');
      await send(vip, room.id, 'first');
      const repository = h.apps[0].get(MessagesRepository);
      const before = await batchFigures();
      const inFlight = await takeStatementsInFlight(repository, vip.id);
      const inserts = [
        repository.insert(newMessage(room.id, vip.id, 'before')),
        repository.insert(newMessage(room.id, vip.id, 'once', 'twice-in-a-batch')),
        repository.insert(newMessage(room.id, vip.id, 'again', 'twice-in-a-batch')),
        repository.insert(newMessage(2_000_000_000, vip.id, 'nowhere')),
        repository.insert(newMessage(room.id, vip.id, 'last')),
      ];
      const outcomes = await Promise.allSettled(inserts);
      await Promise.all(inFlight);
      expect(outcomes.map((o) => (o.status === 'fulfilled' ? (o.value?.content ?? null) : (o.reason as Error).constructor.name))).toEqual([
        'before', 'once', null, 'SendContextStale', 'last',
      ]);
      expect(await seqsOf(room.id)).toEqual([[1, 'first'], [2, 'before'], [3, 'once'], [4, 'last']]);
      expect((await batchFigures()).retried).toEqual({ clientId: before.retried.clientId + 1, error: before.retried.error });
    });
  });

  it('pages history by id and by sequence, oldest first', async () => {
    const room = await publicRoom(0);
    const vip = h.actor('vip');
    const sent: MessageDto[] = [];
    for (let i = 1; i <= 7; i++) sent.push(await send(vip, room.id, `m${i}`));
    const list = (query: object) => h.call<MessageDto[]>(ChatPatterns.ListMessages, { roomId: room.id, ...query }).then((ms) => ms.map((m) => m.content));
    expect(await list({ limit: 3 })).toEqual(['m5', 'm6', 'm7']);
    expect(await list({ limit: 3, before: sent[4].id })).toEqual(['m2', 'm3', 'm4']);
    expect(await list({ limit: 2, after: sent[1].id })).toEqual(['m3', 'm4']);
    expect(await list({ afterSeq: 5 })).toEqual(['m6', 'm7']);
    expect(await h.call<MessageDto[]>(ChatPatterns.CatchUp, { roomId: room.id, afterSeq: 6 })).toEqual([expect.objectContaining({ content: 'm7', seq: 7 })]);
    expect((await h.fail(ChatPatterns.ListMessages, { roomId: room.id, limit: 101 })).status).toBe(400);
  });

  it('gives the landing preview the newest public messages that read as conversation, never a private one', async () => {
    const room = await publicRoom(0);
    const seller = h.actor('seller');
    const vip = h.actor('vip');
    await send(seller, room.id, 'Happy to help anyone with interview nerves today');
    await send(vip, room.id, 'Thanks, I have one on Friday and I am nervous');
    await send(seller, room.id, 'Then let us practise the first questions together');
    // Left out: an image, emoji, bare numbers, a word or two, test traffic, and a private chat.
    await send(seller, room.id, '/media/chat/pic.png', { type: 'image' });
    await send(vip, room.id, '👍🎉');
    await send(vip, room.id, '12345 67890');
    await send(vip, room.id, 'ok sure');
    await send(vip, room.id, 'Load test message 41 from sender 2');
    const secret = await h.call<RoomDto>(ChatPatterns.StartPrivateChat, { actor: vip, otherUserId: seller.id, originRoomId: room.id });
    await send(vip, secret.id, 'This private conversation is only for the two of us');
    const recent = await h.call<MessageDto[]>(ChatPatterns.RecentMessages, { limit: 3 });
    expect(recent.map((m) => m.content)).toEqual([
      'Happy to help anyone with interview nerves today',
      'Thanks, I have one on Friday and I am nervous',
      'Then let us practise the first questions together',
    ]);
    expect(recent.map((m) => m.sender.role)).toEqual(['seller', 'vip', 'seller']);
  });

  it('keeps senders up to date from auth events', async () => {
    const room = await publicRoom(0);
    const vip = h.actor('vip', 'oldname');
    await send(vip, room.id, 'who am I');
    const client = ClientProxyFactory.create({ transport: Transport.NATS, options: { servers: [h.infra.natsUrl] } });
    await client.connect();
    client.emit(AuthEvents.UserUpdated, { id: vip.id, username: 'newname', avatar: '/media/avatars/a.webp', role: 'vip' });
    await eventually(async () => {
      const [message] = await h.call<MessageDto[]>(ChatPatterns.ListMessages, { roomId: room.id });
      expect(message.sender).toMatchObject({ username: 'newname', avatar: '/media/avatars/a.webp' });
    });
    await client.close();
  });
});
