/* eslint-disable @typescript-eslint/no-explicit-any -- bodies and frames are loose JSON read as a browser would */
import 'reflect-metadata';
import { DEFAULT_USER_SETTINGS, NotificationText, TYPING_THROTTLE_MS, TypingMessages, type UserRole } from '@app/contracts';
import { eventually, uniqueName } from '@app/testing';
// The real accounts and chat services behind two gateways: a person may type on one and be read on the other.
import { ApiClient, signedUpMember, type AuthStack, type Member } from './auth-stack';
import type { TestSocket } from './chat-stack';
import { startAnotherGateway } from './support/gateway-harness';
import { startProductStack } from './support/product-stack';
import { enterRoom, socketOf } from './support/room-socket';

jest.setTimeout(60_000);

let stack: AuthStack;
let second: Awaited<ReturnType<typeof startAnotherGateway>>;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  stack = await startProductStack({ LOG_LEVEL: 'silent' });
  second = await startAnotherGateway();
}, 60_000);

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await second?.close();
  await stack?.stop();
});

const member = (role?: Exclude<UserRole, 'guest'>, prefix = 'typ'): Promise<Member> => signedUpMember(stack, role, uniqueName(prefix));

async function guest(): Promise<ApiClient & { id: number }> {
  const c = new ApiClient(stack);
  const res = await c.post('/api/auth/guest', { username: uniqueName('g'), captchaResponse: await c.solveCaptcha() });
  if (!res.body.user) throw new Error(`guest entry failed: ${JSON.stringify(res.body)}`);
  return Object.assign(c, { id: res.body.user.id as number });
}

const track = async (socket: Promise<TestSocket>) => {
  const opened = await socket;
  sockets.push(opened);
  return opened;
};
/** The room open in a tab on the first gateway, or on the second. */
const enter = (c: ApiClient, roomId: number, gateway: 1 | 2 = 1) => track(enterRoom(stack, c, roomId, gateway === 1 ? stack.baseUrl : second.baseUrl));

async function newRoom(): Promise<number> {
  const owner = await member('moderator', 'own');
  const res = await owner.post('/api/rooms', { name: uniqueName('Room'), category: 'general', messageCooldown: 0 });
  expect(res.status).toBe(201);
  return res.body.id as number;
}

const typingOf = (page: TestSocket, userId: number) => page.ofType('user_typing').filter((f) => f.user.id === userId);

/** Every frame a socket sent before this one has been handled: a refused frame's answer comes after them. */
async function settled(page: TestSocket) {
  const before = page.ofType('error').length;
  page.send({ type: 'typing', roomId: 'settle' });
  await eventually(() => expect(page.ofType('error').length).toBe(before + 1));
}

describe('typing', () => {
  it("reaches the room's other people on both gateways, never the typer's own tabs", async () => {
    const roomId = await newRoom();
    const [ana, bo, cy] = [await member(), await member(), await member()];
    const anaHere = await enter(ana, roomId, 1);
    const anaThere = await enter(ana, roomId, 2);
    const boThere = await enter(bo, roomId, 2);
    const cyHere = await enter(cy, roomId, 1);

    anaHere.send({ type: 'typing', roomId });
    const seen = await boThere.next('user_typing');
    expect(seen).toEqual({ type: 'user_typing', roomId, user: { id: ana.id, username: ana.username } });
    expect((await cyHere.next('user_typing')).user.id).toBe(ana.id);

    // Published after Ana's by the same gateway, so Ana's other tab would have had hers first.
    cyHere.send({ type: 'typing', roomId });
    await eventually(() => expect(typingOf(anaThere, cy.id)).toHaveLength(1));
    expect(typingOf(anaThere, ana.id)).toEqual([]);
    expect(typingOf(anaHere, ana.id)).toEqual([]);
  });

  it('works in a private chat, for its two people', async () => {
    const roomId = await newRoom();
    const [ana, bo] = [await member(), await member()];
    const chat = await ana.post('/api/rooms/private', { userId: bo.id, originRoomId: roomId });
    expect(chat.status).toBe(201);
    const anaPage = await enter(ana, chat.body.id, 1);
    const boPage = await enter(bo, chat.body.id, 2);
    boPage.send({ type: 'typing', roomId: chat.body.id });
    expect(await anaPage.next('user_typing')).toEqual({ type: 'user_typing', roomId: chat.body.id, user: { id: bo.id, username: bo.username } });
  });

  it('passes on one frame per person and room every 2 seconds, however fast they come', async () => {
    const roomId = await newRoom();
    const [ana, bo, cy] = [await member(), await member(), await member()];
    const anaPage = await enter(ana, roomId, 1);
    const boPage = await enter(bo, roomId, 2);
    const cyPage = await enter(cy, roomId, 1);

    const burstAt = Date.now();
    for (let i = 0; i < 6; i += 1) anaPage.send({ type: 'typing', roomId });
    await settled(anaPage);
    cyPage.send({ type: 'typing', roomId });
    await eventually(() => expect(typingOf(boPage, cy.id)).toHaveLength(1));
    expect(typingOf(boPage, ana.id)).toHaveLength(1);

    // Ana keeps typing: the next frame is passed on once the window has gone by, not before.
    let passedAt = 0;
    await eventually(
      async () => {
        anaPage.send({ type: 'typing', roomId });
        await settled(anaPage);
        expect(typingOf(boPage, ana.id).length).toBeGreaterThanOrEqual(2);
        passedAt = Date.now();
      },
      { timeoutMs: 8000, intervalMs: 250 },
    );
    expect(passedAt - burstAt).toBeGreaterThanOrEqual(TYPING_THROTTLE_MS);
    expect(typingOf(boPage, ana.id)).toHaveLength(2);
  });

  it('refuses guests, sockets not in that room, and a bad room id', async () => {
    const roomId = await newRoom();
    const otherRoom = await newRoom();
    const [bo, cy] = [await member(), await member()];
    const boPage = await enter(bo, roomId, 2);

    const visitor = await guest();
    const guestPage = await enter(visitor, roomId, 1);
    guestPage.send({ type: 'typing', roomId });
    expect(await guestPage.next('error')).toMatchObject({ code: 'forbidden', message: TypingMessages.GuestsCannotType, messageCode: { code: 'typing_guests_cannot' } });

    const elsewhere = await enter(cy, otherRoom, 1);
    elsewhere.send({ type: 'typing', roomId });
    expect(await elsewhere.next('error')).toMatchObject({ code: 'forbidden', message: TypingMessages.JoinToType, messageCode: { code: 'typing_join_first' } });
    const notJoined = await track(socketOf(stack, cy));
    notJoined.send({ type: 'typing', roomId });
    expect(await notJoined.next('error')).toMatchObject({ code: 'forbidden', message: TypingMessages.JoinToType });
    elsewhere.send({ type: 'typing', roomId: 'lobby' });
    expect(await elsewhere.next('error')).toMatchObject({
      code: 'validation_failed',
      fields: { roomId: ['roomId must be a room id'] },
      fieldCodes: { roomId: [{ code: 'frame_room_id' }] },
    });

    // None of them reached the room: a typing that is allowed arrives alone.
    const ana = await member();
    const anaPage = await enter(ana, roomId, 1);
    anaPage.send({ type: 'typing', roomId });
    await eventually(() => expect(typingOf(boPage, ana.id)).toHaveLength(1));
    expect(boPage.ofType('user_typing').map((f) => f.user.id)).toEqual([ana.id]);
  });

  it('is not shown to people who blocked the typer, on any gateway', async () => {
    const roomId = await newRoom();
    const [pest, blocker, friend, other] = [await member(), await member(), await member(), await member()];
    expect((await blocker.post('/api/blocks', { userId: pest.id })).status).toBe(201);
    const pestPage = await enter(pest, roomId, 1);
    const otherPage = await enter(other, roomId, 1);
    const blockerPage = await enter(blocker, roomId, 2);
    const friendPage = await enter(friend, roomId, 2);

    pestPage.send({ type: 'typing', roomId });
    await eventually(() => expect(typingOf(friendPage, pest.id)).toHaveLength(1));
    // Published after the pest's by the same gateway: the blocker's socket would have had the pest's first.
    otherPage.send({ type: 'typing', roomId });
    await eventually(() => expect(typingOf(blockerPage, other.id)).toHaveLength(1));
    expect(typingOf(blockerPage, pest.id)).toEqual([]);
  });
});

describe('mentions', () => {
  const notifications = async (c: ApiClient) => (await c.get('/api/notifications')).body.notifications as any[];
  const idsOf = (message: any) => (message.mentions as Array<{ id: number }> | undefined)?.map((m) => m.id);
  const say = async (page: TestSocket, content: string) => {
    page.send({ type: 'send_message', content, clientId: uniqueName('m') });
    return (await page.next('message_ack')).message;
  };
  /** Turns the mentions setting off, and online status with it: both travel in one event, so once the room's count drops both hold. */
  async function mentionsOff(who: Member, roomId: number, watcher: ApiClient) {
    const before = (await watcher.get(`/api/rooms/${roomId}`)).body.onlineCount as number;
    const settings = {
      ...DEFAULT_USER_SETTINGS,
      notifications: { ...DEFAULT_USER_SETTINGS.notifications, mentions: false },
      privacy: { ...DEFAULT_USER_SETTINGS.privacy, showOnlineStatus: false },
    };
    expect((await who.request('PUT', '/api/users/me/settings', settings)).status).toBe(200);
    await eventually(async () => expect((await watcher.get(`/api/rooms/${roomId}`)).body.onlineCount).toBe(before - 1));
  }

  it('in a public room, notifies each person named who can read it, live, with a link to the message; not the sender, strangers to the name, or those who blocked the sender', async () => {
    const roomId = await newRoom();
    const [ana, bo, cy, dee] = [await member('vip', 'ana'), await member(undefined, 'bo'), await member(undefined, 'cy'), await member(undefined, 'dee')];
    expect((await dee.post('/api/blocks', { userId: ana.id })).status).toBe(201);
    const anaPage = await enter(ana, roomId, 1);
    const boPage = await enter(bo, roomId, 2);
    // Cy is elsewhere in the app: a socket, but not in the room.
    const cyTab = await track(socketOf(stack, cy, second.baseUrl));

    const text = `@${bo.username.toUpperCase()} and @${cy.username}, ask @${ana.username} or @${dee.username} or @nobody_here_42 (mail ana@${bo.username}.com)`;
    const message = await say(anaPage, text);
    const resolved = [
      { id: bo.id, username: bo.username },
      { id: cy.id, username: cy.username },
    ];
    expect(message.mentions).toEqual(resolved);
    expect((await boPage.next('new_message')).message.mentions).toEqual(resolved);

    const live = await cyTab.next('notification');
    expect(live.notification).toMatchObject({
      type: 'mention',
      title: NotificationText.mentionIn(ana.username, (await ana.get(`/api/rooms/${roomId}`)).body.name),
      content: text,
      sender: { id: ana.id, username: ana.username },
      link: `/chat/${roomId}?message=${message.id}`,
      roomId: null,
      read: false,
    });
    expect(live.unread.count).toBe(1);
    // Reading the room does not stop it: a busy room would scroll the mention away.
    expect((await boPage.next('notification')).notification).toMatchObject({ type: 'mention', link: `/chat/${roomId}?message=${message.id}` });
    expect((await notifications(bo)).map((n) => n.type)).toEqual(['mention']);
    expect(await notifications(ana)).toEqual([]);
    expect(await notifications(dee)).toEqual([]);
    // History carries the same mentions.
    const history = (await bo.get(`/api/rooms/${roomId}/messages`)).body as any[];
    expect(history.find((m) => m.id === message.id).mentions).toEqual(resolved);
    // A message that names nobody carries no mentions and notifies nobody.
    const plain = await say(anaPage, 'nobody named here @ all');
    expect(plain.mentions).toBeUndefined();
  });

  it('in a VIP room, leaves out people whose role cannot read it', async () => {
    const owner = await member('moderator', 'own');
    const created = await owner.post('/api/rooms', { name: uniqueName('Vip'), category: 'general', messageCooldown: 0, vipOnly: true });
    expect(created.status).toBe(201);
    const [ana, vip, regular] = [await member('vip'), await member('vip'), await member()];
    const anaPage = await enter(ana, created.body.id, 1);
    // The regular member is named first, so their turn has passed by the time the VIP's notification is there.
    const message = await say(anaPage, `@${regular.username} @${vip.username} hello`);
    expect(idsOf(message)).toEqual([vip.id]);
    await eventually(async () => expect((await notifications(vip)).map((n) => n.type)).toEqual(['mention']));
    expect(await notifications(regular)).toEqual([]);
  });

  it('leaves out people whose mentions setting is off (still highlighted), and notifies the others', async () => {
    const roomId = await newRoom();
    const [ana, eve, fay, watcher] = [await member('vip'), await member(), await member(), await member()];
    const anaPage = await enter(ana, roomId, 1);
    await enter(eve, roomId, 2);
    await enter(watcher, roomId, 1);
    await mentionsOff(eve, roomId, watcher);

    const faysTab = await track(socketOf(stack, fay));
    // Eve is named first, so her turn has passed by the time Fay's notification arrives.
    const message = await say(anaPage, `@${eve.username} @${fay.username} look`);
    expect(idsOf(message)).toEqual([eve.id, fay.id]);
    expect((await faysTab.next('notification')).notification).toMatchObject({ type: 'mention', link: `/chat/${roomId}?message=${message.id}` });
    expect(await notifications(eve)).toEqual([]);
  });

  it("in a private chat, mentions only its other person, and the mention takes the message notification's place (a message one when mentions are off)", async () => {
    const roomId = await newRoom();
    const [ana, bo, cy, watcher] = [await member(), await member(), await member(), await member()];
    const chat = await ana.post('/api/rooms/private', { userId: bo.id, originRoomId: roomId });
    expect(chat.status).toBe(201);
    const chatId = chat.body.id as number;
    const anaPage = await enter(ana, chatId, 1);
    const boTab = await track(socketOf(stack, bo, second.baseUrl));

    const first = await say(anaPage, `hey @${bo.username}, ask @${cy.username}`);
    expect(idsOf(first)).toEqual([bo.id]);
    expect((await boTab.next('notification')).notification).toMatchObject({
      type: 'mention',
      title: NotificationText.mentionFrom(ana.username),
      link: `/chat/${chatId}?message=${first.id}`,
      roomId: chatId,
    });
    expect(await notifications(cy)).toEqual([]);
    await say(anaPage, 'and no name here');
    expect((await boTab.next('notification')).notification).toMatchObject({ type: 'message', roomId: chatId });
    expect((await notifications(bo)).map((n) => n.type)).toEqual(['message', 'mention']);

    await enter(bo, roomId, 2);
    await enter(watcher, roomId, 1);
    await mentionsOff(bo, roomId, watcher);
    const third = await say(anaPage, `@${bo.username} again`);
    expect(idsOf(third)).toEqual([bo.id]);
    expect((await boTab.next('notification')).notification).toMatchObject({ type: 'message', link: `/chat/${chatId}` });
  });
});
