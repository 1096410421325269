/* eslint-disable @typescript-eslint/no-explicit-any -- bodies and frames are loose JSON read as a browser would */
import 'reflect-metadata';
import { AuthPatterns, DEFAULT_USER_SETTINGS, SafetyMessages, type UserRole } from '@app/contracts';
import { eventually, uniqueName, sellerApplication } from '@app/testing';
// The real accounts, chat and marketplace services behind two gateways: blocks, privacy and
// the filter cross all of them.
import { ApiClient, signedUpMember, type AuthStack } from './auth-stack';
import { startAnotherGateway } from './support/gateway-harness';
import { startProductStack } from './support/product-stack';
import type { TestSocket } from './chat-stack';
import { enterRoom, socketOf } from './support/room-socket';

jest.setTimeout(60_000);

let stack: AuthStack;
let second: Awaited<ReturnType<typeof startAnotherGateway>>;
let secondUrl: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  stack = await startProductStack({ LOG_LEVEL: 'silent' });
  // A second gateway: a browser may land on either, and a block must hold on both.
  second = await startAnotherGateway();
  secondUrl = second.baseUrl;
}, 60_000);

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await second?.close();
  await stack?.stop();
});

const member = (role?: Exclude<UserRole, 'guest'>, name = uniqueName('safe')) => signedUpMember(stack, role, name);

const track = async (socket: Promise<TestSocket>) => {
  const opened = await socket;
  sockets.push(opened);
  return opened;
};
const enter = (c: ApiClient, roomId: number, baseUrl?: string) => track(enterRoom(stack, c, roomId, baseUrl));
const newRoom = async (owner: ApiClient, extra: object = {}) => {
  const res = await owner.post('/api/rooms', { name: uniqueName('Room'), category: 'general', messageCooldown: 0, ...extra });
  expect(res.status).toBe(201);
  return res.body.id as number;
};

describe('blocks', () => {
  it('keeps a block list over REST: block, list, unblock, with 400, 401 and 404 where they belong', async () => {
    const [me, pest] = [await member(), await member()];
    expect((await new ApiClient(stack).post('/api/blocks', { userId: pest.id })).status).toBe(401);
    const blocked = await me.post('/api/blocks', { userId: pest.id });
    expect(blocked).toMatchObject({ status: 201, body: { user: { id: pest.id, username: pest.username }, blockedAt: expect.any(String) } });
    expect((await me.get('/api/blocks')).body).toEqual([blocked.body]);
    expect((await pest.get('/api/blocks')).body).toEqual([]);
    expect(await me.post('/api/blocks', { userId: 'pest' })).toMatchObject({ status: 400, body: { fields: { userId: expect.any(Array) } } });
    expect(await me.post('/api/blocks', { userId: me.id })).toMatchObject({
      status: 400,
      body: { message: SafetyMessages.SelfBlock, fieldCodes: { userId: [{ code: 'block_self' }] } },
    });
    expect((await me.post('/api/blocks', { userId: 2_000_000_000 })).status).toBe(404);
    expect((await me.request('DELETE', `/api/blocks/${pest.id}`)).status).toBe(200);
    expect(await me.request('DELETE', `/api/blocks/${pest.id}`)).toMatchObject({ status: 404, body: { message: SafetyMessages.NotBlocked } });
    expect((await me.request('DELETE', '/api/blocks/abc')).status).toBe(400);
    expect((await me.get('/api/blocks')).body).toEqual([]);
  });

  it('refuses to block a moderator with 403 and says why, and lifts blocks of someone made a moderator', async () => {
    const [me, moderator] = [await member(), await member('moderator')];
    expect(await me.post('/api/blocks', { userId: moderator.id })).toMatchObject({
      status: 403,
      body: { code: 'forbidden', message: SafetyMessages.ModeratorNotBlockable },
    });
    expect((await me.get('/api/blocks')).body).toEqual([]);
    // A moderator may still block whoever troubles them.
    expect((await moderator.post('/api/blocks', { userId: me.id })).status).toBe(201);
    // A block made before someone became a moderator is lifted when they do.
    const promoted = await member();
    expect((await me.post('/api/blocks', { userId: promoted.id })).status).toBe(201);
    await stack.rpc.request(AuthPatterns.SetRole, { userId: promoted.id, role: 'moderator' });
    await eventually(async () => expect((await me.get('/api/blocks')).body).toEqual([]));
  });

  it("stops writing the blocked person's messages to the blocker's sockets on every gateway the moment they block, and only theirs", async () => {
    const moderator = await member('moderator');
    const roomId = await newRoom(moderator);
    const [blocker, pest, friend, bystander] = [await member('vip'), await member('vip'), await member('vip'), await member()];
    const pestPage = await enter(pest, roomId);
    const friendPage = await enter(friend, roomId);
    // The blocker reads on the second gateway; the block is made through the first.
    const blockerPage = await enter(blocker, roomId, secondUrl);
    const bystanderPage = await enter(bystander, roomId, secondUrl);
    const say = async (page: TestSocket, content: string) => {
      page.send({ type: 'send_message', content, clientId: uniqueName('c') });
      return (await page.next('message_ack')).message.seq as number;
    };
    const contents = (page: TestSocket) => page.ofType('new_message').map((f) => f.message.content);

    await say(pestPage, 'before the block');
    await say(friendPage, 'friend one');
    await eventually(() => expect(contents(blockerPage)).toEqual(['before the block', 'friend one']));

    expect((await blocker.post('/api/blocks', { userId: pest.id })).status).toBe(201);
    // The gateway hears of the block by event: wait for it as the blocker would see it, by a message after the pest's.
    await eventually(async () => {
      const hidden = await say(pestPage, 'hidden?');
      const after = await say(friendPage, 'marker');
      await eventually(() => expect(blockerPage.ofType('new_message').some((f) => f.message.seq === after)).toBe(true));
      expect(blockerPage.ofType('new_message').some((f) => f.message.seq === hidden)).toBe(false);
    });
    const hiddenSeq = await say(pestPage, 'you cannot see this');
    const lastSeq = await say(friendPage, 'but you see this');
    await eventually(() => expect(blockerPage.ofType('new_message').map((f) => f.message.seq)).toContain(lastSeq));
    expect(contents(blockerPage)).not.toContain('you cannot see this');
    // Everyone else sees both, in order.
    await eventually(() => expect(contents(bystanderPage).slice(-2)).toEqual(['you cannot see this', 'but you see this']));
    expect(bystanderPage.ofType('new_message').map((f) => f.message.seq)).toContain(hiddenSeq);
    // A reload (history and a new socket) shows the same.
    const history = (await blocker.get(`/api/rooms/${roomId}/messages`)).body.map((m: any) => m.content);
    expect(history).toContain('but you see this');
    expect(history.filter((c: string) => c === 'before the block' || c === 'hidden?' || c === 'you cannot see this')).toEqual([]);
    const reloaded = await enter(blocker, roomId);
    expect((await reloaded.next('room_messages')).messages.map((m: any) => m.content)).not.toContain('you cannot see this');

    expect((await blocker.request('DELETE', `/api/blocks/${pest.id}`)).status).toBe(200);
    await eventually(async () => {
      const seen = await say(pestPage, 'visible again');
      await eventually(() => expect(blockerPage.ofType('new_message').map((f) => f.message.seq)).toContain(seen));
    });
  });

  it('keeps a blocked seller from being called by the buyer they blocked, and the private chat read-only with the words for each side', async () => {
    const moderator = await member('moderator');
    const seller = await member();
    const applied = await seller.post('/api/sellers/register', sellerApplication({ displayName: 'Blocking Betty' }));
    expect(applied.status).toBe(201);
    expect((await moderator.post(`/api/sellers/${applied.body.id}/verify`, {})).status).toBe(200);
    await eventually(async () => expect((await seller.get('/api/users/me')).body.role).toBe('seller'));
    const buyer = await member('vip');
    const chat = await buyer.post('/api/rooms/private', { sellerId: applied.body.id });
    expect(chat.status).toBe(201);
    expect((await buyer.post(`/api/rooms/${chat.body.id}/messages`, { content: 'Hello Betty' })).status).toBe(201);

    expect((await seller.post('/api/blocks', { userId: buyer.id })).status).toBe(201);
    expect(await buyer.post('/api/calls', { sellerId: applied.body.id, callType: 'audio' })).toMatchObject({
      status: 403,
      body: { message: SafetyMessages.CannotCall, messageCode: { code: 'call_cannot_call' } },
    });
    expect(await buyer.post(`/api/rooms/${chat.body.id}/messages`, { content: 'Hello?' })).toMatchObject({
      status: 403,
      body: { message: SafetyMessages.CannotReply },
    });
    expect(await seller.post(`/api/rooms/${chat.body.id}/messages`, { content: 'Bye' })).toMatchObject({
      status: 403,
      body: { message: SafetyMessages.youBlocked(buyer.username), messageCode: { code: 'block_you_blocked', params: { name: buyer.username } } },
    });
    expect((await buyer.get(`/api/rooms/${chat.body.id}`)).body).toMatchObject({ canReply: false, blockedByYou: false });
    expect((await seller.get(`/api/rooms/${chat.body.id}`)).body).toMatchObject({ canReply: false, blockedByYou: true });
    expect(await buyer.post('/api/rooms/private', { sellerId: applied.body.id })).toMatchObject({
      status: 403,
      body: { message: SafetyMessages.NotAcceptingChats },
    });
  });
});

describe('bans', () => {
  it('keep the banned address, in any spelling of it, from a new account: the caller is answered as for any taken address, its mailbox hears of the ban', async () => {
    const moderator = await member('moderator');
    const local = uniqueName('ban').replace(/_/g, '');
    const banned = new ApiClient(stack);
    const made = await banned.register({ username: uniqueName('banned'), email: `${local}.x@gmail.com` });
    expect(made.status).toBe(201);
    expect((await moderator.post(`/api/moderation/users/${made.body.user.id}/ban`, { reason: 'Scamming buyers' })).status).toBe(200);

    // Case, dots and a +tag spell the same Gmail mailbox.
    const respelled = `${local.slice(0, 2).toUpperCase()}.${local.slice(2)}X+again@GoogleMail.com`;
    const again = new ApiClient(stack);
    const answer = await again.register({ username: uniqueName('again'), email: respelled });
    // The answer a sign-up with any taken address gets: an account of its own, the address not confirmed.
    const taken = await new ApiClient(stack).register({ username: uniqueName('taken'), email: `${(await member()).username}@example.com` });
    expect(answer.status).toBe(taken.status);
    expect(Object.keys(answer.body).sort()).toEqual(Object.keys(taken.body).sort());
    expect(Object.keys(answer.body.user).sort()).toEqual(Object.keys(taken.body.user).sort());
    expect(answer.body.user).toMatchObject({ email: respelled.toLowerCase(), isVerified: false });
    const mail = await stack.mail.waitForMail(respelled, /Your account is banned/);
    expect(mail.text).toContain('cannot be used for a new account');

    // Lifted, the address signs up like any other; the one confirmation mail is this one's, none went out for the barred sign-up.
    expect((await moderator.post(`/api/moderation/users/${made.body.user.id}/lift`, { sanction: 'ban', reason: 'Appeal accepted' })).status).toBe(200);
    const freed = `${local}.x+later@gmail.com`;
    expect((await new ApiClient(stack).register({ username: uniqueName('freed'), email: freed })).status).toBe(201);
    await stack.mail.waitForMail(freed, /Confirm your email address/);
    expect((await stack.mail.mailsTo(respelled)).map((m) => m.subject)).toEqual(['Your account is banned']);
  });
});

describe('privacy settings', () => {
  const settingsWith = (privacy: Partial<typeof DEFAULT_USER_SETTINGS.privacy>) => ({
    ...DEFAULT_USER_SETTINGS,
    privacy: { ...DEFAULT_USER_SETTINGS.privacy, ...privacy },
  });

  it('take effect in chat as soon as they are saved: no new private chats, no online presence', async () => {
    const moderator = await member('moderator');
    const roomId = await newRoom(moderator);
    const [quiet, stranger, watcher] = [await member(), await member(), await member()];
    await enter(quiet, roomId);
    await enter(watcher, roomId);
    expect((await stranger.post('/api/rooms/private', { userId: quiet.id, originRoomId: roomId })).status).toBe(201);

    expect((await quiet.request('PUT', '/api/users/me/settings', settingsWith({ allowDirectMessages: false, showOnlineStatus: false }))).status).toBe(200);
    // Both settings travel in one event: once the count drops, both hold.
    await eventually(async () => expect((await watcher.get(`/api/rooms/${roomId}`)).body.onlineCount).toBe(1));
    expect(await (await member()).post('/api/rooms/private', { userId: quiet.id, originRoomId: roomId })).toMatchObject({
      status: 403,
      body: { message: SafetyMessages.NotAcceptingChats },
    });
    // A chat that exists is not a new one.
    expect((await stranger.post('/api/rooms/private', { userId: quiet.id, originRoomId: roomId })).status).toBe(201);
    const fresh = await enter(await member(), roomId);
    expect((await fresh.next('online_users')).users.map((u: any) => u.id)).not.toContain(quiet.id);
  });
});

describe('content filter', () => {
  it('refuses offensive usernames at sign-up, guest entry and profile edit, and says so when the name is checked', async () => {
    const c = new ApiClient(stack);
    expect(await c.register({ username: 'shithead_42', email: `${uniqueName('x')}@example.com` })).toMatchObject({
      status: 400,
      body: { fields: { username: [SafetyMessages.WordsNotAllowed.username] } },
    });
    expect((await c.get('/api/auth/check-username?username=fuckface')).body).toEqual({
      available: false,
      message: SafetyMessages.WordsNotAllowed.username,
      messageCode: { code: 'username_words_not_allowed' },
    });
    expect(await c.post('/api/auth/guest', { username: 'b1tch_guest', captchaResponse: await c.solveCaptcha() })).toMatchObject({
      status: 400,
      body: { fields: { username: [SafetyMessages.WordsNotAllowed.username] } },
    });
    const me = await member();
    expect(await me.request('PATCH', '/api/users/me', { username: 'cuntlord' })).toMatchObject({
      status: 400,
      body: { fields: { username: [SafetyMessages.WordsNotAllowed.username] } },
    });
    expect((await me.request('PATCH', '/api/users/me', { username: uniqueName('scunthorpe') })).status).toBe(200);
  });

  it('refuses offensive seller display names and bios, at application and in the profile editor', async () => {
    const applicant = await member();
    expect(await applicant.post('/api/sellers/register', sellerApplication({ displayName: 'Fucking Expert' }))).toMatchObject({
      status: 400,
      body: {
        fields: { displayName: [SafetyMessages.WordsNotAllowed.displayName] },
        fieldCodes: { displayName: [{ code: 'seller_display_name_words_not_allowed' }] },
      },
    });
    const dirtyBio = 'I help people with their careers and I do not give a shit about your feelings at all.';
    expect(await applicant.post('/api/sellers/register', sellerApplication({ bio: dirtyBio }))).toMatchObject({
      status: 400,
      body: { fields: { bio: [SafetyMessages.WordsNotAllowed.bio] }, fieldCodes: { bio: [{ code: 'seller_bio_words_not_allowed' }] } },
    });
    expect((await applicant.post('/api/sellers/register', sellerApplication())).status).toBe(201);
    expect(await applicant.request('PATCH', '/api/sellers/profile/me', { bio: dirtyBio })).toMatchObject({
      status: 400,
      body: { fields: { bio: [SafetyMessages.WordsNotAllowed.bio] } },
    });
  });

  it('masks offensive words in public rooms for everyone who reads them live', async () => {
    const moderator = await member('moderator');
    const roomId = await newRoom(moderator);
    const [vip, reader] = [await member('vip'), await member()];
    const readerPage = await enter(reader, roomId, secondUrl);
    await enter(vip, roomId);
    const sent = await vip.post(`/api/rooms/${roomId}/messages`, { content: 'well fuck me' });
    expect(sent).toMatchObject({ status: 201, body: { content: 'well f*** me' } });
    expect((await readerPage.next('new_message')).message.content).toBe('well f*** me');
  });
});

describe('limits on abuse paths', () => {
  it('answers the sixth public room of the day with 429, its wait and Retry-After', async () => {
    const vip = await member('vip');
    for (let i = 0; i < 5; i++) await newRoom(vip);
    const refused = await vip.post('/api/rooms', { name: uniqueName('Sixth'), category: 'general' });
    expect(refused).toMatchObject({ status: 429, body: { error: 'rate_limit', code: 'rate_limit', waitTime: expect.any(Number) } });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
  });

  it("refuses a socket's join, leave and auth frames past 20 in 10 seconds with 429 and the wait, and goes on serving its other frames", async () => {
    const moderator = await member('moderator');
    const roomId = await newRoom(moderator);
    const vip = await member('vip');
    const page = await track(socketOf(stack, vip));
    for (let i = 0; i < 30; i++) page.send({ type: i % 2 ? 'leave_room' : 'join_room', roomId });
    const refusal = await page.next('error');
    expect(refusal).toMatchObject({ code: 'rate_limit', error: 'rate_limit', message: SafetyMessages.FrameRate, messageCode: { code: 'frame_rate' } });
    expect(refusal.waitTime).toBeGreaterThan(0);
    expect(refusal.waitTime).toBeLessThanOrEqual(10_000);
    // 1 auth + 19 room frames were served; the other 11 were refused.
    await eventually(() => expect(page.ofType('error').filter((f) => f.code === 'rate_limit')).toHaveLength(11));
    expect(page.ofType('room_joined').length + page.ofType('room_left').length).toBe(19);
    page.send({ type: 'send_message', roomId, content: 'still heard', clientId: 'after-limit' });
    expect((await page.next('message_ack')).message.content).toBe('still heard');
  });

  it('answers a flood of frames on one socket with a single refusal instead of work for each', async () => {
    const page = await track(socketOf(stack, await member()));
    for (let i = 0; i < 260; i++) page.send({ type: 'no_such_frame', n: i });
    await eventually(() => expect(page.ofType('error').filter((f) => f.code === 'rate_limit')).toHaveLength(1));
    // 1 auth frame + 199 handled (each an unknown-type refusal); the rest were never read.
    await eventually(() => expect(page.ofType('error').filter((f) => f.code === 'validation_failed')).toHaveLength(199));
    // Each refusal carries its code and the frame's type, for the web to word it.
    expect(page.ofType('error').find((f) => f.code === 'validation_failed')).toMatchObject({
      message: 'Unknown frame type: no_such_frame',
      messageCode: { code: 'frame_type_unknown', params: { type: 'no_such_frame' } },
    });
  });

  it('answers each send refused by the flood guard with its client id, so the sender knows which failed', async () => {
    const page = await track(socketOf(stack, await member()));
    // 1 auth frame + 199 unknown frames fill the socket's 200; then a flood refusal, then sends.
    for (let i = 0; i < 199; i++) page.send({ type: 'no_such_frame', n: i });
    for (let i = 0; i < 3; i++) page.send({ type: 'send_message', roomId: 1, content: 'over the limit', clientId: `flooded-${i}` });
    page.send({ type: 'no_such_frame', n: 'after' });
    await eventually(() => expect(page.ofType('error').filter((f) => f.code === 'rate_limit')).toHaveLength(3));
    const refused = page.ofType('error').filter((f) => f.code === 'rate_limit');
    expect(refused.map((f) => f.clientId)).toEqual(['flooded-0', 'flooded-1', 'flooded-2']);
    expect(refused.every((f) => f.message === SafetyMessages.FrameRate && f.messageCode?.code === 'frame_rate' && f.waitTime > 0)).toBe(true);
  });

  it('refuses sends into a public room from anyone not in it, over REST and the socket, so a full room stays closed', async () => {
    const moderator = await member('moderator');
    const roomId = await newRoom(moderator, { maxUsers: 2 });
    const [a, b, outsider] = [await member('vip'), await member('vip'), await member('vip')];
    await enter(a, roomId);
    await enter(b, roomId);
    const page = await track(socketOf(stack, outsider));
    page.send({ type: 'join_room', roomId });
    expect(await page.next('error')).toMatchObject({ code: 'forbidden' });
    page.send({ type: 'send_message', roomId, content: 'let me in', clientId: 'outside-1' });
    expect(await page.next('error')).toMatchObject({ code: 'forbidden', message: SafetyMessages.JoinToSend, clientId: 'outside-1' });
    expect(await outsider.post(`/api/rooms/${roomId}/messages`, { content: 'over REST' })).toMatchObject({
      status: 403,
      body: { message: SafetyMessages.JoinToSend },
    });
    expect((await a.post(`/api/rooms/${roomId}/messages`, { content: 'from inside' })).status).toBe(201);
  });
});
