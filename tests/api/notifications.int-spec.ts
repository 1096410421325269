/* eslint-disable @typescript-eslint/no-explicit-any -- bodies and frames are loose JSON read as a browser would */
import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { ModerationMessages, NotificationText, PushText, VipEvents, type UserRole } from '@app/contracts';
import { eventually, uniqueName, sellerApplication } from '@app/testing';
// The real accounts, chat and marketplace services behind the gateway: notifications are made from all of them.
import { ApiClient, signedUpMember, startAuthStack, type AuthStack, type Member } from './auth-stack';
import type { TestSocket } from './chat-stack';
import { startChatAndCalls, type ChatAndCalls } from './support/chat-and-calls';
import { enterRoom, socketOf } from './support/room-socket';

jest.setTimeout(60_000);

let stack: AuthStack;
let services: ChatAndCalls;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  stack = await startAuthStack({
    LOG_LEVEL: 'silent',
    CALL_SWEEP_INTERVAL_MS: '100',
    NOTIFICATION_DIGEST_SWEEP_MS: '100',
    NOTIFICATION_DIGEST_DELAY_SECONDS: '0',
  });
  services = await startChatAndCalls(stack);
}, 60_000);

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await services?.stop();
  await stack?.stop();
});

const member = (role?: Exclude<UserRole, 'guest'>) => signedUpMember(stack, role, uniqueName('note'));

const track = async (socket: Promise<TestSocket>) => {
  const opened = await socket;
  sockets.push(opened);
  return opened;
};

/** Two members with a private chat started from a public room. */
async function privateChat() {
  const moderator = await member('moderator');
  const hall = await moderator.post('/api/rooms', { name: uniqueName('Hall'), category: 'general', messageCooldown: 0 });
  const [alice, bob] = [await member('vip'), await member('vip')];
  const chat = await alice.post('/api/rooms/private', { userId: bob.id, originRoomId: hall.body.id });
  expect(chat.status).toBe(201);
  return { alice, bob, roomId: chat.body.id as number };
}

async function approvedSeller(displayName = 'Noted Nadia') {
  const moderator = await member('moderator');
  const seller = await member();
  const applied = await seller.post('/api/sellers/register', sellerApplication({ displayName }));
  expect(applied.status).toBe(201);
  expect((await moderator.post(`/api/sellers/${applied.body.id}/verify`, {})).status).toBe(200);
  await eventually(async () => expect((await seller.get('/api/users/me')).body.role).toBe('seller'));
  // The approval's own notification is in before a test opens the seller's page.
  await eventually(async () => expect((await seller.get('/api/notifications/unread')).body.count).toBe(1));
  return { seller, sellerId: applied.body.id as number, moderator };
}

const notificationsOf = async (who: ApiClient) => (await who.get('/api/notifications')).body.notifications as any[];

describe('private messages', () => {
  it('notifies the other person of a message while the chat is not open, live and stored, and not while they read it', async () => {
    const { alice, bob, roomId } = await privateChat();
    const bobElsewhere = await track(socketOf(stack, bob));
    const bobReading = await track(enterRoom(stack, bob, roomId));

    expect((await alice.post(`/api/rooms/${roomId}/messages`, { content: 'Seen at once' })).status).toBe(201);
    await bobReading.next('new_message');
    expect(await notificationsOf(bob)).toEqual([]);

    bobReading.send({ type: 'leave_room', roomId });
    await bobReading.next('room_left');
    const sent = await alice.post(`/api/rooms/${roomId}/messages`, { content: 'Are you there?' });
    const frame = await bobElsewhere.next('notification');
    const expected = {
      type: 'message',
      title: NotificationText.messageFrom(alice.username),
      content: 'Are you there?',
      sender: { id: alice.id, username: alice.username },
      link: `/chat/${roomId}`,
      roomId,
      read: false,
    };
    expect(frame).toMatchObject({ notification: expected, unread: { count: 1, rooms: [{ roomId, count: 1 }] } });
    expect(await notificationsOf(bob)).toEqual([frame.notification]);
    expect((await bob.get('/api/notifications/unread')).body).toEqual({ count: 1, rooms: [{ roomId, count: 1 }] });
    expect(sent.body.id).toBeGreaterThan(0);
    // The sender is never notified of their own message.
    expect(await notificationsOf(alice)).toEqual([]);
  });

  it('says what kind of media a message carries, never the address of its file', async () => {
    const { alice, bob, roomId } = await privateChat();
    const voice = await alice.post(`/api/rooms/${roomId}/messages`, {
      content: '/media/voice/0b6f1c1e-2f55-4c6e-9d43-5d1b2a7c9e10.webm',
      type: 'voice',
      metadata: { durationMs: 4200 },
    });
    expect(voice.status).toBe(201);
    await eventually(async () => expect((await notificationsOf(bob)).map((n) => n.content)).toEqual([NotificationText.voice]));
  });

  it('follows its message: an edit changes its words, a deletion takes it away, on every device', async () => {
    const { alice, bob, roomId } = await privateChat();
    const bobPhone = await track(socketOf(stack, bob));
    const sent = await alice.post(`/api/rooms/${roomId}/messages`, { content: 'Meet at the old mill' });
    const { notification } = await bobPhone.next('notification');
    expect(notification.content).toBe('Meet at the old mill');

    expect((await alice.request('PATCH', `/api/messages/${sent.body.id}`, { content: 'Meet at the station' })).status).toBe(200);
    expect((await bobPhone.next('notification_changed')).notification).toMatchObject({ id: notification.id, content: 'Meet at the station', read: false });
    expect((await notificationsOf(bob)).map((n) => n.content)).toEqual(['Meet at the station']);

    expect((await alice.request('DELETE', `/api/messages/${sent.body.id}`)).status).toBe(200);
    expect(await bobPhone.next('notifications_removed')).toMatchObject({ ids: [notification.id], unread: { count: 0, rooms: [] } });
    expect(await notificationsOf(bob)).toEqual([]);
    // The chat lists say so, without the words.
    for (const who of [alice, bob]) {
      const [chat] = (await who.get('/api/rooms/my-chats')).body;
      expect(chat.lastMessage).toMatchObject({ id: sent.body.id, content: '', removedBy: 'sender' });
    }
  });

  it('takes a mention away with the message a moderator removed', async () => {
    const moderator = await member('moderator');
    const hall = await moderator.post('/api/rooms', { name: uniqueName('Hall'), category: 'general', messageCooldown: 0 });
    const [ana, bo] = [await member('vip'), await member()];
    const boPhone = await track(socketOf(stack, bo));
    await track(enterRoom(stack, ana, hall.body.id));
    const said = await ana.post(`/api/rooms/${hall.body.id}/messages`, { content: `@${bo.username} you are hopeless` });
    expect(said.status).toBe(201);
    const { notification } = await boPhone.next('notification');
    expect(notification).toMatchObject({ type: 'mention', content: `@${bo.username} you are hopeless` });

    expect((await moderator.post(`/api/moderation/messages/${said.body.id}/delete`, { reason: 'Insults' })).status).toBe(200);
    expect(await boPhone.next('notifications_removed')).toMatchObject({ ids: [notification.id], unread: { count: 0 } });
    expect(await notificationsOf(bo)).toEqual([]);
  });

  it('marks a chat’s notifications read when its person opens it, on every device of theirs', async () => {
    const { alice, bob, roomId } = await privateChat();
    const bobPhone = await track(socketOf(stack, bob));
    for (const content of ['one', 'two']) await alice.post(`/api/rooms/${roomId}/messages`, { content });
    expect((await bob.get('/api/notifications/unread')).body).toEqual({ count: 2, rooms: [{ roomId, count: 2 }] });

    await track(enterRoom(stack, bob, roomId));
    const read = await bobPhone.next('notifications_read');
    expect(read.unread).toEqual({ count: 0, rooms: [] });
    expect(read.ids).toHaveLength(2);
    expect((await notificationsOf(bob)).map((n) => n.read)).toEqual([true, true]);
  });

  it('does not notify of a message from someone the reader blocked', async () => {
    const { alice, bob, roomId } = await privateChat();
    await alice.post(`/api/rooms/${roomId}/messages`, { content: 'Before the block' });
    expect((await bob.post('/api/blocks', { userId: alice.id })).status).toBe(201);
    expect((await alice.post(`/api/rooms/${roomId}/messages`, { content: 'After the block' })).status).toBe(403);
    expect((await notificationsOf(bob)).map((n) => n.content)).toEqual(['Before the block']);
  });

  it('tells a seller of a buyer’s message as a seller notification, and the buyer of the reply as a message', async () => {
    const { seller, sellerId } = await approvedSeller('Seller Sam');
    const buyer = await member('vip');
    const sellerPage = await track(socketOf(stack, seller));
    const chat = await buyer.post('/api/rooms/private', { sellerId });
    await buyer.post(`/api/rooms/${chat.body.id}/messages`, { content: 'Can you help with my CV?' });
    expect((await sellerPage.next('notification')).notification).toMatchObject({
      type: 'seller',
      title: NotificationText.messageFrom(buyer.username),
      content: 'Can you help with my CV?',
      link: `/chat/${chat.body.id}`,
    });
    await seller.post(`/api/rooms/${chat.body.id}/messages`, { content: 'Of course' });
    expect(await notificationsOf(buyer)).toEqual([expect.objectContaining({ type: 'message', content: 'Of course', roomId: chat.body.id })]);
  });
});

describe('the REST of it', () => {
  it('pages newest first, counts unread, marks one and all read, for the owner only', async () => {
    const { alice, bob, roomId } = await privateChat();
    for (let i = 1; i <= 5; i++) await alice.post(`/api/rooms/${roomId}/messages`, { content: `message ${i}` });

    const first = await bob.get('/api/notifications?limit=2');
    expect(first.body.notifications.map((n: any) => n.content)).toEqual(['message 5', 'message 4']);
    const second = await bob.get(`/api/notifications?limit=2&before=${first.body.nextBefore}`);
    expect(second.body.notifications.map((n: any) => n.content)).toEqual(['message 3', 'message 2']);
    const last = await bob.get(`/api/notifications?limit=2&before=${second.body.nextBefore}`);
    expect(last.body).toMatchObject({ notifications: [{ content: 'message 1' }], nextBefore: null });

    const target = first.body.notifications[0].id;
    expect(await alice.post(`/api/notifications/${target}/read`, {})).toMatchObject({ status: 403, body: { message: NotificationText.notYours } });
    expect((await bob.get('/api/notifications/unread')).body.count).toBe(5);
    expect(await bob.post(`/api/notifications/${target}/read`, {})).toMatchObject({ status: 200, body: { count: 4, rooms: [{ roomId, count: 4 }] } });
    expect(await bob.post(`/api/notifications/${target}/read`, {})).toMatchObject({ status: 200, body: { count: 4 } });
    expect(await bob.post('/api/notifications/2000000000/read', {})).toMatchObject({ status: 404, body: { message: NotificationText.notFound } });
    expect(await bob.post('/api/notifications/abc/read', {})).toMatchObject({ status: 400, body: { fields: { id: expect.any(Array) } } });
    expect(await bob.get('/api/notifications?limit=0')).toMatchObject({ status: 400, body: { fields: { limit: expect.any(Array) } } });
    expect(await bob.get('/api/notifications?before=-3')).toMatchObject({ status: 400, body: { fields: { before: expect.any(Array) } } });

    // Someone else's list and count never include them.
    expect(await notificationsOf(alice)).toEqual([]);
    expect((await alice.post('/api/notifications/read-all', {})).body).toEqual({ count: 0, rooms: [] });
    expect((await bob.get('/api/notifications/unread')).body.count).toBe(4);

    const bobTab = await track(socketOf(stack, bob));
    expect(await bob.post('/api/notifications/read-all', {})).toMatchObject({ status: 200, body: { count: 0, rooms: [] } });
    expect(await bobTab.next('notifications_read')).toEqual({ type: 'notifications_read', ids: null, unread: { count: 0, rooms: [] } });
    expect((await notificationsOf(bob)).every((n) => n.read)).toBe(true);

    const signedOut = new ApiClient(stack);
    expect((await signedOut.get('/api/notifications')).status).toBe(401);
    expect((await signedOut.get('/api/notifications/unread')).status).toBe(401);
  });
});

describe('from the other services', () => {
  it('tells an applicant the team’s decision, either way', async () => {
    const { seller } = await approvedSeller('Approved Ada');
    await eventually(async () =>
      expect(await notificationsOf(seller)).toEqual([
        expect.objectContaining({ type: 'seller_application', title: NotificationText.applicationApproved, link: '/seller-profile', sender: null }),
      ]),
    );

    const moderator = await member('moderator');
    const hopeful = await member();
    const applied = await hopeful.post('/api/sellers/register', sellerApplication({ displayName: 'Rejected Rita' }));
    expect((await moderator.post(`/api/sellers/${applied.body.id}/reject`, { reason: 'Please add your certificates' })).status).toBe(200);
    await eventually(async () =>
      expect(await notificationsOf(hopeful)).toEqual([
        expect.objectContaining({
          type: 'seller_application',
          title: NotificationText.applicationRejected,
          content: NotificationText.applicationRejectedContent('Please add your certificates'),
          link: '/seller-registration',
        }),
      ]),
    );
  });

  it('tells a VIP once that their period ends in a few days', async () => {
    const vip = await member('vip');
    const vipUntil = new Date(Date.now() + 3 * 86_400_000).toISOString();
    // As auth-svc's sweep announces it; a repeat (another replica, a retry) stores nothing more.
    await stack.rpc.emit(VipEvents.Expiring, { userId: vip.id, vipUntil });
    await stack.rpc.emit(VipEvents.Expiring, { userId: vip.id, vipUntil });
    await eventually(async () =>
      expect(await notificationsOf(vip)).toEqual([expect.objectContaining({ type: 'vip', title: NotificationText.vipExpiring(vipUntil), link: '/profile' })]),
    );
  });

  it('tells the warned person of a warning and a reporter of the outcome, and nobody else', async () => {
    const moderator = await member('moderator');
    const [reporter, rude, bystander] = [await member(), await member(), await member()];
    const report = await reporter.post('/api/reports', { targetType: 'user', targetId: rude.id, reason: 'harassment' });
    expect(report.status).toBe(201);
    expect((await moderator.post(`/api/moderation/users/${rude.id}/warn`, { reason: 'Be kind', reportId: report.body.id })).status).toBe(200);

    await eventually(async () =>
      expect(await notificationsOf(rude)).toEqual([
        expect.objectContaining({ type: 'warning', title: ModerationMessages.Warning, content: NotificationText.warningContent('Be kind') }),
      ]),
    );
    await eventually(async () =>
      expect(await notificationsOf(reporter)).toEqual([
        expect.objectContaining({ type: 'report_outcome', title: NotificationText.reportOutcome, content: ModerationMessages.OutcomeActionTaken, link: '/notifications#my-reports' }),
      ]),
    );
    expect(await notificationsOf(bystander)).toEqual([]);

    // Kept as words to say, each notice reads in its reader's language once they change it.
    for (const who of [rude, reporter]) expect((await who.request('PUT', '/api/users/me/language', { language: 'hi' })).status).toBe(200);
    await eventually(async () =>
      expect(await notificationsOf(rude)).toEqual([expect.objectContaining({ type: 'warning', title: 'एक मॉडरेटर ने आपको आपके व्यवहार के बारे में चेतावनी दी है' })]),
    );
    await eventually(async () =>
      expect(await notificationsOf(reporter)).toEqual([
        expect.objectContaining({
          type: 'report_outcome',
          content: 'एक मॉडरेटर ने आपकी रिपोर्ट देखी और कार्रवाई की। कम्युनिटी को सुरक्षित रखने में मदद के लिए धन्यवाद।',
        }),
      ]),
    );
  });

  it('tells a seller of a call nobody answered, leading to the chat with the caller', async () => {
    const { seller, sellerId } = await approvedSeller('Busy Bella');
    const buyer = await member('vip');
    const sellerPage = await track(socketOf(stack, seller));
    const call = await buyer.post('/api/calls', { sellerId, callType: 'video' });
    expect(call.status).toBe(201);
    // The caller's page keeps beating while it rings; then the ring time runs out.
    const buyerPage = await track(socketOf(stack, buyer));
    await services.ringOut(buyerPage, call.body.id);

    expect(await sellerPage.next('call_ended')).toMatchObject({ reason: 'missed' });
    const frame = await sellerPage.next('notification');
    expect(frame.notification).toMatchObject({
      type: 'missed_call',
      title: NotificationText.missedCall(buyer.username, 'video'),
      content: NotificationText.missedCallContent,
      sender: { id: buyer.id, username: buyer.username },
      link: call.body.roomId ? `/chat/${call.body.roomId}` : '/calls',
    });
    expect(await notificationsOf(buyer)).toEqual([]);
  });
});

describe('the e-mail digest', () => {
  const digests = async (who: Member) => (await stack.mail.mailsTo(`${who.username}@example.com`)).filter((m) => /unread notification/.test(m.subject));
  const undigested = async (userId: number) => {
    const [row] = await services.chat.get(MikroORM).em.getConnection().execute('select count(*)::int as n from notifications where user_id = ? and digested_at is null', [userId]);
    return row.n as number;
  };

  it('mails unread notifications at most once an hour, and only to those whose settings want e-mail', async () => {
    // Someone with e-mail notifications off: their digest is claimed and never mailed.
    const quiet = await privateChat();
    const settings = (await quiet.bob.get('/api/users/me/settings')).body;
    expect((await quiet.bob.request('PUT', '/api/users/me/settings', { ...settings, notifications: { ...settings.notifications, email: false } })).status).toBe(200);
    await quiet.alice.post(`/api/rooms/${quiet.roomId}/messages`, { content: 'Nobody mails this' });
    await eventually(async () => expect(await undigested(quiet.bob.id)).toBe(0));

    const { alice, bob, roomId } = await privateChat();
    await alice.post(`/api/rooms/${roomId}/messages`, { content: 'Dinner at eight?' });
    const mail = await stack.mail.waitForMail(`${bob.username}@example.com`, /unread notification/);
    expect(mail.subject).toBe('You have 1 unread notification');
    expect(mail.text).toContain(`${NotificationText.messageFrom(alice.username)}: Dinner at eight?`);
    expect(mail.text).toContain(`${stack.origin}/chat/${roomId}`);

    // Within the hour another message waits; a digest to someone else shows a sweep has passed since.
    await alice.post(`/api/rooms/${roomId}/messages`, { content: 'Or nine?' });
    const later = await privateChat();
    await later.alice.post(`/api/rooms/${later.roomId}/messages`, { content: 'A later digest' });
    await stack.mail.waitForMail(`${later.bob.username}@example.com`, /unread notification/);
    expect(await digests(bob)).toHaveLength(1);
    expect(await undigested(bob.id)).toBe(1);
    expect(await digests(quiet.bob)).toEqual([]);
  });

  it('mails what a message says now: the words of its edit, and nothing of a message deleted', async () => {
    const { alice, bob, roomId } = await privateChat();
    await alice.post(`/api/rooms/${roomId}/messages`, { content: 'Are you there?' });
    await stack.mail.waitForMail(`${bob.username}@example.com`, /unread notification/);
    // Within the hour of that digest two more messages wait; one is edited, the other deleted.
    const edited = await alice.post(`/api/rooms/${roomId}/messages`, { content: 'Meet at the old mill' });
    const deleted = await alice.post(`/api/rooms/${roomId}/messages`, { content: 'Bring the secret map' });
    await eventually(async () => expect(await undigested(bob.id)).toBe(2));
    expect((await alice.request('PATCH', `/api/messages/${edited.body.id}`, { content: 'Meet at the station' })).status).toBe(200);
    expect((await alice.request('DELETE', `/api/messages/${deleted.body.id}`)).status).toBe(200);
    // The hour is over (as far as the digest knows): the next sweep mails what is stored now.
    await services.chat.get(MikroORM).em.getConnection().execute(`update notification_digests set sent_at = now() - interval '2 hours' where user_id = ?`, [bob.id]);
    await eventually(async () => expect(await digests(bob)).toHaveLength(2));
    const mail = (await digests(bob)).find((m) => !m.text.includes('Are you there?'))!;
    expect(mail.subject).toBe('You have 1 unread notification');
    expect(mail.text).toContain(`${NotificationText.messageFrom(alice.username)}: Meet at the station`);
    for (const gone of ['old mill', 'secret map']) expect(mail.text).not.toContain(gone);
  });

  it('keeps the words of a message out of the mail of someone with message previews off', async () => {
    const { alice, bob, roomId } = await privateChat();
    const settings = (await bob.get('/api/users/me/settings')).body;
    expect((await bob.request('PUT', '/api/users/me/settings', { ...settings, chat: { ...settings.chat, messagePreview: false } })).status).toBe(200);
    await alice.post(`/api/rooms/${roomId}/messages`, { content: 'The surprise party is on Friday' });
    const mail = await stack.mail.waitForMail(`${bob.username}@example.com`, /unread notification/);
    expect(mail.text).toContain(`${NotificationText.messageFrom(alice.username)}: ${PushText.hiddenPreview}`);
    expect(mail.text).not.toContain('surprise');
  });
});
