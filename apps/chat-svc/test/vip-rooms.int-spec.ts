import 'reflect-metadata';
import {
  ChatMessages,
  ChatPatterns,
  SearchPatterns,
  VIP_ROOM_ERROR_CODE,
  type ActorDto,
  type MessageDto,
  type RoomDto,
  type SearchPageDto,
  type UserRole,
} from '@app/contracts';
import { startChatHarness, type ChatHarness } from './chat-harness';

const VOICE_URL = '/media/voice/0f8e2a4c-1b3d-4e5f-8a9b-0c1d2e3f4a5b.webm';

/** VIP-only public rooms: listed for everyone, their content only for vip, seller and moderator. */
describe('chat-svc VIP rooms and voice notes', () => {
  let h: ChatHarness;
  let owner: ActorDto;
  let room: RoomDto;
  const word = `orchid${Date.now().toString(36)}`;
  const secret = `Members only: the ${word} meetup moves to Friday evening`;

  beforeAll(async () => {
    h = await startChatHarness();
    owner = h.actor('vip');
    room = await h.call<RoomDto>(ChatPatterns.CreateRoom, { name: 'Velvet Room', category: 'general', messageCooldown: 0, vipOnly: true, actor: owner });
    await h.enter(owner, room.id);
    await h.call<MessageDto>(ChatPatterns.SendMessage, { actor: owner, roomId: room.id, content: secret });
  });
  afterAll(() => h.stop());

  const refusal = { status: 403, code: VIP_ROOM_ERROR_CODE, message: ChatMessages.VipRoom };

  it('creates a VIP-only room for premium roles and lists it, marked, for everyone', async () => {
    expect(room).toMatchObject({ name: 'Velvet Room', type: 'public', vipOnly: true });
    const plain = await h.call<RoomDto>(ChatPatterns.CreateRoom, { name: 'Open Hall', category: 'general', actor: h.actor('seller') });
    expect(plain.vipOnly).toBe(false);
    const listed = await h.call<RoomDto[]>(ChatPatterns.ListPublicRooms, {});
    expect(listed.find((r) => r.id === room.id)).toMatchObject({ vipOnly: true, name: 'Velvet Room' });
    expect(listed.find((r) => r.id === plain.id)?.vipOnly).toBe(false);
  });

  it('refuses a vipOnly that is not a boolean with its field message', async () => {
    const error = await h.fail(ChatPatterns.CreateRoom, { name: 'Odd Room', category: 'general', vipOnly: 'yes', actor: h.actor('vip') });
    expect(error.status).toBe(400);
    expect(error.fields?.vipOnly).toEqual(['VIP members only must be true or false']);
  });

  it.each<UserRole>(['user', 'guest'])('keeps every path to the content closed to a %s', async (role) => {
    const actor = h.actor(role);
    expect(await h.fail(ChatPatterns.GetRoom, { roomId: room.id, actor })).toMatchObject(refusal);
    expect(await h.fail(ChatPatterns.ListMessages, { roomId: room.id, actor })).toMatchObject(refusal);
    expect(await h.fail(ChatPatterns.JoinRoom, { actor, roomId: room.id, instance: 'harness-gateway', socketId: `s-${actor.id}` })).toMatchObject(refusal);
    if (role === 'user') {
      expect(await h.fail(ChatPatterns.SendMessage, { actor, roomId: room.id, content: 'let me in' })).toMatchObject(refusal);
    }
    const found = await h.call<SearchPageDto>(SearchPatterns.Messages, { actor, q: word });
    expect(found.results).toEqual([]);
  });

  it('keeps the content from anonymous readers and from the landing preview', async () => {
    expect(await h.fail(ChatPatterns.GetRoom, { roomId: room.id })).toMatchObject(refusal);
    expect(await h.fail(ChatPatterns.ListMessages, { roomId: room.id })).toMatchObject(refusal);
    const recent = await h.call<MessageDto[]>(ChatPatterns.RecentMessages, { limit: 20 });
    expect(recent.map((m) => m.content)).not.toContain(secret);
  });

  it.each<UserRole>(['vip', 'seller', 'moderator'])('lets a %s in: room, history, joining, sending and search', async (role) => {
    const actor = h.actor(role);
    expect(await h.call<RoomDto>(ChatPatterns.GetRoom, { roomId: room.id, actor })).toMatchObject({ id: room.id, vipOnly: true });
    const history = await h.call<MessageDto[]>(ChatPatterns.ListMessages, { roomId: room.id, actor });
    expect(history.map((m) => m.content)).toContain(secret);
    const joined = await h.enter(actor, room.id);
    expect(joined.messages.map((m) => m.content)).toContain(secret);
    const sent = await h.call<MessageDto>(ChatPatterns.SendMessage, { actor, roomId: room.id, content: `Hello from a ${role}` });
    expect(sent.roomId).toBe(room.id);
    const found = await h.call<SearchPageDto>(SearchPatterns.Messages, { actor, q: word });
    expect(found.results.map((r) => r.message.content)).toEqual([secret]);
  });

  it('refuses the next entry of someone whose VIP ended, while a private chat started in the room goes on', async () => {
    const member = h.actor('vip', `lapsed${Date.now().toString(36)}`);
    await h.enter(member, room.id);
    const chat = await h.call<RoomDto>(ChatPatterns.StartPrivateChat, { actor: member, otherUserId: owner.id, originRoomId: room.id });
    const lapsed: ActorDto = { ...member, role: 'user' };
    expect(await h.fail(ChatPatterns.JoinRoom, { actor: lapsed, roomId: room.id, instance: 'harness-gateway', socketId: 'again' })).toMatchObject(refusal);
    const reply = await h.call<MessageDto>(ChatPatterns.SendMessage, { actor: lapsed, roomId: chat.id, content: 'Still talking here' });
    expect(reply.roomId).toBe(chat.id);
  });

  describe('voice notes', () => {
    let hall: RoomDto;
    beforeAll(async () => {
      hall = await h.call<RoomDto>(ChatPatterns.CreateRoom, { name: 'Voice Hall', category: 'music', messageCooldown: 0, actor: owner });
    });

    async function send(role: UserRole, content: string, metadata: Record<string, unknown> = { durationMs: 4200 }) {
      const actor = h.actor(role);
      await h.enter(actor, hall.id);
      return { actor, payload: { actor, roomId: hall.id, content, type: 'voice', metadata } };
    }

    it.each<UserRole>(['vip', 'seller', 'moderator'])('lets a %s send a voice upload, kept as a voice message with its duration', async (role) => {
      const { payload } = await send(role, VOICE_URL);
      const sent = await h.call<MessageDto>(ChatPatterns.SendMessage, payload);
      expect(sent).toMatchObject({ type: 'voice', content: VOICE_URL, metadata: { durationMs: 4200 } });
      const history = await h.call<MessageDto[]>(ChatPatterns.ListMessages, { roomId: hall.id, actor: payload.actor });
      expect(history.find((m) => m.id === sent.id)?.type).toBe('voice');
    });

    it('refuses a regular user with the VIP words, and a guest as read-only', async () => {
      const { payload } = await send('user', VOICE_URL);
      expect(await h.fail(ChatPatterns.SendMessage, payload)).toMatchObject({ status: 403, message: ChatMessages.VoicePremium });
      const guest = h.actor('guest');
      expect(await h.fail(ChatPatterns.SendMessage, { ...payload, actor: guest })).toMatchObject({ status: 403, message: ChatMessages.GuestsReadOnly });
    });

    it.each([
      ['an image upload', '/media/chat/0f8e2a4c-1b3d-4e5f-8a9b-0c1d2e3f4a5b.jpg'],
      ['another site', 'https://example.com/note.webm'],
      ['a video', '/media/intro/0f8e2a4c-1b3d-4e5f-8a9b-0c1d2e3f4a5b.webm'],
      ['plain words', 'listen to this'],
    ])('refuses %s as a voice note', async (_what, content) => {
      const { payload } = await send('vip', content);
      const error = await h.fail(ChatPatterns.SendMessage, payload);
      expect(error).toMatchObject({ status: 400, fields: { content: [ChatMessages.VoiceUploadFirst] } });
    });

    it('refuses a duration past two minutes', async () => {
      const { payload } = await send('vip', VOICE_URL, { durationMs: 10 * 60_000 });
      const error = await h.fail(ChatPatterns.SendMessage, payload);
      expect(error.status).toBe(400);
      expect(Object.keys(error.fields ?? {})).toEqual(['metadata.durationMs']);
    });
  });
});
