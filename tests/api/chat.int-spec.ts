/* eslint-disable @typescript-eslint/no-explicit-any -- bodies and frames are loose JSON read as a browser would */
import 'reflect-metadata';
import { CHAT_SOCKET_SEND_SUBJECT, ChatMessages, SafetyMessages } from '@app/contracts';
import { eventually } from '@app/testing';
import { SocketSendsListener } from '@app/chat-svc/src/messages/socket-sends.listener';
import { startChatStack, type ChatStack } from './chat-stack';
import type { SignedIn } from './support/gateway-harness';

jest.setTimeout(30_000);

describe('gateway chat routes and socket frames', () => {
  let s: ChatStack;
  beforeAll(async () => {
    s = await startChatStack();
  });
  afterAll(() => s.stop());

  const newRoom = async (name: string, extra: object = {}) => {
    const res = await s.api('POST', '/api/rooms', s.signIn('vip'), { name, category: 'general', description: 'Test room', ...extra });
    expect(res.status).toBe(201);
    return res.body.id as number;
  };

  describe('REST', () => {
    it('creates public rooms for premium roles only and lists them with filters', async () => {
      expect((await s.api('POST', '/api/rooms', undefined, { name: 'Nope', category: 'general' })).status).toBe(401);
      const refused = await s.api('POST', '/api/rooms', s.signIn('user'), { name: 'Nope', category: 'general' });
      expect(refused).toMatchObject({ status: 403, body: { message: ChatMessages.CreateRoomPremium, messageCode: { code: 'room_create_premium' } } });
      const bad = await s.api('POST', '/api/rooms', s.signIn('vip'), { name: '', category: 'x', maxUsers: 1 });
      expect(bad.status).toBe(400);
      expect(bad.body.fields).toMatchObject({ name: ['Room name is required'], category: ['Category is required'], maxUsers: ['Max users must be at least 2'] });
      expect(bad.body.fieldCodes).toEqual({
        name: [{ code: 'room_name_required' }],
        category: [{ code: 'room_category_required' }],
        maxUsers: [{ code: 'room_max_users_too_few', params: { min: 2 } }],
      });
      const created = await s.api('POST', '/api/rooms', s.signIn('vip'), {
        name: 'Gamers Den', description: 'Play together', category: 'gaming', maxUsers: 100, customRules: '', messageCooldown: 30, type: 'public', allowImages: false, allowGifs: false,
      });
      expect(created).toMatchObject({ status: 201, body: { id: expect.any(Number), name: 'Gamers Den', category: 'gaming' } });
      const listed = await s.api('GET', '/api/rooms?type=public&category=gaming&q=play');
      expect(listed.body).toEqual([expect.objectContaining({ id: created.body.id, onlineCount: 0 })]);
      expect((await s.api('GET', '/api/rooms?type=public&category=cooking')).status).toBe(400);
      expect((await s.api('GET', `/api/rooms/${created.body.id}`)).body).toMatchObject({ name: 'Gamers Den', type: 'public' });
      expect((await s.api('GET', '/api/rooms/abc')).status).toBe(400);
      expect((await s.api('GET', '/api/rooms/999999')).status).toBe(404);
    });

    it('sends through REST with the spec 429 body and keeps private history to participants', async () => {
      const roomId = await newRoom('Rest Room');
      const user = s.signIn('user');
      await s.enter(user, roomId);
      const sent = await s.api('POST', `/api/rooms/${roomId}/messages`, user, { content: 'hello from rest', type: 'text', formatting: { fontSize: 14 } });
      expect(sent).toMatchObject({ status: 201, body: { content: 'hello from rest', seq: 1, sender: { id: user.user.id } } });
      const limited = await s.api('POST', `/api/rooms/${roomId}/messages`, user, { content: 'again' });
      expect(limited.status).toBe(429);
      expect(limited.body).toMatchObject({ error: 'rate_limit', code: 'rate_limit', waitTime: expect.any(Number) });
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      const guest = await s.api('POST', `/api/rooms/${roomId}/messages`, s.signIn('guest'), { content: 'hi' });
      expect(guest).toMatchObject({ status: 403, body: { message: ChatMessages.GuestsReadOnly, messageCode: { code: 'message_guests_read_only' } } });
      expect((await s.api('POST', `/api/rooms/${roomId}/messages`, s.signIn('vip'), { content: '  ' })).status).toBe(400);

      const alice = s.signIn('user');
      const bob = s.signIn('user');
      const self = await s.api('POST', '/api/rooms/private', alice, { userId: alice.user.id, originRoomId: roomId });
      expect(self).toMatchObject({ status: 400, body: { message: 'You cannot start a private chat with yourself' } });
      const chat = await s.api('POST', '/api/rooms/private', alice, { userId: bob.user.id, originRoomId: roomId });
      expect(chat.status).toBe(201);
      expect((await s.api('POST', '/api/rooms/private', alice, { userId: bob.user.id, originRoomId: roomId })).body.id).toBe(chat.body.id);
      await s.api('POST', `/api/rooms/${chat.body.id}/messages`, alice, { content: 'psst', formatting: { underline: true } });
      expect((await s.api('GET', `/api/rooms/${chat.body.id}/messages`, s.signIn('vip'))).status).toBe(403);
      expect((await s.api('GET', `/api/rooms/${chat.body.id}/messages`)).status).toBe(403);
      expect((await s.api('GET', `/api/rooms/${chat.body.id}/messages`, bob)).body.map((m: any) => m.content)).toEqual(['psst']);
      expect((await s.api('GET', '/api/rooms/my-chats', bob)).body).toEqual([expect.objectContaining({ id: chat.body.id, hasUnreadMessages: false })]);
      expect((await s.api('GET', `/api/rooms/${roomId}/private-chats`, alice)).body.map((c: any) => c.id)).toEqual([chat.body.id]);
      expect((await s.api('DELETE', `/api/rooms/${chat.body.id}`, bob)).status).toBe(200);
      expect((await s.api('GET', '/api/rooms/my-chats', bob)).body).toEqual([]);
    });

    it('answers sends arriving together each by its own sender, room and client id, as it answers them alone', async () => {
      const roomId = await newRoom('Meeting Place');
      const [alice, bob, carol, dave, eve] = ['user', 'user', 'user', 'user', 'vip'].map((role) => s.signIn(role as 'user' | 'vip'));
      const chatOf = async (from: SignedIn, to: SignedIn) => (await s.api('POST', '/api/rooms/private', from, { userId: to.user.id, originRoomId: roomId })).body.id as number;
      const [walledOff, open] = [await chatOf(alice, bob), await chatOf(carol, dave)];
      expect((await s.api('POST', '/api/blocks', bob, { userId: alice.user.id })).status).toBe(201);
      const first = await s.api('POST', `/api/rooms/${open}/messages`, carol, { content: 'first', clientId: 'together-first' });
      expect(first.status).toBe(201);

      const send = (who: SignedIn, room: number, content: string, clientId?: string) => s.api('POST', `/api/rooms/${room}/messages`, who, { content, ...(clientId ? { clientId } : {}) });
      const round = (n: number) => [
        send(alice, walledOff, `from the blocked ${n}`),
        send(bob, walledOff, `from the blocker ${n}`),
        send(carol, open, `carol ${n}`),
        send(dave, open, `dave ${n}`),
        send(eve, open, `not hers ${n}`),
        send(carol, open, 'first', 'together-first'),
        send(dave, 999_999, `nowhere ${n}`),
      ];
      const alone = [];
      for (const sent of round(0)) alone.push(await sent);
      // Three rounds at once: the sends wait for each other's reads of the rules and go together.
      const together = await Promise.all([1, 2, 3].flatMap(round));
      const verdict = (res: { status: number; body: any }) => (res.status === 201 ? 201 : `${res.status} ${res.body.message}`);
      expect(alone.map(verdict)).toEqual([
        `403 ${SafetyMessages.CannotReply}`,
        `403 ${SafetyMessages.youBlocked(alice.user.username)}`,
        201,
        201,
        expect.stringMatching(/^40[34] /),
        201,
        `404 ${ChatMessages.RoomNotFound}`,
      ]);
      expect(together.map(verdict)).toEqual([...alone, ...alone, ...alone].map(verdict));
      // The retry is the first message each time, stored once.
      for (const retry of [alone[5], together[5], together[12], together[19]]) expect(retry.body).toMatchObject({ id: first.body.id, seq: first.body.seq });
      const stored = (await s.api('GET', `/api/rooms/${open}/messages`, carol)).body.map((m: any) => m.content);
      expect(stored.filter((c: string) => c === 'first')).toHaveLength(1);
      expect(stored.filter((c: string) => /^(carol|dave) /.test(c))).toHaveLength(8);
    });

    it('starts marketplace chats by seller id and answers 404 for an unknown seller', async () => {
      const expert = s.signIn('seller');
      s.sellers.set(31, { id: 31, userId: expert.user.id, displayName: 'Dr. Career' });
      const buyer = s.signIn('user');
      expect(await s.api('POST', '/api/rooms/private', buyer, { sellerId: 404404 })).toMatchObject({ status: 404, body: { message: 'Seller not found' } });
      const chat = await s.api('POST', '/api/rooms/private', buyer, { sellerId: 31 });
      expect(chat).toMatchObject({ status: 201, body: { origin: 'marketplace', sellerId: 31, name: 'Dr. Career' } });
      expect((await s.api('POST', '/api/rooms/private', buyer, {})).status).toBe(400);
      expect((await s.api('GET', '/api/rooms/marketplace-chats', buyer)).body).toEqual([expect.objectContaining({ id: chat.body.id, name: 'Dr. Career' })]);
    });

    it("holds every sender, VIP included, to a room's images and GIFs switches", async () => {
      const send = (who: SignedIn, roomId: number, type: string, content: string) =>
        s.api('POST', `/api/rooms/${roomId}/messages`, who, { content, type });
      const closed = await newRoom('No Pictures', { messageCooldown: 0, allowImages: false, allowGifs: false });
      const photosOnly = await newRoom('Photos Only', { messageCooldown: 0, allowImages: true, allowGifs: false });
      const vip = s.signIn('vip');
      const moderator = s.signIn('moderator');
      for (const roomId of [closed, photosOnly]) {
        await s.enter(vip, roomId);
        await s.enter(moderator, roomId);
      }
      for (const who of [vip, moderator]) {
        expect(await send(who, closed, 'image', '/media/chat/a/pic.webp')).toMatchObject({ status: 403, body: { message: ChatMessages.ImagesOff } });
        expect(await send(who, closed, 'gif', '/media/chat/a/fun.gif')).toMatchObject({ status: 403, body: { message: ChatMessages.GifsOff } });
        expect(await send(who, photosOnly, 'gif', '/media/chat/a/fun.gif')).toMatchObject({ status: 403, body: { message: ChatMessages.GifsOff } });
        expect(await send(who, photosOnly, 'image', '/media/chat/a/pic.webp')).toMatchObject({ status: 201, body: { type: 'image' } });
      }
      // Nothing refused reached the room.
      expect((await s.api('GET', `/api/rooms/${closed}/messages`, vip)).body).toEqual([]);
      // A private chat has no such switches: premium members send pictures there as ever.
      const chat = await s.api('POST', '/api/rooms/private', vip, { userId: moderator.user.id, originRoomId: closed });
      expect(await send(vip, chat.body.id, 'gif', '/media/chat/a/fun.gif')).toMatchObject({ status: 201, body: { type: 'gif' } });
    });

    it('serves the landing preview and stats, with a silent service as null', async () => {
      const roomId = await newRoom('Preview Room', { messageCooldown: 0 });
      const vip = s.signIn('vip');
      await s.enter(vip, roomId);
      // Conversation only: the bare number is left out of the preview.
      const said = ['Welcome to the preview room', 'Who is up for a movie night', '12345', 'Count me in for Saturday', 'Bring popcorn and good company'];
      for (const text of said) await s.api('POST', `/api/rooms/${roomId}/messages`, vip, { content: text });
      const recent = await s.api('GET', '/api/messages/recent?limit=3');
      expect(recent.body.map((m: any) => m.content)).toEqual(['Who is up for a movie night', 'Count me in for Saturday', 'Bring popcorn and good company']);
      expect(recent.body[0].sender.role).toBe('vip');
      expect((await s.api('GET', '/api/messages/recent?limit=500')).status).toBe(400);
      const stats = await s.api('GET', '/api/stats');
      expect(stats).toMatchObject({ status: 200, body: { totalUsers: expect.any(Number), rating: null } });
    });
  });

  describe('socket', () => {
    it('joins, fans messages out once to everyone in the room, acknowledges sends and announces arrivals', async () => {
      const roomId = await newRoom('Socket Room', { messageCooldown: 0 });
      const vip = s.signIn('vip', 'vivi');
      const user = s.signIn('user', 'uma');
      const a = await s.socket(vip);
      a.send({ type: 'join_room', roomId });
      expect((await a.next('room_joined')).room).toMatchObject({ id: roomId, name: 'Socket Room' });
      expect(await a.next('room_messages')).toMatchObject({ roomId, messages: [] });
      expect((await a.next('online_users')).users.map((u: any) => u.username)).toEqual(['vivi']);

      const b = await s.socket(user);
      b.send({ type: 'join_room', roomId });
      expect((await b.next('online_users')).users.map((u: any) => u.username)).toEqual(['vivi', 'uma']);
      expect(await a.next('user_joined')).toMatchObject({ roomId, user: { username: 'uma', role: 'user' } });

      a.send({ type: 'send_message', content: 'hi all', messageType: 'text', formatting: { bold: true }, clientId: 'a-1' });
      const ack = await a.next('message_ack');
      expect(ack).toMatchObject({ clientId: 'a-1', message: { content: 'hi all', seq: 1, formatting: { bold: true } } });
      expect((await b.next('new_message')).message).toMatchObject({ id: ack.message.id, sender: { username: 'vivi' } });
      expect((await a.next('new_message')).message.id).toBe(ack.message.id);
      // The retry of a send stores nothing new.
      a.send({ type: 'send_message', content: 'hi all', clientId: 'a-1' });
      expect((await a.next('message_ack')).message.id).toBe(ack.message.id);
      // The next message, sent once the retry was answered, is the next one b sees.
      a.send({ type: 'send_message', content: 'and more', clientId: 'a-2' });
      const later = await a.next('message_ack');
      expect((await b.next('new_message')).message.id).toBe(later.message.id);
      expect(b.ofType('new_message').map((f) => f.message.id)).toEqual([ack.message.id, later.message.id]);

      b.send({ type: 'leave_room' });
      await b.next('room_left');
      expect(await a.next('user_left')).toMatchObject({ user: { username: 'uma' } });
      a.close();
      b.close();
    });

    it('leaves a socket in its room when a join is refused, its sends and stream going on', async () => {
      const roomId = await newRoom('Staying Room', { messageCooldown: 0 });
      const full = await newRoom('Full Room', { maxUsers: 2 });
      const vipRoom = await newRoom('Velvet Room', { vipOnly: true });
      const vip = s.signIn('vip', 'vera');
      const user = s.signIn('user', 'ulla');
      const [p1, p2] = [s.signIn('user'), s.signIn('user')];
      await s.enter(p1, full);
      await s.enter(p2, full);
      const chat = await s.api('POST', '/api/rooms/private', p1, { userId: p2.user.id, originRoomId: roomId });

      const host = await s.enter(vip, roomId);
      const guest = await s.socket(user);
      guest.send({ type: 'join_room', roomId });
      await guest.next('online_users');
      const refusals = [
        [chat.body.id, ChatMessages.NotParticipant, 'room_not_participant'],
        [full, ChatMessages.RoomFull, 'room_full'],
        [vipRoom, ChatMessages.VipRoom, 'room_vip_members_only'],
      ] as const;
      for (const [refused, message, code] of refusals) {
        guest.send({ type: 'join_room', roomId: refused });
        expect(await guest.next('error')).toMatchObject({ message, messageCode: { code } });
      }
      // Still in its room: what it sends arrives there, and it hears the room.
      guest.send({ type: 'send_message', content: 'still here', clientId: 'g-1' });
      expect((await guest.next('message_ack')).message).toMatchObject({ roomId, content: 'still here' });
      expect((await host.next('new_message')).message).toMatchObject({ content: 'still here', sender: { username: 'ulla' } });
      host.send({ type: 'send_message', content: 'welcome back', clientId: 'h-1' });
      await guest.next('new_message');
      expect((await guest.next('new_message')).message).toMatchObject({ roomId, content: 'welcome back' });
      expect(host.ofType('user_left')).toEqual([]);
      guest.close();
      host.close();
    });

    it('marks a private message read as it arrives on its own new_message frame, with no frame of its own', async () => {
      const roomId = await newRoom('Receipts Room', { messageCooldown: 0 });
      const [writer, reader] = [s.signIn('user', 'wren'), s.signIn('user', 'rhea')];
      const chat = await s.api('POST', '/api/rooms/private', writer, { userId: reader.user.id, originRoomId: roomId });
      const writing = await s.enter(writer, chat.body.id);
      const reading = await s.enter(reader, chat.body.id);
      const marksBefore = writing.ofType('messages_read').length;

      writing.send({ type: 'send_message', content: 'read me', clientId: 'w-1' });
      const ack = await writing.next('message_ack');
      const readBy = { userId: reader.user.id, readAt: ack.message.createdAt };
      expect(await reading.next('new_message')).toMatchObject({ message: { id: ack.message.id }, readBy });
      expect(await writing.next('new_message')).toMatchObject({ message: { id: ack.message.id }, readBy });
      // The reader's answer comes after anything the send produced: no messages_read came between.
      reading.send({ type: 'send_message', content: 'I did', clientId: 'r-1' });
      expect((await writing.next('new_message')).message).toMatchObject({ content: 'I did' });
      expect(writing.ofType('messages_read')).toHaveLength(marksBefore);
      // A reload shows the same mark.
      const room = await s.api('GET', `/api/rooms/${chat.body.id}`, writer);
      expect(room.body.participants.find((p: any) => p.id === reader.user.id).lastRead).toMatchObject({ seq: ack.message.seq + 1 });
      writing.close();
      reading.close();
    });

    it('edits and deletes one’s own message over REST, live for the room and for someone joining after', async () => {
      const roomId = await newRoom('Edit Room', { messageCooldown: 0 });
      const vip = s.signIn('vip', 'edie');
      const other = s.signIn('user', 'otto');
      const a = await s.socket(vip);
      a.send({ type: 'join_room', roomId });
      await a.next('online_users');
      const b = await s.socket(other);
      b.send({ type: 'join_room', roomId });
      await b.next('online_users');

      a.send({ type: 'send_message', content: 'first draft', clientId: 'e-1' });
      const { message } = await a.next('message_ack');
      await b.next('new_message');
      expect((await s.api('PATCH', `/api/messages/${message.id}`, vip, { content: '' })).body.fields).toEqual({ content: ['Message cannot be empty'] });
      expect((await s.api('PATCH', '/api/messages/abc', vip, { content: 'x' })).status).toBe(400);
      expect((await s.api('PATCH', '/api/messages/999999', vip, { content: 'x' })).status).toBe(404);
      expect((await s.api('PATCH', `/api/messages/${message.id}`, undefined, { content: 'x' })).status).toBe(401);
      expect(await s.api('PATCH', `/api/messages/${message.id}`, other, { content: 'mine now' })).toMatchObject({ status: 403, body: { message: ChatMessages.NotYourMessage } });

      const edited = await s.api('PATCH', `/api/messages/${message.id}`, vip, { content: 'final words' });
      expect(edited).toMatchObject({ status: 200, body: { id: message.id, content: 'final words', editedAt: expect.any(String) } });
      expect(await b.next('message_edited')).toEqual({ type: 'message_edited', roomId, message: edited.body });
      // Someone who joins next gets the message as it reads now, from the gateway's replay too.
      const c = await s.socket(s.signIn('user', 'cleo'));
      c.send({ type: 'join_room', roomId });
      expect((await c.next('room_messages')).messages).toEqual([expect.objectContaining({ id: message.id, content: 'final words' })]);

      expect((await s.api('DELETE', `/api/messages/${message.id}`, other)).status).toBe(403);
      expect(await s.api('DELETE', `/api/messages/${message.id}`, vip)).toMatchObject({ status: 200, body: { ok: true } });
      expect(await b.next('message_deleted')).toEqual({ type: 'message_deleted', roomId, messageId: message.id, seq: message.seq, removedBy: 'sender' });
      expect((await s.api('DELETE', `/api/messages/${message.id}`, vip)).status).toBe(409);
      const history = await s.api('GET', `/api/rooms/${roomId}/messages`);
      expect(history.body).toEqual([expect.objectContaining({ id: message.id, content: '', removedBy: 'sender' })]);
      for (const socket of [a, b, c]) socket.close();
    });

    it('adds and takes back reactions over REST with the emoji in the path, live for the room', async () => {
      const roomId = await newRoom('Reaction Room', { messageCooldown: 0 });
      const vip = s.signIn('vip', 'rita');
      const other = s.signIn('user', 'remy');
      const a = await s.socket(vip);
      a.send({ type: 'join_room', roomId });
      await a.next('online_users');
      await s.enter(other, roomId);
      a.send({ type: 'send_message', content: 'react to this', clientId: 'r-1' });
      const { message } = await a.next('message_ack');

      const path = (emoji: string) => `/api/messages/${message.id}/reactions/${encodeURIComponent(emoji)}`;
      expect((await s.api('PUT', path('🙏'), undefined)).status).toBe(401);
      const notEmoji = (await s.api('PUT', path('hello'), other)).body;
      expect([notEmoji.fields, notEmoji.fieldCodes]).toEqual([{ emoji: [ChatMessages.ReactionEmoji] }, { emoji: [{ code: 'reaction_emoji' }] }]);
      const added = await s.api('PUT', path('🙏🏾'), other);
      expect(added).toMatchObject({ status: 200, body: [{ emoji: '🙏🏾', count: 1, users: [{ id: other.user.id, username: 'remy' }] }] });
      expect(await a.next('reactions_changed')).toEqual({ type: 'reactions_changed', roomId, messageId: message.id, seq: message.seq, reactions: added.body });
      expect((await s.api('DELETE', path('🙏🏾'), other)).body).toEqual([]);
      expect((await a.next('reactions_changed')).reactions).toEqual([]);
      a.close();
    });

    it('answers a send in the socket’s room by the room’s own message, and by request when no listener answers that way', async () => {
      const roomId = await newRoom('Echo Room', { messageCooldown: 0 });
      const a = await s.enter(s.signIn('vip'), roomId);
      // The sends published, and what chat-svc writes to their reply subjects (the gateway's inbox), in order.
      const published: string[] = [];
      const answers: Array<{ subject: string; body: any }> = [];
      const sends = s.nc.subscribe(CHAT_SOCKET_SEND_SUBJECT, { callback: (_error, msg) => published.push(msg.reply ?? '') });
      const inbox = s.nc.subscribe('_INBOX.>', { callback: (_error, msg) => published.includes(msg.subject) && answers.push({ subject: msg.subject, body: msg.json() }) });
      await s.nc.flush();
      try {
        a.send({ type: 'send_message', content: 'answered by the room', clientId: 'echo-1' });
        const ack = await a.next('message_ack');
        expect(ack).toMatchObject({ clientId: 'echo-1', message: { content: 'answered by the room', seq: 1 } });
        expect((await a.next('new_message')).message.id).toBe(ack.message.id);
        // A retry publishes nothing: its earlier message comes on the reply subject, as does a refusal.
        a.send({ type: 'send_message', content: 'answered by the room', clientId: 'echo-1' });
        expect((await a.next('message_ack')).message.id).toBe(ack.message.id);
        a.send({ type: 'send_message', content: 'x', formatting: { fontSize: 99 }, clientId: 'echo-2' });
        expect(await a.next('error')).toMatchObject({ clientId: 'echo-2', fields: { 'formatting.fontSize': expect.any(Array) } });
        await eventually(() => expect(answers).toHaveLength(2));
        expect(published).toHaveLength(3);
        expect(answers.map((answer) => answer.subject)).toEqual([published[1], published[2]]);
        expect(answers.map((answer) => answer.body)).toEqual([
          { message: expect.objectContaining({ id: ack.message.id }) },
          { error: expect.objectContaining({ status: 400, fields: { 'formatting.fontSize': expect.any(Array) } }) },
        ]);

        // No chat-svc listens on the subject (a replica from before it, mid-upgrade): NATS says so at
        // once, and the send goes by request rather than waiting out its 5 s.
        sends.unsubscribe();
        const listener = s.chat.get(SocketSendsListener);
        await listener.beforeApplicationShutdown();
        try {
          const started = Date.now();
          a.send({ type: 'send_message', content: 'answered by request', clientId: 'echo-3' });
          const byRequest = await a.next('message_ack');
          expect(Date.now() - started).toBeLessThan(3000);
          expect(byRequest).toMatchObject({ clientId: 'echo-3', message: { content: 'answered by request', seq: 2 } });
          expect((await s.api('GET', `/api/rooms/${roomId}/messages`)).body.map((m: any) => m.content)).toEqual(['answered by the room', 'answered by request']);
        } finally {
          await listener.onModuleInit();
        }
      } finally {
        sends.unsubscribe();
        inbox.unsubscribe();
        a.close();
      }
    });

    it('answers refused sends with an error frame carrying the code, waitTime and client id', async () => {
      const roomId = await newRoom('Strict Room', { messageCooldown: 60 });
      const user = await s.socket(s.signIn('user'));
      user.send({ type: 'send_message', content: 'too early' });
      expect(await user.next('error')).toMatchObject({ code: 'validation_failed', message: 'Join a room before sending messages' });
      user.send({ type: 'join_room', roomId });
      await user.next('online_users');
      user.send({ type: 'send_message', content: 'first', clientId: 'u-1' });
      await user.next('message_ack');
      user.send({ type: 'send_message', content: 'second', clientId: 'u-2' });
      const error = await user.next('error');
      expect(error).toMatchObject({ code: 'rate_limit', error: 'rate_limit', clientId: 'u-2' });
      expect(error.waitTime).toBeGreaterThan(55_000);
      user.send({ type: 'send_message', content: 'x', formatting: { fontSize: 99 } });
      expect((await user.next('error')).fields).toHaveProperty(['formatting.fontSize']);

      const guest = await s.socket(s.signIn('guest'));
      guest.send({ type: 'join_room', roomId });
      await guest.next('room_joined');
      guest.send({ type: 'send_message', content: 'hello?' });
      expect(await guest.next('error')).toMatchObject({ code: 'forbidden', message: ChatMessages.GuestsReadOnly });
      user.close();
      guest.close();
    });

    it('catches a returning client up from its last sequence number', async () => {
      const roomId = await newRoom('Catch-up Room', { messageCooldown: 0 });
      const vip = s.signIn('vip');
      await s.enter(vip, roomId);
      for (let i = 1; i <= 4; i++) await s.api('POST', `/api/rooms/${roomId}/messages`, vip, { content: `m${i}` });
      const back = await s.socket(s.signIn('user'));
      back.send({ type: 'join_room', roomId, lastSeq: 2 });
      expect((await back.next('room_messages')).messages.map((m: any) => m.content)).toEqual(['m3', 'm4']);
      back.close();
    });

    it('tells the other person about a new private chat and a seller about a buyer message anywhere', async () => {
      const lobby = await newRoom('Lobby Two', { messageCooldown: 0 });
      const alice = s.signIn('user');
      const bob = s.signIn('user');
      const bobSocket = await s.socket(bob);
      await s.api('POST', '/api/rooms/private', alice, { userId: bob.user.id, originRoomId: lobby });
      expect(await bobSocket.next('private_chat_created')).toMatchObject({ by: { id: alice.user.id }, chat: { otherParticipant: { id: alice.user.id } } });

      const expert = s.signIn('seller');
      s.sellers.set(32, { id: 32, userId: expert.user.id, displayName: 'Coach' });
      const expertSocket = await s.socket(expert);
      const chat = await s.api('POST', '/api/rooms/private', alice, { sellerId: 32 });
      await s.api('POST', `/api/rooms/${chat.body.id}/messages`, alice, { content: 'Are you free for a call?' });
      expect(await expertSocket.next('seller_message_notification')).toMatchObject({
        roomId: chat.body.id,
        buyer: { id: alice.user.id },
        message: { content: 'Are you free for a call?' },
      });
      // Only participants may join a private room.
      const stranger = await s.socket(s.signIn('vip'));
      stranger.send({ type: 'join_room', roomId: chat.body.id });
      expect(await stranger.next('error')).toMatchObject({ code: 'forbidden' });
      for (const socket of [bobSocket, expertSocket, stranger]) socket.close();
    });
  });
});
