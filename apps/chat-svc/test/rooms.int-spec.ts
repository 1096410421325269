import 'reflect-metadata';
import { ChatMessages, ChatPatterns, chatUserEventSubject, type MessageDto, type PrivateChatSummaryDto, type RoomDto } from '@app/contracts';
import { eventually } from '@app/testing';
import { startChatHarness, type ChatHarness } from './chat-harness';

describe('chat-svc rooms', () => {
  let h: ChatHarness;
  beforeAll(async () => {
    h = await startChatHarness();
  });
  afterAll(() => h.stop());

  const roomBody = (name: string) => ({ name, description: 'A place to talk', category: 'technology', maxUsers: 50, messageCooldown: 10 });

  it('lets vip, seller and moderator create public rooms and refuses regular users and guests', async () => {
    const vip = h.actor('vip');
    const created = await h.call<RoomDto>(ChatPatterns.CreateRoom, { ...roomBody('Tech Talk'), actor: vip });
    expect(created).toMatchObject({ id: expect.any(Number), name: 'Tech Talk', type: 'public', category: 'technology', maxUsers: 50, messageCooldown: 10 });
    for (const role of ['user', 'guest'] as const) {
      const error = await h.fail(ChatPatterns.CreateRoom, { ...roomBody(`Room of ${role}`), actor: h.actor(role) });
      expect(error).toMatchObject({ status: 403, message: ChatMessages.CreateRoomPremium });
    }
    const seller = await h.call<RoomDto>(ChatPatterns.CreateRoom, { ...roomBody('Seller corner'), actor: h.actor('seller') });
    expect(seller.messageCooldown).toBe(10);
  });

  it('applies the spec defaults and refuses bad room fields with their messages', async () => {
    const room = await h.call<RoomDto>(ChatPatterns.CreateRoom, { name: 'Defaults', category: 'general', actor: h.actor('moderator') });
    expect(room).toMatchObject({ maxUsers: 100, messageCooldown: 30, allowImages: false, allowGifs: false, category: 'general' });
    const error = await h.fail(ChatPatterns.CreateRoom, {
      name: 'x'.repeat(51),
      description: 'd'.repeat(201),
      category: 'cooking',
      maxUsers: 501,
      customRules: 'r'.repeat(501),
      messageCooldown: 301,
      actor: h.actor('vip'),
    });
    expect(error.status).toBe(400);
    expect(error.fields).toMatchObject({
      name: expect.arrayContaining(['Room name must be less than 50 characters']),
      description: ['Description must be less than 200 characters'],
      category: ['Category is required'],
      customRules: ['Rules must be less than 500 characters'],
      maxUsers: expect.any(Array),
      messageCooldown: expect.any(Array),
    });
    const blank = await h.fail(ChatPatterns.CreateRoom, { name: '   ', category: 'general', actor: h.actor('vip') });
    expect(blank.fields?.name).toEqual(['Room name is required']);
  });

  it('refuses a second public room with the same name', async () => {
    await h.call(ChatPatterns.CreateRoom, { ...roomBody('Unique Name'), actor: h.actor('vip') });
    const error = await h.fail(ChatPatterns.CreateRoom, { ...roomBody('unique name'), actor: h.actor('vip') });
    expect(error).toMatchObject({ status: 409, message: ChatMessages.RoomNameTaken });
  });

  it('lists public rooms with search, category and the real online count', async () => {
    const vip = h.actor('vip');
    const music = await h.call<RoomDto>(ChatPatterns.CreateRoom, { name: 'Jazz Lovers', description: 'Smooth sounds', category: 'music', actor: vip });
    await h.call(ChatPatterns.CreateRoom, { name: 'Rock Hall', description: 'Loud guitars', category: 'music', actor: vip });
    await h.call(ChatPatterns.Heartbeat, { instance: 'gw-list' });
    await h.call(ChatPatterns.JoinRoom, { actor: h.actor('user'), roomId: music.id, instance: 'gw-list', socketId: 's1' });
    await h.call(ChatPatterns.JoinRoom, { actor: h.actor('guest'), roomId: music.id, instance: 'gw-list', socketId: 's2' });

    const byCategory = await h.call<RoomDto[]>(ChatPatterns.ListPublicRooms, { category: 'music' });
    expect(byCategory.map((r) => r.name).sort()).toEqual(['Jazz Lovers', 'Rock Hall']);
    expect(byCategory.find((r) => r.id === music.id)?.onlineCount).toBe(2);
    const searched = await h.call<RoomDto[]>(ChatPatterns.ListPublicRooms, { q: 'SMOOTH' });
    expect(searched.map((r) => r.name)).toEqual(['Jazz Lovers']);
  });

  describe('private chats', () => {
    let lobby: RoomDto;
    beforeAll(async () => {
      lobby = await h.call<RoomDto>(ChatPatterns.CreateRoom, { name: 'Lobby', category: 'general', messageCooldown: 0, actor: h.actor('vip') });
    });

    it('never starts a chat with yourself', async () => {
      const me = h.actor('user');
      const error = await h.fail(ChatPatterns.StartPrivateChat, { actor: me, otherUserId: me.id, originRoomId: lobby.id });
      expect(error).toMatchObject({ status: 400, message: 'You cannot start a private chat with yourself' });
    });

    it('is idempotent for the same pair and origin and tells the other person once', async () => {
      const alice = h.actor('user');
      const bob = h.actor('user');
      const bobEvents = h.collect(chatUserEventSubject(bob.id));
      await h.nc.flush();
      const first = await h.call<RoomDto>(ChatPatterns.StartPrivateChat, { actor: alice, otherUserId: bob.id, originRoomId: lobby.id });
      const again = await h.call<RoomDto>(ChatPatterns.StartPrivateChat, { actor: alice, otherUserId: bob.id, originRoomId: lobby.id });
      const reverse = await h.call<RoomDto>(ChatPatterns.StartPrivateChat, { actor: bob, otherUserId: alice.id, originRoomId: lobby.id });
      expect(again.id).toBe(first.id);
      expect(reverse.id).toBe(first.id);
      expect(first).toMatchObject({ type: 'private', origin: 'room', originPublicRoomId: lobby.id, name: bob.username });
      expect(first.participants.map((p) => p.id).sort()).toEqual([alice.id, bob.id].sort());
      // Another person's chat with bob, started after the calls above were answered: whatever
      // they told bob is ahead of this one.
      const carol = h.actor('user');
      const marker = await h.call<RoomDto>(ChatPatterns.StartPrivateChat, { actor: carol, otherUserId: bob.id, originRoomId: lobby.id });
      await eventually(() => expect(bobEvents.frames).toContainEqual(expect.objectContaining({ chat: expect.objectContaining({ id: marker.id }) })));
      expect(bobEvents.frames).toHaveLength(2);
      expect(bobEvents.frames[0]).toMatchObject({ type: 'private_chat_created', by: { id: alice.id }, chat: { id: first.id, otherParticipant: { id: alice.id } } });
      expect(bobEvents.frames[1]).toMatchObject({ type: 'private_chat_created', by: { id: carol.id } });
      bobEvents.sub.unsubscribe();
    });

    it('answers 404 for an unknown person and guests may not start chats', async () => {
      const error = await h.fail(ChatPatterns.StartPrivateChat, { actor: h.actor('user'), otherUserId: 999_999, originRoomId: lobby.id });
      expect(error.status).toBe(404);
      const guest = await h.fail(ChatPatterns.StartPrivateChat, { actor: h.actor('guest'), otherUserId: h.actor('user').id, originRoomId: lobby.id });
      expect(guest.status).toBe(403);
    });

    it('shows a private room, its history and its sends only to its participants', async () => {
      const alice = h.actor('user');
      const bob = h.actor('user');
      const eve = h.actor('vip');
      const room = await h.call<RoomDto>(ChatPatterns.StartPrivateChat, { actor: alice, otherUserId: bob.id, originRoomId: lobby.id });
      await h.call(ChatPatterns.SendMessage, { actor: alice, roomId: room.id, content: 'hello bob' });
      for (const [pattern, body] of [
        [ChatPatterns.GetRoom, { actor: eve, roomId: room.id }],
        [ChatPatterns.GetRoom, { roomId: room.id }],
        [ChatPatterns.ListMessages, { actor: eve, roomId: room.id }],
        [ChatPatterns.SendMessage, { actor: eve, roomId: room.id, content: 'let me in' }],
        [ChatPatterns.JoinRoom, { actor: eve, roomId: room.id, instance: 'gw-x', socketId: 'x' }],
      ] as const) {
        expect(await h.fail(pattern, body)).toMatchObject({ status: 403, message: ChatMessages.NotParticipant });
      }
      const history = await h.call<{ content: string }[]>(ChatPatterns.ListMessages, { actor: bob, roomId: room.id });
      expect(history.map((m) => m.content)).toEqual(['hello bob']);
      expect(await h.fail(ChatPatterns.GetRoom, { actor: eve, roomId: 987654 })).toMatchObject({ status: 404 });
    });

    it('lists chats with unread flags from the read position, and deleting hides it for one side only', async () => {
      const alice = h.actor('user');
      const bob = h.actor('user');
      const room = await h.call<RoomDto>(ChatPatterns.StartPrivateChat, { actor: alice, otherUserId: bob.id, originRoomId: lobby.id });
      await h.call(ChatPatterns.SendMessage, { actor: alice, roomId: room.id, content: 'are you there?', formatting: { bold: true, color: '#dc2626' } });

      const bobChats = await h.call<PrivateChatSummaryDto[]>(ChatPatterns.MyChats, { actor: bob });
      expect(bobChats).toEqual([
        expect.objectContaining({ id: room.id, hasUnreadMessages: true, otherParticipant: expect.objectContaining({ id: alice.id }), lastMessage: expect.objectContaining({ content: 'are you there?' }) }),
      ]);
      const aliceChats = await h.call<PrivateChatSummaryDto[]>(ChatPatterns.MyChats, { actor: alice });
      expect(aliceChats[0].hasUnreadMessages).toBe(false);

      await h.call(ChatPatterns.ListMessages, { actor: bob, roomId: room.id });
      expect((await h.call<PrivateChatSummaryDto[]>(ChatPatterns.MyChats, { actor: bob }))[0].hasUnreadMessages).toBe(false);

      const fromLobby = await h.call<PrivateChatSummaryDto[]>(ChatPatterns.PrivateChatsFromRoom, { actor: alice, roomId: lobby.id });
      expect(fromLobby.map((c) => c.id)).toEqual([room.id]);

      await h.call(ChatPatterns.DeleteRoom, { actor: bob, roomId: room.id });
      expect(await h.call(ChatPatterns.MyChats, { actor: bob })).toEqual([]);
      expect((await h.call<PrivateChatSummaryDto[]>(ChatPatterns.MyChats, { actor: alice })).map((c) => c.id)).toEqual([room.id]);
      // A new message brings it back for the one who deleted it.
      await h.call(ChatPatterns.SendMessage, { actor: alice, roomId: room.id, content: 'still there?' });
      expect((await h.call<PrivateChatSummaryDto[]>(ChatPatterns.MyChats, { actor: bob })).map((c) => c.id)).toEqual([room.id]);

      expect(await h.fail(ChatPatterns.DeleteRoom, { actor: h.actor('vip'), roomId: room.id })).toMatchObject({ status: 403 });
      expect(await h.fail(ChatPatterns.DeleteRoom, { actor: alice, roomId: lobby.id })).toMatchObject({ status: 403, message: ChatMessages.DeleteOnlyPrivate });
    });

    it('marketplace chats notify the seller and count as a conversation once both sides wrote', async () => {
      const buyer = h.actor('user');
      const seller = h.actor('seller', 'expert_anna');
      const sellerEvents = h.collect(chatUserEventSubject(seller.id));
      await h.nc.flush();
      const room = await h.call<RoomDto>(ChatPatterns.StartPrivateChat, { actor: buyer, otherUserId: seller.id, sellerId: 77, sellerName: 'Anna the Coach' });
      expect(room).toMatchObject({ origin: 'marketplace', sellerId: 77, name: 'Anna the Coach' });
      const conversation = () => h.call<{ exists: boolean }>(ChatPatterns.HasConversation, { userA: buyer.id, userB: seller.id });
      expect(await conversation()).toEqual({ exists: false });

      await h.call(ChatPatterns.SendMessage, { actor: buyer, roomId: room.id, content: 'I need career advice' });
      await eventually(() => expect(sellerEvents.frames.map((f) => f.type)).toEqual(['private_chat_created', 'seller_message_notification', 'notification']));
      expect(sellerEvents.frames[1]).toMatchObject({ roomId: room.id, buyer: { id: buyer.id }, message: { content: 'I need career advice' } });
      expect(sellerEvents.frames[2]).toMatchObject({ notification: { type: 'seller', roomId: room.id, content: 'I need career advice' } });
      expect(await conversation()).toEqual({ exists: false });

      await h.call(ChatPatterns.SendMessage, { actor: seller, roomId: room.id, content: 'Happy to help' });
      expect(await conversation()).toEqual({ exists: true });
      expect(await h.call(ChatPatterns.HasConversation, { userA: seller.id, userB: buyer.id })).toEqual({ exists: true });

      const buyerChats = await h.call<PrivateChatSummaryDto[]>(ChatPatterns.MarketplaceChats, { actor: buyer });
      expect(buyerChats).toEqual([expect.objectContaining({ id: room.id, name: 'Anna the Coach', lastMessage: expect.objectContaining({ content: 'Happy to help', sender: expect.objectContaining({ username: 'expert_anna' }) }) })]);
      const sellerChats = await h.call<PrivateChatSummaryDto[]>(ChatPatterns.MarketplaceChats, { actor: seller });
      expect(sellerChats[0].name).toBe(buyer.username);

      // The seller's own message brought the seller no notification: the buyer's next one, sent
      // after it was answered, is the very next thing the seller hears.
      const marker = await h.call<MessageDto>(ChatPatterns.SendMessage, { actor: buyer, roomId: room.id, content: 'Thank you' });
      await eventually(() => expect(sellerEvents.frames).toContainEqual(expect.objectContaining({ message: expect.objectContaining({ id: marker.id }) })));
      expect(sellerEvents.frames.map((f) => f.type).slice(0, 4)).toEqual(['private_chat_created', 'seller_message_notification', 'notification', 'seller_message_notification']);
      expect(sellerEvents.frames[3]).toMatchObject({ message: { id: marker.id } });
      sellerEvents.sub.unsubscribe();
    });
  });
});
