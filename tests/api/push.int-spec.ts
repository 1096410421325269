/* eslint-disable @typescript-eslint/no-explicit-any -- bodies are loose JSON read as a browser would */
import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import {
  CALL_RING_TIMEOUT_SECONDS,
  NotificationText,
  PushText,
  connectedSocketsKey,
  type Language,
  type PushPayload,
  type UserRole,
  type UserSettings,
} from '@app/contracts';
import { eventually, startTestPushService, uniqueName, type TestPushService, type TestPushSubscription, sellerApplication } from '@app/testing';
import webpush from 'web-push';
// The real accounts, chat and marketplace services behind the gateway, and a push service
// stand-in that checks the VAPID signature and decrypts each payload as a browser would.
import { ApiClient, signedUpMember, startAuthStack, type AuthStack } from './auth-stack';
import type { TestSocket } from './chat-stack';
import { startChatAndCalls, type ChatAndCalls } from './support/chat-and-calls';
import { socketOf } from './support/room-socket';

jest.setTimeout(60_000);

const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const vapid = webpush.generateVAPIDKeys();

let stack: AuthStack;
let pushService: TestPushService;
let services: ChatAndCalls;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  pushService = await startTestPushService();
  stack = await startAuthStack({
    LOG_LEVEL: 'silent',
    CALL_SWEEP_INTERVAL_MS: '100',
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: 'mailto:operator@example.com',
    // The stand-in runs on loopback with a certificate of its own: an operator's private push service.
    PUSH_PRIVATE_ORIGINS: pushService.origin,
    PUSH_CA_FILE: pushService.certificateFile,
  });
  services = await startChatAndCalls(stack);
}, 60_000);

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await services?.stop();
  await stack?.stop();
  await pushService?.stop();
});

const member = (role?: Exclude<UserRole, 'guest'>) => signedUpMember(stack, role, uniqueName('push'));

/** The browser on this device subscribes, as the web app does after the person turns notifications on. */
async function subscribed(who: ApiClient): Promise<TestPushSubscription> {
  const browser = pushService.subscribe();
  const answer = await who.request('POST', '/api/push/subscriptions', { endpoint: browser.endpoint, keys: browser.keys, expirationTime: null }, { 'user-agent': ANDROID_CHROME });
  expect(answer.status).toBe(200);
  return browser;
}

async function privateChat() {
  const moderator = await member('moderator');
  const hall = await moderator.post('/api/rooms', { name: uniqueName('Hall'), category: 'general', messageCooldown: 0 });
  const [alice, bob] = [await member('vip'), await member('vip')];
  const chat = await alice.post('/api/rooms/private', { userId: bob.id, originRoomId: hall.body.id });
  expect(chat.status).toBe(201);
  return { alice, bob, roomId: chat.body.id as number };
}

/** Saves settings and waits until chat-svc, which pushes by them, has them too. */
async function saveSettings(who: ApiClient & { id: number }, change: (settings: UserSettings) => UserSettings) {
  const settings = (await who.get('/api/users/me/settings')).body as UserSettings;
  const saved = await who.request('PUT', '/api/users/me/settings', change(settings));
  expect(saved.status).toBe(200);
  const chatDb = services.chat.get(MikroORM).em.getConnection();
  await eventually(async () => {
    const [row] = await chatDb.execute('select push_settings from chat_users where id = ?', [who.id]);
    expect(row?.push_settings).toMatchObject({ doNotDisturb: saved.body.notifications.doNotDisturb, messagePreview: saved.body.chat.messagePreview });
  });
}

const pushesTo = (browser: TestPushSubscription) => pushService.received.filter((push) => push.subscriptionId === browser.id);

describe('devices', () => {
  it('hands out the VAPID key, and keeps each device once with its browser, for its owner alone', async () => {
    const [alice, bob] = [await member(), await member()];
    expect(await alice.get('/api/push/key')).toMatchObject({ status: 200, body: { publicKey: vapid.publicKey } });

    const phone = await subscribed(alice);
    const [listed] = (await alice.get('/api/push/subscriptions')).body;
    expect(listed).toEqual({ id: expect.any(Number), browser: 'Chrome on Android', endpoint: phone.endpoint, createdAt: expect.any(String), lastUsedAt: expect.any(String) });

    // The same browser subscribing again is the same device; signed in as someone else, it becomes theirs.
    await alice.request('POST', '/api/push/subscriptions', { endpoint: phone.endpoint, keys: phone.keys }, { 'user-agent': ANDROID_CHROME });
    expect((await alice.get('/api/push/subscriptions')).body).toHaveLength(1);

    expect(await bob.request('DELETE', `/api/push/subscriptions/${listed.id}`)).toMatchObject({
      status: 403,
      body: { message: PushText.notYours, messageCode: { code: 'push_device_not_yours' } },
    });
    expect(await alice.request('DELETE', '/api/push/subscriptions/2000000000')).toMatchObject({
      status: 404,
      body: { message: PushText.notFound, messageCode: { code: 'push_device_not_found' } },
    });
    expect(await alice.request('DELETE', `/api/push/subscriptions/${listed.id}`)).toMatchObject({ status: 200, body: { ok: true } });
    expect((await alice.get('/api/push/subscriptions')).body).toEqual([]);

    await bob.request('POST', '/api/push/subscriptions', { endpoint: phone.endpoint, keys: phone.keys });
    expect((await bob.get('/api/push/subscriptions')).body).toEqual([expect.objectContaining({ endpoint: phone.endpoint, browser: 'Unknown browser' })]);

    const signedOut = new ApiClient(stack);
    expect((await signedOut.get('/api/push/key')).status).toBe(401);
    expect((await signedOut.post('/api/push/subscriptions', { endpoint: phone.endpoint, keys: phone.keys })).status).toBe(401);
  });

  it('refuses an endpoint that is no push service: plain http, a private address, this machine, or keys of the wrong size', async () => {
    const alice = await member();
    const { keys } = pushService.subscribe();
    // The allowed private push service's host on another port is no push service either.
    const otherPort = new URL(pushService.origin);
    otherPort.port = String(Number(otherPort.port) + 1);
    for (const endpoint of ['http://push.example.com/x', 'https://10.0.0.7/x', 'https://169.254.169.254/latest', 'https://localhost/x', 'https://[::1]/x', 'ftp://push.example.com/x', `${otherPort.origin}/x`]) {
      const answer = await alice.post('/api/push/subscriptions', { endpoint, keys });
      expect({ endpoint, status: answer.status, fields: Object.keys(answer.body.fields ?? {}) }).toEqual({ endpoint, status: 400, fields: ['endpoint'] });
      // Refused by the form or by the address it names, each message carries its code.
      expect({ endpoint, codes: answer.body.fieldCodes.endpoint }).toEqual({ endpoint, codes: [{ code: 'push_endpoint_refused' }] });
    }
    const short = await alice.post('/api/push/subscriptions', { endpoint: 'https://push.example.com/x', keys: { p256dh: 'abc', auth: keys.auth } });
    expect(short).toMatchObject({ status: 400, body: { fields: { 'keys.p256dh': [expect.any(String)] }, fieldCodes: { 'keys.p256dh': [{ code: 'push_key_p256dh' }] } } });
    expect((await alice.get('/api/push/subscriptions')).body).toEqual([]);
  });
});

describe('what is pushed', () => {
  it('pushes a private message to a person with the app open nowhere, encrypted and signed, one tag per chat', async () => {
    const { alice, bob, roomId } = await privateChat();
    const phone = await subscribed(bob);

    await alice.post(`/api/rooms/${roomId}/messages`, { content: 'Dinner at eight?' });
    const [push] = await pushService.waitForPush<PushPayload>(phone.id);
    const [stored] = (await bob.get('/api/notifications')).body.notifications;
    expect(push.payload).toEqual({
      title: NotificationText.messageFrom(alice.username),
      body: 'Dinner at eight?',
      tag: `chat-${roomId}`,
      url: `/chat/${roomId}`,
      silent: false,
      timestamp: stored.timestamp,
      notificationId: stored.id,
    });
    expect(push).toMatchObject({ ttl: 24 * 60 * 60, urgency: 'normal', topic: `chat-${roomId}`, vapid: { sub: 'mailto:operator@example.com', publicKey: vapid.publicKey } });
    // The sender's own devices hear nothing of their message.
    const alicePhone = await subscribed(alice);
    await bob.post(`/api/rooms/${roomId}/messages`, { content: 'Yes!' });
    await pushService.waitForPush(alicePhone.id);
    expect(pushesTo(phone)).toHaveLength(1);
  });

  it('pushes nothing of a message while the person has the app open on any device, and again once it is closed', async () => {
    const { alice, bob, roomId } = await privateChat();
    const phone = await subscribed(bob);
    const laptop = await socketOf(stack, bob);

    await alice.post(`/api/rooms/${roomId}/messages`, { content: 'Seen in the open tab' });
    expect((await laptop.next('notification')).notification.content).toBe('Seen in the open tab');
    laptop.close();
    await eventually(async () => expect(await stack.redis.hlen(connectedSocketsKey(bob.id))).toBe(0));

    await alice.post(`/api/rooms/${roomId}/messages`, { content: 'Pushed once the tab is closed' });
    // Pushes of one person leave in order: had the first been pushed, it would be here before the second.
    await pushService.waitForPush(phone.id);
    expect(pushesTo(phone).map((push: any) => push.payload.body)).toEqual(['Pushed once the tab is closed']);
  });

  it('keeps the text off the lock screen without previews, plays no sound without message sounds, and drops a device its push service forgot', async () => {
    const { alice, bob, roomId } = await privateChat();
    const phone = await subscribed(bob);
    await saveSettings(bob, (s) => ({ ...s, notifications: { ...s.notifications, messageSound: false }, chat: { ...s.chat, messagePreview: false } }));

    await alice.post(`/api/rooms/${roomId}/messages`, { content: 'A secret' });
    const [push] = await pushService.waitForPush<PushPayload>(phone.id);
    expect(push.payload).toMatchObject({ title: NotificationText.messageFrom(alice.username), body: PushText.hiddenPreview, silent: true });
    expect(JSON.stringify(push.payload)).not.toContain('A secret');

    pushService.expire(phone.id);
    await alice.post(`/api/rooms/${roomId}/messages`, { content: 'Anyone?' });
    await eventually(async () => expect((await bob.get('/api/push/subscriptions')).body).toEqual([]));
  });

  it('holds everything in do-not-disturb hours but a call the person lets ring through, urgent and kept only while it rings', async () => {
    const seller = await approvedSeller();
    const buyer = await member('vip');
    const phone = await subscribed(seller.client);
    const now = new Date();
    const hhmm = (date: Date) => date.toISOString().slice(11, 16);
    const doNotDisturb = { enabled: true, from: hhmm(new Date(now.getTime() - 3600_000)), to: hhmm(new Date(now.getTime() + 3600_000)), timeZone: 'UTC', allowCalls: true };
    await saveSettings(seller.client, (s) => ({ ...s, notifications: { ...s.notifications, doNotDisturb } }));

    const chat = await buyer.post('/api/rooms/private', { sellerId: seller.sellerId });
    await buyer.post(`/api/rooms/${chat.body.id}/messages`, { content: 'Held until morning' });
    const call = await buyer.post('/api/calls', { sellerId: seller.sellerId, callType: 'audio' });
    expect(call.status).toBe(201);

    const [ring] = await pushService.waitForPush<PushPayload>(phone.id);
    expect(ring.payload).toMatchObject({
      title: PushText.incomingCall(buyer.username, 'audio'),
      tag: `call-${call.body.id}`,
      call: { sessionId: call.body.id, callType: 'audio', ringExpiresAt: call.body.ringExpiresAt },
    });
    expect(ring.urgency).toBe('high');
    expect(ring.ttl).toBeGreaterThan(0);
    expect(ring.ttl).toBeLessThanOrEqual(CALL_RING_TIMEOUT_SECONDS);
    // The message came first and was held: the ring is all the device got.
    expect(pushesTo(phone)).toHaveLength(1);
  });

  it('replaces a ring nobody answered with the missed call, outside do-not-disturb hours', async () => {
    const seller = await approvedSeller();
    const buyer = await member('vip');
    const phone = await subscribed(seller.client);
    const call = await buyer.post('/api/calls', { sellerId: seller.sellerId, callType: 'video' });
    await pushService.waitForPush(phone.id);

    // The caller's page keeps beating while it rings; then the ring time runs out.
    const buyerPage = await socketOf(stack, buyer);
    sockets.push(buyerPage);
    await services.ringOut(buyerPage, call.body.id);
    const [, missed] = await pushService.waitForPush<PushPayload>(phone.id, 2);
    expect(missed.payload).toMatchObject({ title: NotificationText.missedCall(buyer.username, 'video'), tag: `call-${call.body.id}` });
    expect(missed.payload.call).toBeUndefined();
    expect(missed.urgency).toBe('normal');
  });
});

describe('in the person’s language', () => {
  /** Chooses the language as Settings does, and waits until chat-svc, which words pushes in it, has it too. */
  async function speak(who: ApiClient & { id: number }, language: Language) {
    expect((await who.request('PUT', '/api/users/me/language', { language })).status).toBe(200);
    const chatDb = services.chat.get(MikroORM).em.getConnection();
    await eventually(async () => expect((await chatDb.execute('select language from chat_users where id = ?', [who.id]))[0]?.language).toBe(language));
  }

  it('words pushes and notifications in it, and the notifications already there again after a change', async () => {
    const { alice, bob, roomId } = await privateChat();
    const phone = await subscribed(bob);
    await speak(bob, 'hi');
    await saveSettings(bob, (s) => ({ ...s, chat: { ...s.chat, messagePreview: false } }));

    await alice.post(`/api/rooms/${roomId}/messages`, { content: 'Dinner at eight?' });
    const [push] = await pushService.waitForPush<PushPayload>(phone.id);
    expect(push.payload).toMatchObject({ title: `${alice.username} का नया संदेश`, body: 'पढ़ने के लिए चैट खोलें' });
    const listed = async () => (await bob.get('/api/notifications')).body.notifications.map((n: any) => n.title);
    expect(await listed()).toEqual([`${alice.username} का नया संदेश`]);

    // Read again after the switch back, the same notification is in English; a new one too.
    await speak(bob, 'en');
    expect(await listed()).toEqual([NotificationText.messageFrom(alice.username)]);
    expect((await alice.post(`/api/rooms/${roomId}/messages`, { content: 'What to bring?' })).status).toBe(201);
    const [, second] = await pushService.waitForPush<PushPayload>(phone.id, 2);
    expect(second.payload).toMatchObject({ title: NotificationText.messageFrom(alice.username), body: PushText.hiddenPreview });
  });

  it('words a ring and its missed call in the seller’s language', async () => {
    const seller = await approvedSeller();
    const buyer = await member('vip');
    const phone = await subscribed(seller.client);
    await speak(seller.client, 'hi');
    const call = await buyer.post('/api/calls', { sellerId: seller.sellerId, callType: 'video' });
    const [ring] = await pushService.waitForPush<PushPayload>(phone.id);
    expect(ring.payload).toMatchObject({
      title: `${buyer.username} की वीडियो कॉल आ रही है`,
      body: 'जवाब देने के लिए उठाएँ पर टैप करें।',
      call: { actions: { accept: 'उठाएँ', decline: 'मना करें' } },
    });

    const buyerPage = await socketOf(stack, buyer);
    sockets.push(buyerPage);
    await services.ringOut(buyerPage, call.body.id);
    const [, missed] = await pushService.waitForPush<PushPayload>(phone.id, 2);
    expect(missed.payload).toMatchObject({ title: `${buyer.username} की वीडियो कॉल छूट गई`, body: 'आप मौजूद नहीं थे, तब उन्होंने कॉल किया। अपनी चैट में उन्हें लिखें।' });
  });
});

describe('a moderator’s act on the account', () => {
  it('pushes a mute with its reason, leading to the notices', async () => {
    const moderator = await member('moderator');
    const bob = await member();
    const phone = await subscribed(bob);
    const muted = await moderator.post(`/api/moderation/users/${bob.id}/mute`, { duration: '1h', reason: 'Flooding the room' });
    expect(muted.status).toBe(200);

    const [push] = await pushService.waitForPush<PushPayload>(phone.id);
    expect(push.payload).toMatchObject({ body: NotificationText.muteReason('Flooding the room'), url: '/notifications#moderation-notices', silent: false });
    expect(push.payload.title).toMatch(/mute/i);
  });
});

async function approvedSeller() {
  const moderator = await member('moderator');
  const client = await member();
  const applied = await client.post('/api/sellers/register', sellerApplication({ displayName: 'Pushed Priya' }));
  expect(applied.status).toBe(201);
  expect((await moderator.post(`/api/sellers/${applied.body.id}/verify`, {})).status).toBe(200);
  await eventually(async () => expect((await client.get('/api/users/me')).body.role).toBe('seller'));
  return { client, sellerId: applied.body.id as number };
}
