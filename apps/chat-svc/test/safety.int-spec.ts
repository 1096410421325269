import 'reflect-metadata';
import {
  AuthEvents,
  BlockEvents,
  BlockPatterns,
  ChatMessages,
  ChatPatterns,
  DEFAULT_USER_SETTINGS,
  ErrorCode,
  SafetyMessages,
  chatRoomEventSubject,
  type ActorDto,
  type BlockedUserDto,
  type JoinRoomResultDto,
  type MessageDto,
  type PrivateChatSummaryDto,
  type RoomDto,
  type UserSettings,
} from '@app/contracts';
import { eventually, uniqueName } from '@app/testing';
import { ClientProxyFactory, Transport, type ClientProxy } from '@nestjs/microservices';
import { Redis } from 'ioredis';
import { startChatHarness, type ChatHarness } from './chat-harness';

const MINUTE = 60_000;

describe('chat-svc safety: blocks, privacy, the content filter and creation limits', () => {
  let h: ChatHarness;
  let events: ClientProxy;

  beforeAll(async () => {
    h = await startChatHarness();
    events = ClientProxyFactory.create({ transport: Transport.NATS, options: { servers: [h.infra.natsUrl] } });
    await events.connect();
  });
  afterAll(async () => {
    await events?.close();
    await h?.stop();
  });

  const publicRoom = (extra: object = {}) =>
    h.call<RoomDto>(ChatPatterns.CreateRoom, { name: uniqueName('Room'), category: 'general', messageCooldown: 0, actor: h.actor('moderator'), ...extra });
  const send = (actor: ActorDto, roomId: number, content: string) => h.call<MessageDto>(ChatPatterns.SendMessage, { actor, roomId, content });
  const refused = (actor: ActorDto, roomId: number, content: string) => h.fail(ChatPatterns.SendMessage, { actor, roomId, content });
  const startChat = (actor: ActorDto, other: ActorDto, originRoomId: number) =>
    h.call<RoomDto>(ChatPatterns.StartPrivateChat, { actor, otherUserId: other.id, originRoomId });
  const refusedChat = (actor: ActorDto, other: ActorDto, originRoomId: number) =>
    h.fail(ChatPatterns.StartPrivateChat, { actor, otherUserId: other.id, originRoomId });
  const history = (roomId: number, actor?: ActorDto) =>
    h.call<MessageDto[]>(ChatPatterns.ListMessages, { roomId, ...(actor ? { actor } : {}) }).then((ms) => ms.map((m) => m.content));
  const block = (actor: ActorDto, other: { id: number }) => h.call<BlockedUserDto>(BlockPatterns.Block, { actor, userId: other.id });
  const unblock = (actor: ActorDto, other: { id: number }) => h.call(BlockPatterns.Unblock, { actor, userId: other.id });
  /** auth-svc's event after a settings change. */
  const setPrivacy = (actor: ActorDto, privacy: Partial<UserSettings['privacy']>) =>
    events.emit(AuthEvents.UserUpdated, { ...actor, privacy: { ...DEFAULT_USER_SETTINGS.privacy, ...privacy } });

  describe('blocks', () => {
    it('keeps a block list private to the blocker: oneself and strangers are refused, and only the blocker hears of a change', async () => {
      const [alice, bob] = [h.actor('user'), h.actor('user')];
      const changes = h.collect(BlockEvents.Changed);
      await h.nc.flush();

      const blocked = await block(alice, bob);
      expect(blocked).toMatchObject({ user: { id: bob.id, username: bob.username } });
      // Blocking twice answers the first block.
      expect(await block(alice, bob)).toEqual(blocked);
      expect(await h.call<BlockedUserDto[]>(BlockPatterns.List, { actor: alice })).toEqual([blocked]);
      expect(await h.call<BlockedUserDto[]>(BlockPatterns.List, { actor: bob })).toEqual([]);
      expect(await h.fail(BlockPatterns.Block, { actor: alice, userId: alice.id })).toMatchObject({
        status: 400,
        fields: { userId: [SafetyMessages.SelfBlock] },
      });
      expect(await h.fail(BlockPatterns.Block, { actor: alice, userId: 987_654 })).toMatchObject({ status: 404, message: ChatMessages.UserNotFound });
      expect(await h.fail(BlockPatterns.Block, { actor: alice, userId: 'bob' })).toMatchObject({ status: 400, fields: { userId: expect.any(Array) } });
      expect(await h.call(BlockPatterns.Between, { userA: bob.id, userB: alice.id })).toEqual({ aBlockedB: false, bBlockedA: true });

      await unblock(alice, bob);
      expect(await h.call<BlockedUserDto[]>(BlockPatterns.List, { actor: alice })).toEqual([]);
      expect(await h.fail(BlockPatterns.Unblock, { actor: alice, userId: bob.id })).toMatchObject({ status: 404, message: SafetyMessages.NotBlocked });

      const heard = await eventually(() => {
        const lists = changes.frames.map((f) => f.data as { userId: number; blockedUserIds: number[] });
        expect(lists).toHaveLength(2);
        return lists;
      });
      expect(heard).toEqual([
        { userId: alice.id, blockedUserIds: [bob.id] },
        { userId: alice.id, blockedUserIds: [] },
      ]);
      changes.sub.unsubscribe();
    });

    it('makes a private chat read-only for both once either blocks, tells each side in the room, and refuses new chats both ways', async () => {
      const lobby = await publicRoom();
      const other = await publicRoom();
      const alice = h.actor('user', uniqueName('alice'));
      const bob = h.actor('user', uniqueName('bob'));
      const chat = await startChat(alice, bob, lobby.id);
      expect(chat).toMatchObject({ canReply: true, blockedByYou: false });
      await send(alice, chat.id, 'hi bob');

      await block(bob, alice);
      expect(await refused(alice, chat.id, 'are you there?')).toMatchObject({ status: 403, message: SafetyMessages.CannotReply });
      expect(await refused(bob, chat.id, 'one last word')).toMatchObject({ status: 403, message: SafetyMessages.youBlocked(alice.username) });
      expect(await h.call<RoomDto>(ChatPatterns.GetRoom, { roomId: chat.id, actor: alice })).toMatchObject({ canReply: false, blockedByYou: false });
      expect(await h.call<RoomDto>(ChatPatterns.GetRoom, { roomId: chat.id, actor: bob })).toMatchObject({ canReply: false, blockedByYou: true });
      // What was said stays readable.
      expect(await history(chat.id, alice)).toEqual(['hi bob']);
      expect(await history(chat.id, bob)).toEqual(['hi bob']);

      // The blocked person hears what anyone refusing private chats would say.
      expect(await refusedChat(alice, bob, other.id)).toMatchObject({ status: 403, message: SafetyMessages.NotAcceptingChats });
      expect(await refusedChat(alice, bob, lobby.id)).toMatchObject({ status: 403, message: SafetyMessages.NotAcceptingChats });
      expect(await refusedChat(bob, alice, other.id)).toMatchObject({ status: 403, message: SafetyMessages.youBlockedChat(alice.username) });

      await unblock(bob, alice);
      await expect(send(alice, chat.id, 'hello again')).resolves.toMatchObject({ content: 'hello again' });
      expect(await h.call<RoomDto>(ChatPatterns.GetRoom, { roomId: chat.id, actor: bob })).toMatchObject({ canReply: true, blockedByYou: false });
    });

    it('hides the blocked person from the blocker in public rooms, in history and in the list the live stream is filtered by, and from no one else', async () => {
      const room = await publicRoom();
      const [eve, carol, dave] = [h.actor('vip'), h.actor('vip'), h.actor('user')];
      for (const actor of [eve, carol, dave]) await h.enter(actor, room.id);
      await send(eve, room.id, 'eve 1');
      await send(carol, room.id, 'carol 1');
      await block(dave, eve);
      await send(eve, room.id, 'eve 2');
      await send(carol, room.id, 'carol 2');

      expect(await history(room.id, dave)).toEqual(['carol 1', 'carol 2']);
      expect(await h.call<MessageDto[]>(ChatPatterns.ListMessages, { roomId: room.id, actor: dave, afterSeq: 1 }).then((ms) => ms.map((m) => m.seq))).toEqual([2, 4]);
      expect(await history(room.id, carol)).toEqual(['eve 1', 'carol 1', 'eve 2', 'carol 2']);
      expect(await history(room.id)).toEqual(['eve 1', 'carol 1', 'eve 2', 'carol 2']);

      const joined = await h.enter(dave, room.id);
      expect(joined.messages.map((m) => m.content)).toEqual(['carol 1', 'carol 2']);
      expect(joined.hiddenSenderIds).toEqual([eve.id]);
      expect((await h.enter(carol, room.id)).hiddenSenderIds).toEqual([]);
      // Reading is one-sided: the blocked person still sees the blocker.
      await send(dave, room.id, 'dave 1');
      expect(await history(room.id, eve)).toContain('dave 1');
    });
  });

  describe('privacy settings', () => {
    it('allowDirectMessages off: nobody starts a new private chat, chats that exist go on, and a seller the person wrote to can answer', async () => {
      const lobby = await publicRoom();
      const elsewhere = await publicRoom();
      const quiet = h.actor('user', uniqueName('quiet'));
      const friend = h.actor('user');
      const seller = h.actor('seller');
      const earlier = await startChat(friend, quiet, lobby.id);

      setPrivacy(quiet, { allowDirectMessages: false });
      // A new stranger each try: a chat started before the setting arrived would exist (and be let through) afterwards.
      await eventually(async () => expect(await refusedChat(h.actor('vip'), quiet, lobby.id)).toMatchObject({ status: 403, message: SafetyMessages.NotAcceptingChats }));
      const stranger = h.actor('vip');
      expect(await refusedChat(stranger, quiet, lobby.id)).toMatchObject({ status: 403, message: SafetyMessages.NotAcceptingChats });
      expect(await refusedChat(friend, quiet, elsewhere.id)).toMatchObject({ status: 403, message: SafetyMessages.NotAcceptingChats });
      // The chat they already have is not new.
      expect((await startChat(friend, quiet, lobby.id)).id).toBe(earlier.id);
      await expect(send(friend, earlier.id, 'still talking')).resolves.toBeDefined();

      // They write to a seller from the marketplace; the seller may then reach them from a room too.
      const market = await h.call<RoomDto>(ChatPatterns.StartPrivateChat, { actor: quiet, otherUserId: seller.id, sellerId: 77 });
      await send(quiet, market.id, 'I need advice');
      await expect(send(seller, market.id, 'Happy to help')).resolves.toBeDefined();
      await expect(startChat(seller, quiet, lobby.id)).resolves.toMatchObject({ type: 'private' });
      expect(await refusedChat(h.actor('seller'), quiet, lobby.id)).toMatchObject({ status: 403 });

      setPrivacy(quiet, { allowDirectMessages: true });
      await eventually(async () => expect(await startChat(stranger, quiet, lobby.id)).toMatchObject({ type: 'private' }));
    });

    it('showOnlineStatus off: left out of online lists and counts and never announced, while they still see themselves', async () => {
      const room = await publicRoom();
      const shy = h.actor('user');
      const watcher = h.actor('vip');
      await h.enter(shy, room.id);
      await h.enter(watcher, room.id);
      expect((await h.call<RoomDto>(ChatPatterns.GetRoom, { roomId: room.id })).onlineCount).toBe(2);

      setPrivacy(shy, { showOnlineStatus: false });
      await eventually(async () => expect((await h.call<RoomDto>(ChatPatterns.GetRoom, { roomId: room.id })).onlineCount).toBe(1));
      const listed = await h.call<RoomDto[]>(ChatPatterns.ListPublicRooms, { q: room.name });
      expect(listed.find((r) => r.id === room.id)?.onlineCount).toBe(1);
      expect((await h.enter(watcher, room.id)).onlineUsers.map((u) => u.id)).toEqual([watcher.id]);
      expect((await h.enter(shy, room.id)).onlineUsers.map((u) => u.id)).toEqual([watcher.id, shy.id]);

      const next = await publicRoom();
      const stream = h.collect(chatRoomEventSubject(next.id));
      await h.nc.flush();
      await h.enter(shy, next.id);
      await h.call(ChatPatterns.LeaveRoom, { userId: shy.id, roomId: next.id, instance: 'harness-gateway', socketId: `harness-${shy.id}` });
      await h.enter(watcher, next.id);
      const marker = await send(watcher, next.id, 'marker');
      await eventually(() => expect(stream.frames.map((f) => (f.message as MessageDto | undefined)?.id)).toContain(marker.id));
      expect(stream.frames.map((f) => [f.type, (f.user as { id: number } | undefined)?.id ?? null])).toEqual([
        ['user_joined', watcher.id],
        ['new_message', null],
      ]);
      stream.sub.unsubscribe();
    });

    it('showLastSeen off: the other person of a private chat sees no last-seen time; on, they see when the person was last active', async () => {
      const lobby = await publicRoom();
      const [ann, ben] = [h.actor('user'), h.actor('user')];
      const chat = await startChat(ann, ben, lobby.id);
      await send(ann, chat.id, 'see you');
      const lastSeenOfAnn = async () => {
        const room = await h.call<RoomDto>(ChatPatterns.GetRoom, { roomId: chat.id, actor: ben });
        const [summary] = await h.call<PrivateChatSummaryDto[]>(ChatPatterns.MyChats, { actor: ben });
        return [room.participants.find((p) => p.id === ann.id)?.lastSeen, summary.otherParticipant.lastSeen];
      };
      const [inRoom, inList] = await lastSeenOfAnn();
      expect(Date.now() - Date.parse(inRoom as string)).toBeLessThan(MINUTE);
      expect(inList).toBe(inRoom);

      setPrivacy(ann, { showLastSeen: false });
      await eventually(async () => expect(await lastSeenOfAnn()).toEqual([null, null]));
    });
  });

  describe('content filter', () => {
    it('masks offensive words in public rooms for everyone as stored, and leaves private chats as typed', async () => {
      const room = await publicRoom();
      const vip = h.actor('vip');
      await h.enter(vip, room.id);
      const stored = await send(vip, room.id, 'what the fuck is this shit');
      expect(stored.content).toBe('what the f*** is this s***');
      expect(await history(room.id)).toEqual(['what the f*** is this s***']);

      const chat = await startChat(h.actor('user'), vip, room.id);
      await expect(send(vip, chat.id, 'oh shit, sorry')).resolves.toMatchObject({ content: 'oh shit, sorry' });
    });

    it('refuses offensive room names, descriptions and rules with a message for each field', async () => {
      const error = await h.fail(ChatPatterns.CreateRoom, {
        name: 'Fuck this room',
        description: 'Only for shitheads',
        customRules: 'Be nice',
        category: 'general',
        actor: h.actor('vip'),
      });
      expect(error).toMatchObject({
        status: 400,
        message: SafetyMessages.WordsNotAllowed.roomName,
        fields: { name: [SafetyMessages.WordsNotAllowed.roomName], description: [SafetyMessages.WordsNotAllowed.description] },
      });
      expect(error.fields?.customRules).toBeUndefined();
      expect(
        await h.fail(ChatPatterns.CreateRoom, { name: uniqueName('Fine'), customRules: 'No b1tches', category: 'general', actor: h.actor('vip') }),
      ).toMatchObject({ status: 400, fields: { customRules: [SafetyMessages.WordsNotAllowed.customRules] } });
      await expect(publicRoom({ name: uniqueName('Scunthorpe'), description: 'Classic cocktails and therapists' })).resolves.toBeDefined();
    });

    it("refuses a regular user's third message with a link within 10 minutes as spam, and leaves premium roles alone", async () => {
      const room = await publicRoom();
      const user = h.actor('user');
      await h.enter(user, room.id);
      await send(user, room.id, 'my site is cheap-deals.ru');
      await send(user, room.id, 'no links here');
      await send(user, room.id, 'also https://example.com/offer');
      const error = await refused(user, room.id, 'and www.example.org too');
      expect(error).toMatchObject({ status: 429, code: ErrorCode.RateLimitLinks, details: { error: ErrorCode.RateLimitLinks } });
      expect(error.details?.waitTime).toBeGreaterThan(9 * MINUTE);
      expect(error.details?.waitTime).toBeLessThanOrEqual(10 * MINUTE);
      await expect(send(user, room.id, 'plain words are fine')).resolves.toBeDefined();

      const vip = h.actor('vip');
      await h.enter(vip, room.id);
      for (let i = 0; i < 4; i++) await send(vip, room.id, `see https://example.com/${i}`);
    });

    it('counts the same text as a repeat whatever invisible, fullwidth or look-alike characters it hides', async () => {
      const room = await publicRoom();
      for (const variants of [
        ['Buy my stuff', 'Buy\u200b my st\u00aduff', 'Ｂｕｙ ｍｙ ｓｔｕｆｆ'],
        ['Best deal', 'B\u0435st deal', 'Best\u2060 deal'],
      ]) {
        const user = h.actor('user');
        await h.enter(user, room.id);
        await send(user, room.id, variants[0]);
        await send(user, room.id, variants[1]);
        expect(await refused(user, room.id, variants[2])).toMatchObject({ status: 429, code: ErrorCode.RateLimitDuplicate, message: ChatMessages.Duplicate });
      }
    });
  });

  describe('limits on abuse paths', () => {
    it('lets a person create at most 5 public rooms a day, 429 with the wait; a refused name is not counted and moderators are not limited', async () => {
      const vip = h.actor('vip');
      const taken = (await publicRoom()).name;
      expect(await h.fail(ChatPatterns.CreateRoom, { name: taken, category: 'general', actor: vip })).toMatchObject({ status: 409 });
      for (let i = 0; i < 5; i++) await h.call(ChatPatterns.CreateRoom, { name: uniqueName('Mine'), category: 'general', actor: vip });
      const error = await h.fail(ChatPatterns.CreateRoom, { name: uniqueName('Sixth'), category: 'general', actor: vip });
      expect(error).toMatchObject({ status: 429, code: ErrorCode.RateLimit, details: { error: ErrorCode.RateLimit } });
      expect(error.message).toMatch(/at most 5 public rooms a day/);
      expect(error.details?.waitTime).toBeGreaterThan(23 * 60 * MINUTE);
      const moderator = h.actor('moderator');
      for (let i = 0; i < 7; i++) await h.call(ChatPatterns.CreateRoom, { name: uniqueName('Mod'), category: 'general', actor: moderator });
    });

    it('lets a person start at most 30 new private chats an hour; reopening a chat is not counted', async () => {
      const lobby = await publicRoom();
      const busy = h.actor('user');
      const people = Array.from({ length: 31 }, () => h.actor('user'));
      for (const person of people.slice(0, 30)) await startChat(busy, person, lobby.id);
      const error = await refusedChat(busy, people[30], lobby.id);
      expect(error).toMatchObject({ status: 429, code: ErrorCode.RateLimit, details: { error: ErrorCode.RateLimit } });
      expect(error.details?.waitTime).toBeGreaterThan(59 * MINUTE);
      await expect(startChat(busy, people[0], lobby.id)).resolves.toMatchObject({ type: 'private' });
      // Others may still start one with them.
      await expect(startChat(people[30], busy, lobby.id)).resolves.toMatchObject({ type: 'private' });
    });
  });

  describe('public rooms', () => {
    it('takes messages only from people in the room, so a full room refuses senders as it refuses joins', async () => {
      const room = await publicRoom({ maxUsers: 2 });
      const [a, b, c] = [h.actor('vip'), h.actor('vip'), h.actor('vip')];
      expect(await refused(a, room.id, 'from outside')).toMatchObject({ status: 403, message: SafetyMessages.JoinToSend });
      await h.enter(a, room.id);
      await h.enter(b, room.id);
      await expect(send(a, room.id, 'from inside')).resolves.toMatchObject({ content: 'from inside' });
      expect(await h.fail(ChatPatterns.JoinRoom, { actor: c, roomId: room.id, instance: 'harness-gateway', socketId: `harness-${c.id}` })).toMatchObject({
        status: 403,
        message: ChatMessages.RoomFull,
      });
      expect(await refused(c, room.id, 'let me in')).toMatchObject({ status: 403, message: SafetyMessages.JoinToSend });
      await h.call(ChatPatterns.LeaveRoom, { userId: a.id, roomId: room.id, instance: 'harness-gateway', socketId: `harness-${a.id}` });
      expect(await refused(a, room.id, 'after leaving')).toMatchObject({ status: 403, message: SafetyMessages.JoinToSend });
      const joined: JoinRoomResultDto = await h.enter(c, room.id);
      expect(joined.room.id).toBe(room.id);
      await expect(send(c, room.id, 'my turn')).resolves.toBeDefined();
    });

    it('counts only sockets of a live gateway as being in the room', async () => {
      const room = await publicRoom();
      const ghost = h.actor('vip');
      await h.call(ChatPatterns.JoinRoom, { actor: ghost, roomId: room.id, instance: 'gw-fading', socketId: 'tab' });
      await expect(send(ghost, room.id, 'while my gateway lives')).resolves.toBeDefined();
      // Its gateway stops answering: the heartbeat key lapses before the sweeper has removed the entry.
      const redis = new Redis(h.infra.redisUrl);
      await redis.del('chat:presence:heartbeat:gw-fading');
      redis.disconnect();
      expect(await refused(ghost, room.id, 'after it died')).toMatchObject({ status: 403, message: SafetyMessages.JoinToSend });
    });
  });
});
