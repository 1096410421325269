/* eslint-disable @typescript-eslint/no-explicit-any -- bodies and frames are loose JSON read as a browser would */
import 'reflect-metadata';
import { ChatMessages, NotificationText, PINS_MAX, type UserRole } from '@app/contracts';
import { eventually, uniqueName } from '@app/testing';
// The real accounts and chat services behind the gateway, over REST and the socket as the web app uses them.
import { ApiClient, signedUpMember, type AuthStack, type Member } from './auth-stack';
import type { TestSocket } from './chat-stack';
import { startProductStack } from './support/product-stack';
import { enterRoom, socketOf } from './support/room-socket';

jest.setTimeout(60_000);

let stack: AuthStack;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  stack = await startProductStack({ LOG_LEVEL: 'silent' });
}, 60_000);

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await stack?.stop();
});

const member = (role?: Exclude<UserRole, 'guest'>, prefix = 'cv'): Promise<Member> => signedUpMember(stack, role, uniqueName(prefix));

const track = async (socket: Promise<TestSocket>) => {
  const opened = await socket;
  sockets.push(opened);
  return opened;
};
const enter = (c: ApiClient, roomId: number) => track(enterRoom(stack, c, roomId));

async function newRoom(owner?: Member): Promise<{ id: number; owner: Member }> {
  const by = owner ?? (await member('moderator', 'own'));
  const res = await by.post('/api/rooms', { name: uniqueName('Room'), category: 'general', messageCooldown: 0 });
  expect(res.status).toBe(201);
  return { id: res.body.id as number, owner: by };
}

const say = async (page: TestSocket, content: string, replyToId?: number) => {
  page.send({ type: 'send_message', content, clientId: uniqueName('m'), ...(replyToId ? { replyToId } : {}) });
  return (await page.next('message_ack')).message;
};
const notifications = async (c: ApiClient) => (await c.get('/api/notifications')).body.notifications as any[];
const historyOf = async (c: ApiClient, roomId: number) => (await c.get(`/api/rooms/${roomId}/messages`)).body as any[];

describe('replies', () => {
  it('quote the author and first line for everyone, live and in history, and notify the author as a mention (not oneself)', async () => {
    const { id: roomId } = await newRoom();
    const [ana, bo] = [await member(undefined, 'ana'), await member(undefined, 'bo')];
    const anaPage = await enter(ana, roomId);
    const boPage = await enter(bo, roomId);
    const anaTab = await track(socketOf(stack, ana));

    const original = await say(anaPage, 'first line here\nand a second');
    const reply = await say(boPage, 'agreed', original.id);
    const quote = { id: original.id, seq: original.seq, sender: { id: ana.id, username: ana.username }, type: 'text', text: 'first line here' };
    expect(reply.replyTo).toMatchObject(quote);
    expect(reply.replyTo.removedBy).toBeUndefined();
    await eventually(() => expect(anaPage.ofType('new_message').find((f) => f.message.id === reply.id)?.message.replyTo).toMatchObject(quote));
    expect((await historyOf(ana, roomId)).find((m) => m.id === reply.id).replyTo).toMatchObject(quote);

    const live = await anaTab.next('notification');
    expect(live.notification).toMatchObject({
      type: 'mention',
      title: NotificationText.mentionIn(bo.username, (await ana.get(`/api/rooms/${roomId}`)).body.name),
      content: 'agreed',
      link: `/chat/${roomId}?message=${reply.id}`,
    });
    // Answering oneself notifies nobody.
    await say(anaPage, 'me again', original.id);
    const plain = await say(boPage, 'no reply');
    expect(plain.replyTo).toBeUndefined();
    expect((await notifications(ana)).map((n) => n.link)).toEqual([`/chat/${roomId}?message=${reply.id}`]);
    expect(await notifications(bo)).toEqual([]);
  });

  it('follow an edit and a deletion of the original', async () => {
    const { id: roomId } = await newRoom();
    const [ana, bo] = [await member(), await member()];
    const anaPage = await enter(ana, roomId);
    const boPage = await enter(bo, roomId);
    const original = await say(anaPage, 'before the edit');
    const reply = await say(boPage, 'I see', original.id);

    expect((await ana.request('PATCH', `/api/messages/${original.id}`, { content: 'after the edit\nmore' })).status).toBe(200);
    expect((await historyOf(bo, roomId)).find((m) => m.id === reply.id).replyTo).toMatchObject({ id: original.id, text: 'after the edit' });

    expect((await ana.request('DELETE', `/api/messages/${original.id}`)).status).toBe(200);
    const quote = (await historyOf(bo, roomId)).find((m) => m.id === reply.id).replyTo;
    expect(quote).toMatchObject({ id: original.id, removedBy: 'sender', text: '' });
    // A removed message can no longer be answered.
    expect(await bo.post(`/api/rooms/${roomId}/messages`, { content: 'late', replyToId: original.id })).toMatchObject({
      status: 404,
      body: { message: ChatMessages.MessageNotFound },
    });
  });

  it('refuse a message of another conversation (400), one the sender cannot see or that does not exist (404), and bad ids (400)', async () => {
    const { id: roomId, owner } = await newRoom();
    const { id: otherRoomId } = await newRoom(owner);
    const [ana, bo] = [await member(), await member()];
    const anaPage = await enter(ana, roomId);
    const boPage = await enter(bo, roomId);
    const elsewhere = await say(await enter(ana, otherRoomId), 'in the other room');
    const send = (c: ApiClient, body: Record<string, unknown>, room = roomId) => c.post(`/api/rooms/${room}/messages`, { content: 'hi', ...body });

    const other = await send(bo, { replyToId: elsewhere.id });
    expect(other).toMatchObject({ status: 400, body: { message: ChatMessages.ReplyOtherConversation, fields: { replyToId: [ChatMessages.ReplyOtherConversation] } } });
    expect((await send(bo, { replyToId: 999_999_999 })).status).toBe(404);
    for (const replyToId of ['abc', -1, 0, 1.5]) {
      const bad = await send(bo, { replyToId });
      expect(bad.status).toBe(400);
      expect(bad.body.fields.replyToId).toBeDefined();
    }
    // Over the socket, the same rule.
    boPage.send({ type: 'send_message', content: 'x', replyToId: elsewhere.id, clientId: uniqueName('m') });
    expect((await boPage.next('error')).message).toBe(ChatMessages.ReplyOtherConversation);

    // In a public room one does not see the people one blocked: their messages cannot be answered.
    const fromAna = await say(anaPage, 'you blocked me');
    expect((await bo.post('/api/blocks', { userId: ana.id })).status).toBe(201);
    expect(await send(bo, { replyToId: fromAna.id })).toMatchObject({ status: 404, body: { message: ChatMessages.MessageNotFound } });
    expect(await historyOf(bo, roomId)).toEqual(expect.not.arrayContaining([expect.objectContaining({ id: fromAna.id })]));
  });

  it('work in a private chat, only for its own messages', async () => {
    const { id: roomId } = await newRoom();
    const [ana, bo, cy] = [await member(), await member(), await member()];
    const chat = (await ana.post('/api/rooms/private', { userId: bo.id, originRoomId: roomId })).body.id as number;
    const otherChat = (await ana.post('/api/rooms/private', { userId: cy.id, originRoomId: roomId })).body.id as number;
    const first = await ana.post(`/api/rooms/${chat}/messages`, { content: 'hello bo' });
    const toCy = await ana.post(`/api/rooms/${otherChat}/messages`, { content: 'hello cy' });
    expect([first.status, toCy.status]).toEqual([201, 201]);

    const reply = await bo.post(`/api/rooms/${chat}/messages`, { content: 'hi ana', replyToId: first.body.id });
    expect(reply.status).toBe(201);
    expect(reply.body.replyTo).toMatchObject({ id: first.body.id, sender: { id: ana.id }, text: 'hello bo' });
    // Ana is not in the chat right now: the reply is a mention.
    await eventually(async () => expect((await notifications(ana)).map((n) => n.type)).toEqual(['mention']));
    expect((await bo.post(`/api/rooms/${chat}/messages`, { content: 'x', replyToId: toCy.body.id })).status).toBe(400);
  });
});

describe('pinned messages', () => {
  const pinsOf = async (c: ApiClient, roomId: number) => (await c.get(`/api/rooms/${roomId}/pins`)).body as any[];

  it('the owner and moderators pin and unpin, live for everyone in the room; moderators’ are audited; others get 403', async () => {
    const owner = await member('vip', 'own');
    const { id: roomId } = await newRoom(owner);
    const [mod, ana, bo] = [await member('moderator', 'mod'), await member(undefined, 'ana'), await member(undefined, 'bo')];
    const anaPage = await enter(ana, roomId);
    const boPage = await enter(bo, roomId);
    const first = await say(anaPage, 'The rules are in the topic\nsecond line');
    const second = await say(anaPage, 'Meeting at eight');

    const pinned = await owner.request('PUT', `/api/messages/${first.id}/pin`);
    expect(pinned.status).toBe(200);
    const expected = { message: { id: first.id, seq: first.seq, sender: { id: ana.id, username: ana.username }, text: 'The rules are in the topic' }, pinnedBy: { id: owner.id } };
    expect(pinned.body).toMatchObject([expected]);
    // Everyone in the room hears of it.
    const frame = await boPage.next('pins_changed');
    expect(frame).toMatchObject({ roomId, pins: [expected] });
    expect(await pinsOf(bo, roomId)).toMatchObject([expected]);

    // A moderator pins too, newest first; their pin is in the audit list, the owner's is not.
    expect((await mod.request('PUT', `/api/messages/${second.id}/pin`)).status).toBe(200);
    await eventually(() => expect(boPage.ofType('pins_changed').at(-1)?.pins.map((p: any) => p.message.id)).toEqual([second.id, first.id]));
    const audit = async () => ((await mod.get(`/api/moderation/audit?userId=${ana.id}`)).body as any[]).map((e) => [e.action, e.actor.id, e.messageId, e.roomId]);
    expect(await audit()).toEqual([['pin_message', mod.id, second.id, roomId]]);
    // Pinning again changes nothing.
    expect((await mod.request('PUT', `/api/messages/${second.id}/pin`)).body).toHaveLength(2);

    // Others may not, nor unpin.
    expect(await bo.request('PUT', `/api/messages/${first.id}/pin`)).toMatchObject({ status: 403, body: { message: ChatMessages.PinNotAllowed } });
    expect((await bo.request('DELETE', `/api/messages/${first.id}/pin`)).status).toBe(403);
    expect((await bo.request('PUT', '/api/messages/999999999/pin')).status).toBe(404);
    expect((await owner.request('PUT', '/api/messages/abc/pin')).status).toBe(400);
    expect((await owner.request('PUT', '/api/messages/-4/pin')).status).toBe(400);

    // Unpinning: the moderator's is audited; a message not pinned is a 404.
    const after = await mod.request('DELETE', `/api/messages/${second.id}/pin`);
    expect(after.status).toBe(200);
    expect(after.body.map((p: any) => p.message.id)).toEqual([first.id]);
    await eventually(() => expect(anaPage.ofType('pins_changed').at(-1)?.pins.map((p: any) => p.message.id)).toEqual([first.id]));
    expect(await audit()).toEqual([
      ['unpin_message', mod.id, second.id, roomId],
      ['pin_message', mod.id, second.id, roomId],
    ]);
    expect(await mod.request('DELETE', `/api/messages/${second.id}/pin`)).toMatchObject({ status: 404, body: { message: ChatMessages.NotPinned } });
    expect((await owner.request('DELETE', `/api/messages/${first.id}/pin`)).status).toBe(200);
    expect(await pinsOf(ana, roomId)).toEqual([]);
  });

  it(`keeps at most ${PINS_MAX} per room: the next is refused with a clear message until one is unpinned`, async () => {
    const owner = await member('vip', 'own');
    const { id: roomId } = await newRoom(owner);
    const ownerPage = await enter(owner, roomId);
    const messages = [];
    for (let i = 0; i <= PINS_MAX; i++) messages.push(await say(ownerPage, `Notice ${i}`));
    for (const message of messages.slice(0, PINS_MAX)) expect((await owner.request('PUT', `/api/messages/${message.id}/pin`)).status).toBe(200);
    const refused = await owner.request('PUT', `/api/messages/${messages[PINS_MAX].id}/pin`);
    expect(refused).toMatchObject({
      status: 400,
      body: { message: ChatMessages.PinLimit, fieldCodes: { messageId: [{ code: 'pin_limit', params: { max: PINS_MAX } }] } },
    });
    expect(await pinsOf(owner, roomId)).toHaveLength(PINS_MAX);
    // A deleted message's pin goes with it, and makes room.
    expect((await owner.request('DELETE', `/api/messages/${messages[0].id}`)).status).toBe(200);
    expect((await owner.request('PUT', `/api/messages/${messages[PINS_MAX].id}/pin`)).status).toBe(200);
    expect((await pinsOf(owner, roomId))[0].message.id).toBe(messages[PINS_MAX].id);
  });

  it('leave out, for the reader, the messages of someone they blocked: in the list and live', async () => {
    const owner = await member('vip', 'own');
    const { id: roomId } = await newRoom(owner);
    const [ana, bo] = [await member(undefined, 'ana'), await member(undefined, 'bo')];
    const anaPage = await enter(ana, roomId);
    const boPage = await enter(bo, roomId);
    const ownerPage = await enter(owner, roomId);
    const fromAna = await say(anaPage, 'Pinned words of ana');
    const fromOwner = await say(ownerPage, 'Pinned words of the owner');
    expect((await bo.post('/api/blocks', { userId: ana.id })).status).toBe(201);
    // bo's gateway hears of the block by event: wait until bo's socket hides ana's messages.
    let attempt = 0;
    await eventually(async () => {
      attempt += 1;
      const hidden = await say(anaPage, `hidden ${attempt}?`);
      const marker = await say(ownerPage, `marker ${attempt}`);
      await eventually(() => expect(boPage.ofType('new_message').some((f: any) => f.message.id === marker.id)).toBe(true));
      expect(boPage.ofType('new_message').some((f: any) => f.message.id === hidden.id)).toBe(false);
    });

    expect((await owner.request('PUT', `/api/messages/${fromAna.id}/pin`)).status).toBe(200);
    expect((await owner.request('PUT', `/api/messages/${fromOwner.id}/pin`)).status).toBe(200);
    await eventually(() => expect(anaPage.ofType('pins_changed').at(-1)?.pins.map((p: any) => p.message.id)).toEqual([fromOwner.id, fromAna.id]));
    await eventually(() => expect(boPage.ofType('pins_changed')).toHaveLength(2));
    expect(boPage.ofType('pins_changed').map((f: any) => f.pins.map((p: any) => p.message.id))).toEqual([[], [fromOwner.id]]);
    expect((await pinsOf(bo, roomId)).map((p) => p.message.id)).toEqual([fromOwner.id]);
    expect((await pinsOf(ana, roomId)).map((p) => p.message.id)).toEqual([fromOwner.id, fromAna.id]);
  });

  it('are for public rooms only', async () => {
    const { id: roomId } = await newRoom();
    const [mod, bo] = [await member('moderator', 'mod'), await member()];
    const chat = (await mod.post('/api/rooms/private', { userId: bo.id, originRoomId: roomId })).body.id as number;
    const sent = await mod.post(`/api/rooms/${chat}/messages`, { content: 'between us' });
    expect((await mod.request('PUT', `/api/messages/${sent.body.id}/pin`)).status).toBe(403);
  });
});

describe('room information', () => {
  it('a public room names its owner, with its description and rules, for members and visitors alike', async () => {
    const owner = await member('vip', 'own');
    const created = await owner.post('/api/rooms', {
      name: uniqueName('Info'),
      category: 'general',
      description: 'Talk about gardens',
      customRules: 'No selling.\nBe kind.',
      messageCooldown: 15,
    });
    expect(created.status).toBe(201);
    const expected = { description: 'Talk about gardens', customRules: 'No selling.\nBe kind.', messageCooldown: 15, allowImages: false, ownerId: owner.id, owner: { id: owner.id, username: owner.username } };
    expect((await (await member()).get(`/api/rooms/${created.body.id}`)).body).toMatchObject(expected);
    const visitor = new ApiClient(stack);
    expect((await visitor.get(`/api/rooms/${created.body.id}`)).body).toMatchObject(expected);
    // The join answers the same room.
    const page = await enter(owner, created.body.id);
    expect(page.ofType('room_joined')[0].room).toMatchObject(expected);
  });
});
