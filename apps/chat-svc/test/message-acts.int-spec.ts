import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import {
  ChatMessages,
  ChatPatterns,
  chatRoomEventSubject,
  EDIT_WINDOW_MS,
  ErrorCode,
  SafetyMessages,
  type ActorDto,
  type MessageDto,
  type ReactionDto,
  type RoomDto,
} from '@app/contracts';
import { eventually, ManualClock, uniqueName } from '@app/testing';
import { startChatHarness, type ChatHarness } from './chat-harness';

/** Editing and deleting one's own messages: the window, the owner, the rules of sending, and the room told at once. */
describe('editing and deleting one’s own messages', () => {
  let h: ChatHarness;
  const clock = new ManualClock(Date.now());

  beforeAll(async () => {
    h = await startChatHarness({ clock });
  }, 60_000);
  afterAll(() => h?.stop());

  const sql = (query: string, params: unknown[] = []) => h.apps[0].get(MikroORM).em.getConnection().execute(query, params);
  const publicRoom = async (cooldown = 0) => {
    const creator = h.actor('moderator');
    return h.call<RoomDto>(ChatPatterns.CreateRoom, { name: uniqueName('Edits'), category: 'general', messageCooldown: cooldown, allowImages: true, actor: creator });
  };
  const send = (actor: ActorDto, roomId: number, content: string) => h.call<MessageDto>(ChatPatterns.SendMessage, { actor, roomId, content });
  const edit = (actor: ActorDto, messageId: number, content: string) => h.call<MessageDto>(ChatPatterns.EditMessage, { actor, messageId, content });
  const history = (actor: ActorDto, roomId: number) => h.call<MessageDto[]>(ChatPatterns.ListMessages, { actor, roomId });

  it('edits one’s own text message for everyone in the room, marked edited, and keeps it so in the history', async () => {
    const room = await publicRoom();
    const [ana, bo] = [h.actor('vip'), h.actor('user')];
    for (const person of [ana, bo]) await h.enter(person, room.id);
    const events = h.collect(chatRoomEventSubject(room.id));
    await h.nc.flush();

    const sent = await send(ana, room.id, 'See you at noon');
    const edited = await edit(ana, sent.id, 'See you at one');
    expect(edited).toMatchObject({ id: sent.id, seq: sent.seq, content: 'See you at one', type: 'text', editedAt: expect.any(String) });
    await eventually(() => expect(events.frames).toContainEqual({ type: 'message_edited', roomId: room.id, message: edited }));
    expect((await history(bo, room.id)).find((m) => m.id === sent.id)).toEqual(edited);
    // Offensive words are masked as they are when sent.
    expect((await edit(ana, sent.id, 'what the fuck')).content).toBe('what the f***');
    events.sub.unsubscribe();
  });

  it('refuses someone else’s message, an unknown one, media, and bad words with the answers a client can show', async () => {
    const room = await publicRoom();
    const [ana, bo] = [h.actor('vip'), h.actor('user')];
    for (const person of [ana, bo]) await h.enter(person, room.id);
    const sent = await send(ana, room.id, 'Mine alone');

    expect(await h.fail(ChatPatterns.EditMessage, { actor: bo, messageId: sent.id, content: 'hijacked' })).toMatchObject({ status: 403, message: ChatMessages.NotYourMessage });
    expect(await h.fail(ChatPatterns.DeleteMessage, { actor: bo, messageId: sent.id })).toMatchObject({ status: 403, message: ChatMessages.NotYourMessage });
    expect(await h.fail(ChatPatterns.EditMessage, { actor: ana, messageId: 987_654_321, content: 'x' })).toMatchObject({ status: 404, message: ChatMessages.MessageNotFound });
    expect(await h.fail(ChatPatterns.EditMessage, { actor: ana, messageId: sent.id, content: '   ' })).toMatchObject({
      status: 400,
      code: ErrorCode.ValidationFailed,
      fields: { content: ['Message cannot be empty'] },
    });
    expect((await h.fail(ChatPatterns.EditMessage, { actor: ana, messageId: sent.id, content: 'x'.repeat(2001) })).fields).toHaveProperty('content');

    const image = await h.call<MessageDto>(ChatPatterns.SendMessage, { actor: ana, roomId: room.id, content: '/media/chat/a/b.webp', type: 'image' });
    expect(await h.fail(ChatPatterns.EditMessage, { actor: ana, messageId: image.id, content: 'now words' })).toMatchObject({ status: 403, message: ChatMessages.EditOnlyText });
    expect((await history(ana, room.id)).find((m) => m.id === sent.id)).toMatchObject({ content: 'Mine alone' });
  });

  it('lets an edit in for 15 minutes and not a millisecond after', async () => {
    const room = await publicRoom();
    const ana = h.actor('vip');
    await h.enter(ana, room.id);
    // The stored time is the database's; the window is measured on the service's clock from it.
    const sent = await send(ana, room.id, 'first words');
    clock.advance(Date.parse(sent.createdAt) + EDIT_WINDOW_MS - clock.now());
    await expect(edit(ana, sent.id, 'last chance')).resolves.toMatchObject({ content: 'last chance' });
    clock.advance(1);
    expect(await h.fail(ChatPatterns.EditMessage, { actor: ana, messageId: sent.id, content: 'too late' })).toMatchObject({
      status: 403,
      message: ChatMessages.EditWindowPassed,
    });
    // Deleting has no window.
    await expect(h.call(ChatPatterns.DeleteMessage, { actor: ana, messageId: sent.id })).resolves.toEqual({ ok: true });
  });

  it('holds an edit to the rules of sending: muted, out of the room, over the cooldown or blocked in a private chat cannot', async () => {
    const room = await publicRoom(30);
    const [user, friend] = [h.actor('user'), h.actor('user')];
    await h.enter(user, room.id);
    const sent = await send(user, room.id, 'hello everyone');
    // A regular user's cooldown counts edits as it counts sends: an edit is no way around it.
    expect((await h.fail(ChatPatterns.EditMessage, { actor: user, messageId: sent.id, content: 'a second message in disguise' })).status).toBe(429);

    const open = await publicRoom();
    await h.enter(user, open.id);
    const mine = await send(user, open.id, 'soon muted');
    await sql(`insert into user_mutes (user_id, ends_at, reason, created_by_id, created_at) values (?, now() + interval '1 hour', 'spam', 1, now())`, [user.id]);
    expect(await h.fail(ChatPatterns.EditMessage, { actor: user, messageId: mine.id, content: 'still talking' })).toMatchObject({ status: 403, code: 'muted' });
    await sql('update user_mutes set lifted_at = now() where user_id = ?', [user.id]);

    await h.call(ChatPatterns.LeaveRoom, { userId: user.id, roomId: open.id, instance: 'harness-gateway', socketId: `harness-${user.id}` });
    expect(await h.fail(ChatPatterns.EditMessage, { actor: user, messageId: mine.id, content: 'from outside' })).toMatchObject({ status: 403, message: SafetyMessages.JoinToSend });

    const chat = await h.call<RoomDto>(ChatPatterns.StartPrivateChat, { actor: user, otherUserId: friend.id, originRoomId: room.id });
    const whisper = await send(user, chat.id, 'just us');
    await sql('insert into user_blocks (blocker_id, blocked_id, created_at) values (?, ?, now())', [friend.id, user.id]);
    expect((await h.fail(ChatPatterns.EditMessage, { actor: user, messageId: whisper.id, content: 'changed' })).status).toBe(403);
    // The sender may still take their own words back.
    await expect(h.call(ChatPatterns.DeleteMessage, { actor: user, messageId: whisper.id })).resolves.toEqual({ ok: true });
  });

  it('deletes one’s own message for everyone, shown as deleted by its sender, once', async () => {
    const room = await publicRoom();
    const [ana, bo] = [h.actor('vip'), h.actor('user')];
    for (const person of [ana, bo]) await h.enter(person, room.id);
    const events = h.collect(chatRoomEventSubject(room.id));
    await h.nc.flush();

    const sent = await send(ana, room.id, 'I should not have said that');
    await expect(h.call(ChatPatterns.DeleteMessage, { actor: ana, messageId: sent.id })).resolves.toEqual({ ok: true });
    await eventually(() =>
      expect(events.frames).toContainEqual({ type: 'message_deleted', roomId: room.id, messageId: sent.id, seq: sent.seq, removedBy: 'sender' }),
    );
    const kept = (await history(bo, room.id)).find((m) => m.id === sent.id);
    expect(kept).toMatchObject({ content: '', removedBy: 'sender', formatting: null, metadata: null });
    expect(kept).not.toHaveProperty('editedAt');
    expect(await h.fail(ChatPatterns.DeleteMessage, { actor: ana, messageId: sent.id })).toMatchObject({ status: 409, message: ChatMessages.MessageGone });
    expect(await h.fail(ChatPatterns.EditMessage, { actor: ana, messageId: sent.id, content: 'back again' })).toMatchObject({ status: 409 });
    events.sub.unsubscribe();
  });

  describe('reactions', () => {
    const react = (actor: ActorDto, messageId: number, emoji: string) => h.call<ReactionDto[]>(ChatPatterns.React, { actor, messageId, emoji });

    it('counts each person once per emoji, names who chose it, and tells the room live', async () => {
      const room = await publicRoom();
      const [ana, bo, cy] = [h.actor('vip', uniqueName('ana')), h.actor('user', uniqueName('bo')), h.actor('user', uniqueName('cy'))];
      for (const person of [ana, bo, cy]) await h.enter(person, room.id);
      const events = h.collect(chatRoomEventSubject(room.id));
      await h.nc.flush();
      const sent = await send(ana, room.id, 'Lunch at noon?');

      await react(bo, sent.id, '👍');
      await react(bo, sent.id, '👍');
      await react(cy, sent.id, '👍');
      const after = await react(cy, sent.id, '❤️');
      expect(after).toEqual([
        { emoji: '👍', count: 2, users: [{ id: bo.id, username: bo.username }, { id: cy.id, username: cy.username }] },
        { emoji: '❤️', count: 1, users: [{ id: cy.id, username: cy.username }] },
      ]);
      await eventually(() => expect(events.frames).toContainEqual({ type: 'reactions_changed', roomId: room.id, messageId: sent.id, seq: sent.seq, reactions: after }));
      expect((await history(ana, room.id)).find((m) => m.id === sent.id)?.reactions).toEqual(after);

      const taken = await h.call<ReactionDto[]>(ChatPatterns.Unreact, { actor: bo, messageId: sent.id, emoji: '👍' });
      expect(taken[0]).toEqual({ emoji: '👍', count: 1, users: [{ id: cy.id, username: cy.username }] });
      events.sub.unsubscribe();
    });

    it('takes one emoji from those who may write in the room, on messages still there, up to 20 kinds', async () => {
      const room = await publicRoom();
      const [ana, guest] = [h.actor('vip'), h.actor('guest')];
      await h.enter(ana, room.id);
      const sent = await send(ana, room.id, 'React to me');
      for (const emoji of ['a', '👍👍', 'x👍', '', '1']) {
        expect(await h.fail(ChatPatterns.React, { actor: ana, messageId: sent.id, emoji })).toMatchObject({ status: 400, fields: { emoji: [ChatMessages.ReactionEmoji] } });
      }
      await expect(react(ana, sent.id, '👍🏽')).resolves.toEqual([expect.objectContaining({ emoji: '👍🏽' })]);
      expect(await h.fail(ChatPatterns.React, { actor: guest, messageId: sent.id, emoji: '👍' })).toMatchObject({ status: 403, message: ChatMessages.GuestsReadOnly });
      const outsider = h.actor('user');
      expect(await h.fail(ChatPatterns.React, { actor: outsider, messageId: sent.id, emoji: '👍' })).toMatchObject({ status: 403, message: SafetyMessages.JoinToSend });
      expect((await h.fail(ChatPatterns.React, { actor: ana, messageId: 987_654_321, emoji: '👍' })).status).toBe(404);

      const kinds = ['😀', '😃', '😄', '😁', '😆', '😅', '🤣', '😊', '😇', '🙂', '🙃', '😉', '😌', '😍', '🥰', '😘', '😗', '😙', '😚'];
      for (const emoji of kinds) await react(ana, sent.id, emoji);
      expect(await h.fail(ChatPatterns.React, { actor: ana, messageId: sent.id, emoji: '🤔' })).toMatchObject({ status: 400, message: ChatMessages.TooManyReactions });
      // One more of a kind already there is still fine.
      const other = h.actor('vip');
      await h.enter(other, room.id);
      await expect(react(other, sent.id, '😀')).resolves.toHaveLength(20);

      await h.call(ChatPatterns.DeleteMessage, { actor: ana, messageId: sent.id });
      expect(await h.fail(ChatPatterns.React, { actor: other, messageId: sent.id, emoji: '👍' })).toMatchObject({ status: 409 });
      expect((await history(ana, room.id)).find((m) => m.id === sent.id)).not.toHaveProperty('reactions');
    });
  });

  describe('read receipts in private chats', () => {
    it('tells the sender when the other person read, live, at once while they have the chat open, and keeps it for a reload', async () => {
      const room = await publicRoom();
      const [ana, bo] = [h.actor('vip'), h.actor('user')];
      await h.enter(ana, room.id);
      const chat = await h.call<RoomDto>(ChatPatterns.StartPrivateChat, { actor: ana, otherUserId: bo.id, originRoomId: room.id });
      const events = h.collect(chatRoomEventSubject(chat.id));
      await h.nc.flush();
      const reads = () => events.frames.filter((f) => f.type === 'messages_read') as Array<{ userId: number; seq: number; readAt: string }>;
      // Every read mark: its own frame, or carried by the message read as it arrived.
      const marks = () =>
        events.frames.flatMap((f) => {
          if (f.type === 'messages_read') return [{ userId: f.userId as number, seq: f.seq as number, readAt: f.readAt as string }];
          const { message, readBy } = f as { message?: { seq: number }; readBy?: { userId: number; readAt: string } };
          return f.type === 'new_message' && readBy && message ? [{ userId: readBy.userId, seq: message.seq, readAt: readBy.readAt }] : [];
        });

      // Bo is elsewhere: the message stays unread.
      const first = await send(ana, chat.id, 'Are you free tomorrow?');
      expect(reads()).toEqual([]);
      const unread = await h.call<RoomDto>(ChatPatterns.GetRoom, { actor: ana, roomId: chat.id });
      expect(unread.participants.find((p) => p.id === bo.id)?.lastRead).toBeNull();

      // Bo opens the chat: read up to it.
      await h.enter(bo, chat.id);
      await eventually(() => expect(reads()).toEqual([{ type: 'messages_read', roomId: chat.id, userId: bo.id, seq: first.seq, readAt: expect.any(String) }]));
      // With the chat open, the next message is read as it arrives: the mark rides on its new_message.
      const second = await send(ana, chat.id, 'Say at ten?');
      await eventually(() => expect(marks().at(-1)).toMatchObject({ userId: bo.id, seq: second.seq }));
      expect(reads()).toHaveLength(1);
      // The sender's own sending is no receipt.
      expect(marks().every((f) => f.userId === bo.id)).toBe(true);

      const after = await h.call<RoomDto>(ChatPatterns.GetRoom, { actor: ana, roomId: chat.id });
      expect(after.participants.find((p) => p.id === bo.id)?.lastRead).toEqual({ seq: second.seq, at: marks().at(-1)?.readAt });
      events.sub.unsubscribe();
    });
  });
});

