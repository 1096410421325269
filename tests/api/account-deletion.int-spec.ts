/* eslint-disable @typescript-eslint/no-explicit-any -- bodies are loose JSON read as a browser would */
import 'reflect-metadata';
import { ACCOUNT_DELETION_GRACE_DAYS, AccountDeletionMessages, AuthPatterns, DELETED_USER_NAME, OidcMessages, PasskeyMessages, RECENT_PROVIDER_SIGN_IN_SECONDS } from '@app/contracts';
import { eventually, freshTotpCode, SoftAuthenticator, startOidcProvider, uniqueName, type RequestOptions, type StandInOidcProvider } from '@app/testing';
import type { Client } from 'pg';
import { createECDH, createHash, randomBytes } from 'node:crypto';
import { AccountDeletionService } from '@app/auth-svc/src/deletion/account-deletion.service';
import { ObjectStorage } from '@app/media-svc/src/storage/object-storage.repository';
import { ApiClient, signedUpMember, type Member } from './auth-stack';
import { uploadAvatar } from './support/avatar-upload';
import { providerRoundTrip } from './support/oidc';
import { startProductStack, type ProductStack } from './support/product-stack';
import { enterRoom } from './support/room-socket';
import { addPasskey } from './support/passkeys';
import { enrolAndSignInWithCode, enrolTwoStep } from './support/two-step';

jest.setTimeout(90_000);

const PASSWORD = 'blue-tangerine-42';
const DAY_MS = 24 * 60 * 60 * 1000;

let stack: ProductStack;
let provider: StandInOidcProvider;
let auth: Client;
let chat: Client;
let marketplace: Client;
let media: Client;

beforeAll(async () => {
  provider = await startOidcProvider();
  stack = await startProductStack(provider.env('local', 'Local provider'), { media: true });
  [auth, chat, marketplace, media] = await stack.databases('auth', 'chat', 'marketplace', 'media');
}, 90_000);

afterAll(async () => {
  await stack?.stop();
  await provider?.stop();
});

/** The answer is a status (202) or a refusal with its fields, read loosely as a browser would. */
const askDeletion = (c: ApiClient, body: Record<string, unknown>) => c.post('/api/users/me/deletion', body);
const mine = (c: Member, extra: Record<string, unknown> = {}) => askDeletion(c, { password: PASSWORD, confirmation: c.username, ...extra });

/** A verified seller profile of this member, taking audio calls. */
async function sellerProfileOf(c: Member): Promise<number> {
  const { rows } = await marketplace.query(
    `insert into "sellers" ("user_id", "username", "display_name", "category", "bio", "about_me", "experience", "education", "work_history", "pricing", "time_zone",
       "response_time", "working_hours", "is_verified", "verification_status", "accepts_calls")
     values ($1, $2, $3, 'career', 'Career coach', 'About me', '5 years', 'school', 'work', $4, 'UTC+00:00', 'within 1 hour', '{}', true, 'verified', true) returning "id"`,
    [c.id, c.username, `Dr ${c.username}`, JSON.stringify({ audio: { price: 2, currency: 'USD' }, video: { price: 3, currency: 'USD' } })],
  );
  return rows[0].id as number;
}

describe('asking to delete an account', () => {
  it('refuses a guest, a body without the password or confirmation, and a confirmation that is not the username', async () => {
    const guest = new ApiClient(stack);
    expect((await guest.post('/api/auth/guest', { captchaResponse: await guest.solveCaptcha() })).status).toBe(201);
    expect((await askDeletion(guest, { password: 'whatever-it-is', confirmation: 'me' })).status).toBe(403);
    expect((await new ApiClient(stack).post('/api/users/me/deletion', { password: PASSWORD, confirmation: 'x' })).status).toBe(401);

    const c = await signedUpMember(stack, undefined, uniqueName('del'));
    const empty = await askDeletion(c, {});
    expect(empty.status).toBe(400);
    expect(empty.body.fields.password).toContain(AccountDeletionMessages.passwordRequired);
    expect(empty.body.fields.confirmation).toContain(AccountDeletionMessages.confirmationRequired);

    const wrongName = await mine(c, { confirmation: `${c.username}x` });
    expect(wrongName.status).toBe(400);
    expect(wrongName.body.fields).toEqual({ confirmation: [AccountDeletionMessages.confirmationWrong] });
    expect(wrongName.body.fieldCodes).toEqual({ confirmation: [{ code: 'account_deletion_confirmation_wrong' }] });
    // Nothing happened: still signed in, nothing scheduled.
    expect((await c.get('/api/users/me/deletion')).body).toEqual({ state: 'none', requestedAt: null, scheduledFor: null });
  });

  it('refuses a wrong password with 403, counted toward the sign-in lockout like a failed sign-in', async () => {
    const c = await signedUpMember(stack, undefined, uniqueName('del'));
    for (let i = 0; i < 5; i++) {
      const wrong = await mine(c, { password: `not-my-password-${i}` });
      expect(wrong.status).toBe(403);
      expect(wrong.body).toMatchObject({
        message: AccountDeletionMessages.passwordWrong,
        fields: { password: [AccountDeletionMessages.passwordWrong] },
        fieldCodes: { password: [{ code: 'password_wrong' }] },
      });
    }
    // Past the lockout even the right password waits, here and at sign-in from this address.
    expect((await mine(c)).status).toBe(429);
    const again = new ApiClient(stack, c.ip);
    expect((await again.login(c.username, PASSWORD)).status).toBe(429);
    expect((await c.get('/api/users/me/deletion')).body.state).toBe('none');
  });

  it('asks a current code when two-step sign-in is on', async () => {
    const c = await signedUpMember(stack, undefined, uniqueName('del'));
    const { secret } = await enrolTwoStep(c);
    const noCode = await mine(c);
    expect(noCode.status).toBe(400);
    expect(noCode.body.fields).toEqual({ code: [AccountDeletionMessages.codeRequired] });
    const wrongCode = await mine(c, { code: '000000' });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body.fields.code).toBeDefined();
    const done = await mine(c, { code: await freshTotpCode(secret) });
    expect(done.status).toBe(202);
    expect(done.body.state).toBe('scheduled');
  });

  it('refuses a seller in a call with 409 until the call ends', async () => {
    const seller = await signedUpMember(stack, 'seller', uniqueName('dels'));
    const sellerId = await sellerProfileOf(seller);
    const buyer = await signedUpMember(stack, 'vip', uniqueName('delb'));
    const call = await buyer.post('/api/calls', { sellerId, callType: 'audio' });
    expect(call.status).toBe(201);
    expect((await seller.post(`/api/calls/${call.body.id}/accept`)).status).toBe(200);

    const refused = await mine(seller);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'in_call', message: AccountDeletionMessages.inCall, messageCode: { code: 'account_deletion_in_call' } });
    expect((await seller.get('/api/users/me')).status).toBe(200);

    expect((await buyer.post(`/api/sessions/end-call/${call.body.id}`)).status).toBe(200);
    expect((await mine(seller)).status).toBe(202);
  });
});

describe('asking with a passkey instead of the password', () => {
  /** A member with a passkey on a device of their own. */
  async function withPasskey() {
    const c = await signedUpMember(stack, undefined, uniqueName('delp'));
    const device = new SoftAuthenticator(stack.origin);
    const passkey = await addPasskey(c, device);
    return { c, device, passkey };
  }

  const confirmationOptions = (c: ApiClient) => c.post<RequestOptions & Record<string, any>>('/api/users/me/passkeys/confirmation-options');

  it('offers only the account\'s own passkeys, user-verifying, and none to an account without one', async () => {
    const { c, passkey } = await withPasskey();
    const options = await confirmationOptions(c);
    expect(options.status).toBe(200);
    expect(options.body).toMatchObject({ userVerification: 'required', allowCredentials: [expect.objectContaining({ id: passkey.credentialId })] });
    expect(options.body.allowCredentials).toHaveLength(1);

    const without = await signedUpMember(stack, undefined, uniqueName('delp'));
    expect(await confirmationOptions(without)).toMatchObject({ status: 409, body: { message: PasskeyMessages.noneToConfirm } });
    expect((await new ApiClient(stack).post('/api/users/me/passkeys/confirmation-options')).status).toBe(401);
  });

  it('schedules the deletion with the passkey\'s answer and the typed username, asking no code even with two-step sign-in on', async () => {
    const c = await signedUpMember(stack, undefined, uniqueName('delp'));
    await enrolAndSignInWithCode(c, c.username);
    const device = new SoftAuthenticator(stack.origin);
    await addPasskey(c, device);

    const options = await confirmationOptions(c);
    const done = await askDeletion(c, { passkey: device.signIn(options.body), confirmation: c.username });
    expect(done.status).toBe(202);
    expect(done.body.state).toBe('scheduled');
    expect(c.sid).toBeUndefined();
    const { rows } = await auth.query('select "deletion_due_at" from "users" where "id" = $1', [c.id]);
    expect(rows[0].deletion_due_at.toISOString()).toBe(done.body.scheduledFor);
  });

  it('refuses another account\'s passkey and an answer without user verification with 403, counted toward the lockout', async () => {
    const { c, device } = await withPasskey();
    const stranger = await withPasskey();

    const options = await confirmationOptions(c);
    // A device that ignores allowCredentials, holding someone else's passkey.
    const foreign = await askDeletion(c, { passkey: stranger.device.signIn({ challenge: options.body.challenge, rpId: options.body.rpId }), confirmation: c.username });
    expect(foreign.status).toBe(403);
    expect(foreign.body.fields).toEqual({ passkey: [PasskeyMessages.confirmationRefused] });

    const unverified = await askDeletion(c, { passkey: device.signIn((await confirmationOptions(c)).body, { userVerified: false }), confirmation: c.username });
    expect(unverified.status).toBe(403);
    expect(unverified.body.fields).toEqual({ passkey: [PasskeyMessages.confirmationRefused] });

    const otherSite = await askDeletion(c, { passkey: device.signIn((await confirmationOptions(c)).body, { origin: 'https://evil.example' }), confirmation: c.username });
    expect(otherSite.status).toBe(403);

    // Three failures so far; two more and even the right passkey waits.
    for (let i = 0; i < 2; i++) {
      expect((await askDeletion(c, { password: `not-my-password-${i}`, confirmation: c.username })).status).toBe(403);
    }
    expect((await askDeletion(c, { passkey: device.signIn((await confirmationOptions(c)).body), confirmation: c.username })).status).toBe(429);
    expect((await c.get('/api/users/me/deletion')).body.state).toBe('none');
  });

  it('takes each challenge once, from the session that asked for it: a replayed answer is refused', async () => {
    const { c, device } = await withPasskey();
    // Another session of the same account cannot answer this session's challenge.
    const elsewhere = new ApiClient(stack);
    expect((await elsewhere.login(c.username, PASSWORD)).status).toBe(200);
    const options = await confirmationOptions(c);
    const answer = device.signIn(options.body);
    const stolen = await askDeletion(elsewhere, { passkey: answer, confirmation: c.username });
    expect(stolen.status).toBe(400);
    expect(stolen.body.fields).toEqual({ passkey: [PasskeyMessages.expired] });

    // The asking session's challenge is still there; its first answer takes it.
    const first = await askDeletion(c, { passkey: answer, confirmation: c.username });
    expect(first.status).toBe(202);
    // Signing in again cancels it; the same answer does not schedule it again.
    const back = new ApiClient(stack);
    expect((await back.login(c.username, PASSWORD)).status).toBe(200);
    const replayed = await askDeletion(back, { passkey: answer, confirmation: c.username });
    expect(replayed.status).toBe(400);
    expect(replayed.body.fields).toEqual({ passkey: [PasskeyMessages.expired] });
    // Nor against a new challenge: it signed the old one.
    await confirmationOptions(back);
    expect((await askDeletion(back, { passkey: answer, confirmation: c.username })).status).toBe(403);
    expect((await back.get('/api/users/me/deletion')).body.state).toBe('none');
  });
});

describe('asking from an account made through a sign-in provider, which has no password', () => {
  /** Moves the session's start back, as if it had been opened `seconds` ago. */
  async function ageSession(client: ApiClient, seconds: number) {
    const key = `session:${createHash('sha256').update(client.sid as string).digest('hex')}`;
    const stored = JSON.parse((await stack.redis.get(key)) as string);
    stored.createdAt = new Date(Date.now() - seconds * 1000).toISOString();
    await stack.redis.set(key, JSON.stringify(stored), 'KEEPTTL');
  }

  it('takes a provider session of the last 10 minutes; an older one signs in again and comes back to Settings', async () => {
    const browser = new ApiClient(stack);
    const identity = { sub: uniqueName('sub') };
    const landing = await providerRoundTrip(browser, identity);
    const username = uniqueName('delo');
    expect((await browser.post('/api/auth/oidc/sign-up', { token: landing.fragment.get('sign-up'), username })).status).toBe(201);
    expect((await browser.get('/api/users/me')).body).toMatchObject({ hasPassword: false, signedInWith: 'provider', signedInAt: expect.any(String) });
    // No password to give.
    expect((await askDeletion(browser, { password: 'anything-at-all', confirmation: username })).status).toBe(403);

    await ageSession(browser, RECENT_PROVIDER_SIGN_IN_SECONDS + 5);
    const stale = await askDeletion(browser, { providerSignIn: true, confirmation: username });
    expect(stale.status).toBe(403);
    expect(stale.body.fields).toEqual({ providerSignIn: [OidcMessages.signInAgain] });

    // "Sign in again with Local provider": a new session, and the browser lands back on Settings.
    const again = await providerRoundTrip(browser, identity, { returnTo: 'settings' });
    expect(again).toMatchObject({ status: 302, location: '/settings' });
    const done = await askDeletion(browser, { providerSignIn: true, confirmation: username });
    expect(done.status).toBe(202);
    expect(done.body.state).toBe('scheduled');
    expect(browser.sid).toBeUndefined();
  });
});

describe('the grace', () => {
  it('signs the account out everywhere; signing in again cancels the deletion and says so', async () => {
    const c = await signedUpMember(stack, undefined, uniqueName('del'));
    const elsewhere = new ApiClient(stack);
    expect((await elsewhere.login(c.username, PASSWORD)).status).toBe(200);

    const asked = await mine(c);
    expect(asked.status).toBe(202);
    expect(asked.body.state).toBe('scheduled');
    const due = Date.parse(asked.body.scheduledFor as string) - Date.parse(asked.body.requestedAt as string);
    expect(due).toBe(ACCOUNT_DELETION_GRACE_DAYS * DAY_MS);
    expect(c.sid).toBeUndefined();
    expect((await elsewhere.get('/api/users/me')).status).toBe(401);
    const { rows } = await auth.query('select "deletion_due_at" from "users" where "id" = $1', [c.id]);
    expect(rows[0].deletion_due_at.toISOString()).toBe(asked.body.scheduledFor);

    const back = await c.login(c.username, PASSWORD);
    expect(back.status).toBe(200);
    expect(back.body.deletionCancelled).toBe(true);
    expect((await c.get('/api/users/me/deletion')).body).toEqual({ state: 'none', requestedAt: null, scheduledFor: null });
    // Told once: the next sign-in is an ordinary one.
    const next = await elsewhere.login(c.username, PASSWORD);
    expect(next.status).toBe(200);
    expect(next.body.deletionCancelled).toBeUndefined();
    expect((await c.request('DELETE', '/api/users/me/deletion')).body.state).toBe('none');
  });

  it('takes a seller out of the marketplace until the deletion is cancelled', async () => {
    const seller = await signedUpMember(stack, 'seller', uniqueName('dels'));
    const sellerId = await sellerProfileOf(seller);
    const visitor = new ApiClient(stack);
    const listed = async () => {
      const [all, featured, career, page] = await Promise.all([
        visitor.get('/api/sellers'),
        visitor.get('/api/sellers/featured?limit=24'),
        visitor.get('/api/sellers?category=career'),
        visitor.get(`/api/sellers/${sellerId}`),
      ]);
      return [...[all, featured, career].map((res) => res.body.some((s: any) => s.id === sellerId)), page.status];
    };
    expect(await listed()).toEqual([true, true, true, 200]);

    expect((await mine(seller)).status).toBe(202);
    // Not listed, and their page is gone too, as it will be once erased.
    await eventually(async () => expect(await listed()).toEqual([false, false, false, 404]));

    // Signing in cancels the deletion: the seller is back.
    expect((await seller.login(seller.username, PASSWORD)).status).toBe(200);
    await eventually(async () => expect(await listed()).toEqual([true, true, true, 200]));
  });

  it('is not erased by a sweep before its date', async () => {
    const c = await signedUpMember(stack, undefined, uniqueName('del'));
    expect((await mine(c)).status).toBe(202);
    await stack.auth.get(AccountDeletionService).sweep();
    const { rows } = await auth.query('select "erased_at", "username" from "users" where "id" = $1', [c.id]);
    expect(rows[0]).toEqual({ erased_at: null, username: c.username });
  });
});

describe('after the grace', () => {
  it('erases the person everywhere, keeps their messages under "Deleted user" and the ledger amounts', async () => {
    const c = await signedUpMember(stack, 'vip', uniqueName('del'));
    const friend = await signedUpMember(stack, undefined, uniqueName('delf'));
    const email = `${c.username}@example.com`;

    // A picture, a public room and a private chat with messages, a device, two-step, a seller profile, a paid call and a review.
    const avatar = await uploadAvatar(stack, c);
    expect((await c.request('PATCH', '/api/users/me', { avatar, bio: 'About me' })).status).toBe(200);
    const room = await c.post('/api/rooms', { name: uniqueName('Deletion room'), category: 'general', messageCooldown: 0 });
    expect(room.status).toBe(201);
    const socket = await enterRoom(stack, c, room.body.id);
    const friendSocket = await enterRoom(stack, friend, room.body.id);
    const words = `words that stay ${uniqueName('w')}`;
    expect((await c.post(`/api/rooms/${room.body.id}/messages`, { content: words })).status).toBe(201);
    const direct = await friend.post('/api/rooms/private', { userId: c.id, originRoomId: room.body.id });
    socket.close();
    friendSocket.close();
    expect(direct.status).toBe(201);
    const privateWords = `a private word ${uniqueName('p')}`;
    expect((await c.post(`/api/rooms/${direct.body.id}/messages`, { content: privateWords })).status).toBe(201);
    const { secret } = await enrolTwoStep(c);
    const ecdh = createECDH('prime256v1');
    await chat.query(`insert into "push_subscriptions" ("user_id", "endpoint", "p256dh", "auth", "browser") values ($1, $2, $3, $4, 'Chrome on Android')`, [
      c.id,
      `https://fcm.googleapis.com/fcm/send/${uniqueName('device')}`,
      ecdh.generateKeys().toString('base64url'),
      randomBytes(16).toString('base64url'),
    ]);
    const sellerId = await sellerProfileOf(c);
    const otherSeller = await marketplace.query(
      `insert into "sellers" ("user_id", "username", "display_name", "category", "bio", "about_me", "experience", "education", "work_history", "pricing", "time_zone", "response_time", "working_hours")
       values ($1, $2, 'Dr Other', 'health', 'bio', 'about', '5 years', 'school', 'work', '{}', 'UTC', 'within 1 hour', '{}') returning "id"`,
      [friend.id, friend.username],
    );
    await marketplace.query(
      `insert into "call_sessions" ("buyer_id", "buyer_name", "seller_id", "seller_user_id", "seller_name", "call_type", "state", "end_reason",
         "price_per_minute_cents", "created_at", "accepted_at", "connected_at", "ended_at", "buyer_heartbeat_at", "billed_seconds", "amount_cents", "commission_cents", "earning_cents")
       values ($1, $2, $3, $4, 'Dr Other', 'audio', 'ended', 'completed', 250, now(), now(), now(), now(), now(), 120, 500, 75, 425) returning "id"`,
      [c.id, c.username, otherSeller.rows[0].id, friend.id],
    );
    await marketplace.query(`insert into "reviews" ("seller_id", "buyer_id", "buyer_name", "rating", "comment") values ($1, $2, $3, 4, 'Kind and clear')`, [
      otherSeller.rows[0].id,
      c.id,
      c.username,
    ]);
    await auth.query(`insert into "oidc_identities" ("user_id", "provider", "subject", "email") values ($1, 'local', $2, $3)`, [c.id, `sub-${c.id}`, `${c.username}@example.com`]);
    const { rows: devicesBefore } = await auth.query('select count(*)::int as "n" from "known_devices" where "user_id" = $1', [c.id]);
    expect(devicesBefore[0].n).toBeGreaterThan(0);

    expect((await mine(c, { code: await freshTotpCode(secret) })).status).toBe(202);
    // The week has passed.
    await auth.query(`update "users" set "deletion_due_at" = now() - interval '1 minute' where "id" = $1`, [c.id]);
    expect(await stack.auth.get(AccountDeletionService).sweep()).toBe(1);

    // auth: a tombstone with nothing personal left, the old name free again.
    const { rows: users } = await auth.query('select * from "users" where "id" = $1', [c.id]);
    const user = users[0];
    expect(user.username).toMatch(/^deleted-[0-9a-f]{12}$/);
    expect(user).toMatchObject({ email: null, unconfirmed_email: null, password_hash: null, avatar: null, bio: null, totp_secret: null, passkey_user_handle: null, deletion_due_at: null });
    expect(user.erased_at).not.toBeNull();
    for (const table of ['recovery_codes', 'passkeys', 'known_devices', 'oidc_identities']) {
      const { rows } = await auth.query(`select count(*)::int as "n" from "${table}" where "user_id" = $1`, [c.id]);
      expect({ table, n: rows[0].n }).toEqual({ table, n: 0 });
    }
    expect(await stack.redis.scard(`user-sessions:${c.id}`)).toBe(0);
    expect((await new ApiClient(stack).get(`/api/auth/check-username?username=${c.username}`)).body.available).toBe(true);
    const [summary] = await stack.rpc.request(AuthPatterns.GetUsers, { ids: [c.id] });
    expect(summary).toEqual({ id: c.id, username: DELETED_USER_NAME, avatar: null, role: 'user' });

    // Nobody to act on: the moderators' search finds neither the old name nor the tombstone.
    const moderator = await signedUpMember(stack, 'moderator', uniqueName('delm'));
    for (const q of [c.username, user.username, 'deleted-']) {
      const found = await moderator.get(`/api/moderation/users?q=${encodeURIComponent(q)}`);
      expect(found.status).toBe(200);
      expect(found.body.map((a: any) => a.id)).not.toContain(c.id);
    }

    // Neither the old name nor the address signs in.
    const stranger = new ApiClient(stack);
    expect((await stranger.login(c.username, PASSWORD)).status).toBe(401);
    expect((await stranger.login(email, PASSWORD)).status).toBe(401);

    // chat: the messages stay, under "Deleted user"; what was theirs alone is gone.
    const { rows: messages } = await chat.query('select "content" from "messages" where "sender_id" = $1 order by "id"', [c.id]);
    expect(messages.map((m) => m.content)).toEqual(expect.arrayContaining([words, privateWords]));
    const roomMessages = await friend.get(`/api/rooms/${room.body.id}/messages`);
    expect(roomMessages.body.find((m: any) => m.content === words).sender).toMatchObject({ id: c.id, username: DELETED_USER_NAME, avatar: null });
    const privateMessages = await friend.get(`/api/rooms/${direct.body.id}/messages`);
    expect(privateMessages.body.find((m: any) => m.content === privateWords).sender.username).toBe(DELETED_USER_NAME);
    const chats = JSON.stringify((await friend.get('/api/rooms/my-chats')).body);
    expect(chats).toContain(DELETED_USER_NAME);
    expect(chats).not.toContain(c.username);
    expect((await chat.query('select count(*)::int as "n" from "push_subscriptions" where "user_id" = $1', [c.id])).rows[0].n).toBe(0);
    expect((await chat.query('select count(*)::int as "n" from "notifications" where "user_id" = $1', [c.id])).rows[0].n).toBe(0);

    // marketplace: the seller profile withdrawn and emptied, the call's amounts kept, the review's name gone.
    const { rows: sellers } = await marketplace.query('select * from "sellers" where "id" = $1', [sellerId]);
    expect(sellers[0]).toMatchObject({ display_name: DELETED_USER_NAME, username: DELETED_USER_NAME, bio: '', about_me: '', is_verified: false, verification_status: 'rejected', accepts_calls: false });
    const { rows: calls } = await marketplace.query('select "buyer_name", "amount_cents", "commission_cents", "earning_cents", "billed_seconds" from "call_sessions" where "buyer_id" = $1', [c.id]);
    expect(calls).toEqual([{ buyer_name: DELETED_USER_NAME, amount_cents: 500, commission_cents: 75, earning_cents: 425, billed_seconds: 120 }]);
    const { rows: reviews } = await marketplace.query('select "buyer_name", "rating", "comment" from "reviews" where "buyer_id" = $1', [c.id]);
    expect(reviews).toEqual([{ buyer_name: DELETED_USER_NAME, rating: 4, comment: 'Kind and clear' }]);
    expect((await new ApiClient(stack).get(`/api/sellers/${sellerId}`)).status).toBe(404);

    // media: the picture is gone from the bucket and from the records.
    expect((await media.query('select count(*)::int as "n" from "media_objects" where "owner_id" = $1', [c.id])).rows[0].n).toBe(0);
    const key = avatar.replace(/^\/media\//, '');
    await expect(stack.media!.get(ObjectStorage).getWhole(key)).rejects.toMatchObject({ code: 'NoSuchKey' });
    expect((await fetch(`${stack.baseUrl}${avatar}`)).status).toBe(404);

    // A second pass finds nothing left to do.
    expect(await stack.auth.get(AccountDeletionService).sweep()).toBe(0);
  });
});
