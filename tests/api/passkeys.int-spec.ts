/* eslint-disable @typescript-eslint/no-explicit-any -- tests read JSON bodies loosely and let the assertions check their shape */
import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import {
  AuthPatterns,
  ModerationErrorCode,
  PASSKEY_CHALLENGE_TTL_SECONDS,
  SanctionPatterns,
  PASSKEY_NAME_MAX,
  PasskeyMessages,
  TWO_STEP_REQUIRED_CODE,
  TwoStepMessages,
} from '@app/contracts';
import { eventually, freshTotpCode, SoftAuthenticator, type CreationOptions, type RequestOptions } from '@app/testing';
import { ApiClient, signedUpMember, startAuthStack, type AuthStack, type Member } from './auth-stack';
import { addPasskey, signInWithPasskey } from './support/passkeys';
import { enrolAndSignInWithCode, enrolTwoStep, signInWithCode } from './support/two-step';

const PASSWORD = 'blue-tangerine-42';

describe('passkeys through the gateway', () => {
  let stack: AuthStack;
  const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) =>
    stack.auth.get(MikroORM).em.getConnection().execute<T[]>(query, params);

  beforeAll(async () => {
    stack = await startAuthStack();
  }, 60_000);

  afterAll(async () => {
    await stack?.stop();
  });

  /** A member with one passkey on a device of their own. */
  async function withPasskey(name = 'Laptop') {
    const member = await signedUpMember(stack);
    const device = new SoftAuthenticator(stack.origin);
    const passkey = await addPasskey(member, device, name);
    return { member, device, passkey };
  }

  /** A new browser that starts a passkey sign-in: the attempt, its options, and the browser. */
  async function startSignIn(body: Record<string, unknown> = {}, ip?: string) {
    const browser = new ApiClient(stack, ip);
    const res = await browser.post('/api/auth/passkey/options', body);
    return { browser, res, attempt: res.body.attempt as string, options: res.body.options as RequestOptions };
  }

  async function signInWith(device: SoftAuthenticator, ceremony: Parameters<SoftAuthenticator['signIn']>[1] = {}, ip?: string) {
    const { browser, attempt, options } = await startSignIn({}, ip);
    const res = await browser.post('/api/auth/passkey', { attempt, response: device.signIn(options, ceremony) });
    return { browser, res };
  }

  it('adds passkeys with names, lists them and never shows their keys', async () => {
    const member = await signedUpMember(stack);
    expect((await member.get('/api/users/me/passkeys')).body).toEqual([]);
    const options = await member.post<CreationOptions & Record<string, any>>('/api/users/me/passkeys/registration-options');
    expect(options.status).toBe(200);
    expect(options.body).toMatchObject({
      rp: { id: 'localhost', name: 'Chatmarket' },
      user: { name: member.username },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      excludeCredentials: [],
      timeout: PASSKEY_CHALLENGE_TTL_SECONDS * 1000,
    });
    // The user handle the authenticator keeps is random: it names no account.
    expect(Buffer.from(options.body.user.id, 'base64url')).toHaveLength(32);

    const device = new SoftAuthenticator(stack.origin);
    const response = device.register(options.body);
    const added = await member.post('/api/users/me/passkeys', { name: '  Work laptop ', response });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({ id: expect.any(Number), name: 'Work laptop', createdAt: expect.any(String), lastUsedAt: null, transports: ['internal'] });
    // A second factor beside the first is added from a session opened with the first.
    await signInWithPasskey(member, device);
    const phone = new SoftAuthenticator(stack.origin);
    await addPasskey(member, phone, 'Phone');

    const list = await member.get('/api/users/me/passkeys');
    expect(list.body.map((p: { name: string }) => p.name)).toEqual(['Work laptop', 'Phone']);
    expect(JSON.stringify(list.body)).not.toMatch(/publicKey|credentialId|counter/);
    // The ones the person has are not offered again.
    const again = await member.post('/api/users/me/passkeys/registration-options');
    expect(again.body.excludeCredentials.map((c: { id: string }) => c.id).sort()).toEqual([response.id, phone.passkeys[0].id].sort());
    expect(again.body.user.id).toBe(options.body.user.id);

    // The phone's passkey, never used yet.
    const [row] = await sql<{ counter: string; transports: string[]; key_bytes: number }>(
      'select counter, transports, length(public_key) as key_bytes from passkeys where credential_id = ?',
      [phone.passkeys[0].id],
    );
    expect(row).toMatchObject({ transports: ['internal'] });
    expect(Number(row.counter)).toBe(0);
    expect(Number(row.key_bytes)).toBeGreaterThan(64);
    expect((await sql('select passkey_count from users where id = ?', [member.id]))[0]).toEqual({ passkey_count: 2 });
    expect((await member.get('/api/users/me')).body.hasPasskey).toBe(true);
  });

  it('signs in with a passkey alone (no password, no captcha) and records its use', async () => {
    const { member, device, passkey } = await withPasskey();
    const { browser, res, attempt, options } = await startSignIn();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ attempt: expect.stringMatching(/^[\w-]{43}$/), options: expect.any(Object), expiresInSeconds: PASSKEY_CHALLENGE_TTL_SECONDS });
    expect(options).toMatchObject({ rpId: 'localhost', userVerification: 'required', timeout: PASSKEY_CHALLENGE_TTL_SECONDS * 1000 });
    expect(options).not.toHaveProperty('allowCredentials');
    expect(browser.sid).toBeUndefined();

    const signedIn = await browser.post('/api/auth/passkey', { attempt, response: device.signIn(options), rememberMe: true });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user).toMatchObject({ id: member.id, username: member.username, hasPasskey: true });
    expect(browser.sid).toBeDefined();
    expect((await browser.get('/api/users/me')).body.id).toBe(member.id);
    const [stored] = (await member.get('/api/users/me/passkeys')).body;
    expect(stored).toMatchObject({ id: passkey.id, lastUsedAt: expect.any(String) });
    expect(Number((await sql<{ counter: string }>('select counter from passkeys where id = ?', [passkey.id]))[0].counter)).toBe(1);
  });

  it('asks no authenticator code after a passkey, on an account with two-step sign-in on', async () => {
    const member = await signedUpMember(stack);
    await enrolAndSignInWithCode(member, member.username);
    const device = new SoftAuthenticator(stack.origin);
    await addPasskey(member, device);
    const { res } = await signInWith(device);
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: member.id, twoStepEnabled: true });
  });

  it('refuses a suspended account\'s passkey, as its password, saying why', async () => {
    const { member, device } = await withPasskey();
    const moderator = await signedUpMember(stack, 'moderator');
    await stack.rpc.request(SanctionPatterns.Apply, {
      actor: { id: moderator.id, username: moderator.username, avatar: null, role: 'moderator' },
      userId: member.id,
      kind: 'suspension',
      days: 2,
      reason: 'Harassing other members',
    });
    const { browser, res } = await signInWith(device);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(ModerationErrorCode.AccountSuspended);
    expect(browser.sid).toBeUndefined();
  });

  it('takes each challenge once: a replayed registration or sign-in is refused', async () => {
    const member = await signedUpMember(stack);
    const device = new SoftAuthenticator(stack.origin);
    const options = await member.post('/api/users/me/passkeys/registration-options');
    const response = device.register(options.body);
    expect((await member.post('/api/users/me/passkeys', { name: 'Laptop', response })).status).toBe(201);
    const replayed = await member.post('/api/users/me/passkeys', { name: 'Laptop again', response });
    expect(replayed.status).toBe(400);
    expect(replayed.body.fields).toEqual({ response: [PasskeyMessages.expired] });

    const { browser, attempt, options: signInOptions } = await startSignIn();
    const answer = device.signIn(signInOptions);
    expect((await browser.post('/api/auth/passkey', { attempt, response: answer })).status).toBe(200);
    // The same answer, sent again by someone who saw it, to its attempt or to a new one.
    const thief = new ApiClient(stack);
    const again = await thief.post('/api/auth/passkey', { attempt, response: answer });
    expect(again.status).toBe(400);
    expect(again.body.fields).toEqual({ attempt: [PasskeyMessages.expired] });
    expect(again.body.fieldCodes).toEqual({ attempt: [{ code: 'passkey_expired' }] });
    const fresh = await startSignIn();
    const elsewhere = await fresh.browser.post('/api/auth/passkey', { attempt: fresh.attempt, response: answer });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.fields).toEqual({ response: [PasskeyMessages.notVerified] });
    expect(thief.sid).toBeUndefined();
    expect(fresh.browser.sid).toBeUndefined();
  });

  it('binds a registration challenge to the session that asked for it', async () => {
    const member = await signedUpMember(stack);
    const otherBrowser = new ApiClient(stack);
    expect((await otherBrowser.login(member.username, PASSWORD)).status).toBe(200);
    const options = await member.post('/api/users/me/passkeys/registration-options');
    const response = new SoftAuthenticator(stack.origin).register(options.body);
    const refused = await otherBrowser.post('/api/users/me/passkeys', { name: 'Laptop', response });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({ response: [PasskeyMessages.expired] });
    expect((await member.post('/api/users/me/passkeys', { name: 'Laptop', response })).status).toBe(201);
  });

  it('forgets challenges after their few minutes', async () => {
    const member = await signedUpMember(stack);
    const device = new SoftAuthenticator(stack.origin);
    const options = await member.post('/api/users/me/passkeys/registration-options');
    const { attempt, options: signInOptions, browser } = await startSignIn();
    const keys = [...(await stack.redis.keys(`passkey-registration:${member.id}:*`)), ...(await stack.redis.keys('passkey-sign-in:*'))];
    expect(keys.length).toBeGreaterThanOrEqual(2);
    for (const key of keys) {
      const ttl = await stack.redis.ttl(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(PASSKEY_CHALLENGE_TTL_SECONDS);
    }
    // Their time runs out (made to run out now rather than in five minutes).
    for (const key of keys) await stack.redis.pexpire(key, 1);
    await eventually(async () => expect(await Promise.all(keys.map((key) => stack.redis.exists(key)))).toEqual(keys.map(() => 0)));
    const late = await member.post('/api/users/me/passkeys', { name: 'Laptop', response: device.register(options.body) });
    expect(late.status).toBe(400);
    expect(late.body.fields).toEqual({ response: [PasskeyMessages.expired] });
    const lateSignIn = await browser.post('/api/auth/passkey', { attempt, response: device.signIn(signInOptions) });
    expect(lateSignIn.status).toBe(400);
    expect(lateSignIn.body.fields).toEqual({ attempt: [PasskeyMessages.expired] });
  });

  it('refuses an answer made for another origin or RP ID, or without user verification', async () => {
    const member = await signedUpMember(stack);
    const device = new SoftAuthenticator(stack.origin);
    for (const ceremony of [{ origin: 'https://chatmarket.example.net' }, { origin: 'http://localhost:1' }, { rpId: 'example.net' }, { userVerified: false }]) {
      const options = await member.post('/api/users/me/passkeys/registration-options');
      const refused = await member.post('/api/users/me/passkeys', { name: 'Phished', response: device.register(options.body, ceremony) });
      expect([ceremony, refused.status, refused.body.fields]).toEqual([ceremony, 400, { response: [PasskeyMessages.notVerified] }]);
    }
    expect((await member.get('/api/users/me/passkeys')).body).toEqual([]);

    const mine = new SoftAuthenticator(stack.origin);
    await addPasskey(member, mine);
    for (const ceremony of [{ origin: 'https://chatmarket.example.net' }, { rpId: 'example.net' }, { userVerified: false }]) {
      const { browser, res } = await signInWith(mine, ceremony);
      expect([ceremony, res.status, res.body.fields]).toEqual([ceremony, 400, { response: [PasskeyMessages.notVerified] }]);
      expect(browser.sid).toBeUndefined();
    }
    // The same device, on the real page, is let in.
    expect((await signInWith(mine)).res.status).toBe(200);
  });

  it('refuses a signature counter that did not grow: a cloned authenticator', async () => {
    const { device } = await withPasskey();
    expect((await signInWith(device, { counter: 5 })).res.status).toBe(200);
    for (const counter of [5, 4]) {
      const { res } = await signInWith(device, { counter });
      expect([counter, res.status, res.body.fields]).toEqual([counter, 400, { response: [PasskeyMessages.notVerified] }]);
    }
    expect((await signInWith(device, { counter: 6 })).res.status).toBe(200);

    // A cloned authenticator answering two sign-ins at once with one count: only one gets in.
    const twins = await Promise.all([startSignIn(), startSignIn()]);
    const answers = twins.map(({ options }) => device.signIn(options, { counter: 9 }));
    const raced = await Promise.all(twins.map(({ browser, attempt }, i) => browser.post('/api/auth/passkey', { attempt, response: answers[i] })));
    expect(raced.map((res) => res.status).sort()).toEqual([200, 400]);
  });

  it('refuses a passkey that is not registered, or no longer', async () => {
    const stranger = new SoftAuthenticator(stack.origin);
    stranger.register({ challenge: 'AAAA', rp: { id: 'localhost', name: 'Chatmarket' }, user: { id: 'AAAA', name: 'nobody' } });
    const unknown = await signInWith(stranger);
    expect(unknown.res.status).toBe(400);
    expect(unknown.res.body.fields).toEqual({ response: [PasskeyMessages.unknown] });

    const { member, device, passkey } = await withPasskey();
    await signInWithPasskey(member, device);
    expect((await member.request('DELETE', `/api/users/me/passkeys/${passkey.id}`)).status).toBe(200);
    const removed = await signInWith(device);
    expect(removed.res.status).toBe(400);
    expect(removed.res.body.fields).toEqual({ response: [PasskeyMessages.unknown] });
  });

  it('answers sign-in options alike whether the login has an account or not, and holds a given login to its account', async () => {
    const { member, device } = await withPasskey();
    const answers = await Promise.all(
      [{ login: member.username }, { login: `${member.username}@example.com` }, { login: 'nobody_here_at_all' }, { login: 'nobody@example.com' }, {}].map((body) => startSignIn(body)),
    );
    const shape = (res: { status: number; body: Record<string, any> }) => ({
      status: res.status,
      keys: Object.keys(res.body).sort(),
      options: Object.fromEntries(Object.entries(res.body.options).map(([key, value]) => [key, key === 'challenge' ? typeof value : value])),
    });
    const [first, ...rest] = answers.map(({ res }) => shape(res));
    for (const other of rest) expect(other).toEqual(first);
    expect(first.status).toBe(200);

    // A login typed first must be the passkey's account.
    const other = await signedUpMember(stack);
    const wrong = await startSignIn({ login: other.username });
    const refused = await wrong.browser.post('/api/auth/passkey', { attempt: wrong.attempt, response: device.signIn(wrong.options) });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({ response: [PasskeyMessages.otherAccount] });
    expect(refused.body.fieldCodes).toEqual({ response: [{ code: 'passkey_other_account' }] });
    const right = await startSignIn({ login: `${member.username.toUpperCase()}@EXAMPLE.COM` });
    expect((await right.browser.post('/api/auth/passkey', { attempt: right.attempt, response: device.signIn(right.options) })).body.user.id).toBe(member.id);
  });

  it('counts refused passkey answers toward the sign-in lockout of that address only', async () => {
    const { member, device } = await withPasskey();
    const ip = '198.51.100.23';
    for (let i = 0; i < 5; i++) expect((await signInWith(device, { origin: 'https://phish.example.net' }, ip)).res.status).toBe(400);
    // Even the right answer is refused now, and so is the password from this address.
    const locked = await signInWith(device, {}, ip);
    expect(locked.res.status).toBe(429);
    expect(Number(locked.res.headers.get('retry-after'))).toBeGreaterThan(800);
    expect((await new ApiClient(stack, ip).login(member.username, PASSWORD)).status).toBe(429);
    // The owner elsewhere is not locked out.
    expect((await signInWith(device)).res.status).toBe(200);
  }, 60_000);

  it('limits how many sign-ins one address may start a minute', async () => {
    const ip = '198.51.100.99';
    const answers = [];
    for (let i = 0; i < 31; i++) answers.push((await startSignIn({}, ip)).res);
    expect(answers.slice(0, 30).every((res) => res.status === 200)).toBe(true);
    expect(answers[30].status).toBe(429);
    expect(Number(answers[30].headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await startSignIn({}, '198.51.100.98')).res.status).toBe(200);
  });

  it('renames and removes only the account\'s own passkeys', async () => {
    const { member, device, passkey } = await withPasskey();
    const other = await withPasskey('Theirs');
    const renamed = await member.request('PATCH', `/api/users/me/passkeys/${passkey.id}`, { name: ' Old phone ' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: passkey.id, name: 'Old phone' });

    const theirs = other.passkey.id;
    const forbidden = [
      await member.request('PATCH', `/api/users/me/passkeys/${theirs}`, { name: 'Mine now' }),
      await member.request('DELETE', `/api/users/me/passkeys/${theirs}`),
    ];
    for (const res of forbidden) expect([res.status, res.body.message]).toEqual([403, PasskeyMessages.notYours]);
    expect((await other.member.get('/api/users/me/passkeys')).body).toEqual([expect.objectContaining({ id: theirs, name: 'Theirs' })]);

    const unknown = 2_000_000_000;
    expect((await member.request('PATCH', `/api/users/me/passkeys/${unknown}`, { name: 'x' })).status).toBe(404);
    expect((await member.request('DELETE', `/api/users/me/passkeys/${unknown}`)).status).toBe(404);
    expect((await member.request('DELETE', '/api/users/me/passkeys/abc')).body.fields).toEqual({ id: [expect.any(String)] });

    await signInWithPasskey(member, device);
    expect((await member.request('DELETE', `/api/users/me/passkeys/${passkey.id}`)).status).toBe(200);
    expect((await member.get('/api/users/me/passkeys')).body).toEqual([]);
    expect((await member.get('/api/users/me')).body.hasPasskey).toBe(false);
  });

  it('never removes the last way into an account without a password', async () => {
    const { member, device, passkey } = await withPasskey();
    await signInWithPasskey(member, device);
    const second = await addPasskey(member, new SoftAuthenticator(stack.origin), 'Phone');
    // An account with no password (as accounts signed up with a passkey or another provider will be).
    await sql('update users set password_hash = null where id = ?', [member.id]);
    expect((await member.request('DELETE', `/api/users/me/passkeys/${passkey.id}`)).status).toBe(200);
    const last = await member.request('DELETE', `/api/users/me/passkeys/${second.id}`);
    expect(last.status).toBe(409);
    expect(last.body.message).toBe(PasskeyMessages.lastWayIn);
    expect((await member.get('/api/users/me/passkeys')).body).toEqual([expect.objectContaining({ id: second.id })]);
  });

  it('refuses names and answers of the wrong shape with the field\'s message', async () => {
    const member = await signedUpMember(stack);
    const device = new SoftAuthenticator(stack.origin);
    const options = await member.post('/api/users/me/passkeys/registration-options');
    const response = device.register(options.body);
    const cases: Array<[unknown, string, string]> = [
      [{ name: '   ', response }, 'name', PasskeyMessages.nameRequired],
      [{ name: 'x'.repeat(PASSKEY_NAME_MAX + 1), response }, 'name', PasskeyMessages.nameTooLong],
      [{ name: 'Laptop' }, 'response', PasskeyMessages.responseRequired],
      [{ name: 'Laptop', response: { ...response, type: 'password' } }, 'response.type', PasskeyMessages.responseRequired],
      [{ name: 'Laptop', response: { ...response, response: { ...response.response, clientDataJSON: 'not base64url!' } } }, 'response.response.clientDataJSON', PasskeyMessages.responseRequired],
      [{ name: 'Laptop', response: { ...response, response: { ...response.response, transports: ['carrier-pigeon'] } } }, 'response.response.transports', PasskeyMessages.responseRequired],
    ];
    for (const [body, field, message] of cases) {
      const res = await member.post('/api/users/me/passkeys', body);
      expect([field, res.status, res.body.fields?.[field]]).toEqual([field, 400, [message]]);
    }
    // A refused shape spends nothing: the same answer still registers.
    expect((await member.post('/api/users/me/passkeys', { name: 'Laptop', response })).status).toBe(201);
    expect((await new ApiClient(stack).post('/api/auth/passkey', { attempt: 'short', response: {} })).body.fields).toMatchObject({ attempt: [PasskeyMessages.expired] });
  });

  it('keeps guests and visitors out of passkey settings', async () => {
    const guest = new ApiClient(stack);
    expect((await guest.post('/api/auth/guest', { captchaResponse: await guest.solveCaptcha() })).status).toBe(201);
    expect((await guest.post('/api/users/me/passkeys/registration-options')).status).toBe(403);
    expect((await guest.get('/api/users/me/passkeys')).status).toBe(403);
    expect((await new ApiClient(stack).get('/api/users/me/passkeys')).status).toBe(401);
  });

  it('opens the moderation desk to a moderator signed in with a passkey, never to the password alone', async () => {
    const moderator = await signedUpMember(stack);
    await stack.rpc.request(AuthPatterns.SetRole, { userId: moderator.id, role: 'moderator' });
    await eventually(async () => expect((await moderator.get('/api/moderation/vip')).body.code).toBe(TWO_STEP_REQUIRED_CODE));
    expect((await moderator.get('/api/moderation/vip')).body.message).toBe(TwoStepMessages.moderatorsNeedIt);
    // An account with no second factor adds its first from the password's session...
    const device = new SoftAuthenticator(stack.origin);
    await addPasskey(moderator as Member, device);
    // ...which stays a password's session: the desk asks for a sign-in with the passkey.
    const stillPassword = await moderator.get('/api/moderation/vip');
    expect([stillPassword.status, stillPassword.body.code, stillPassword.body.message]).toEqual([403, TWO_STEP_REQUIRED_CODE, TwoStepMessages.signInWithSecondFactor]);
    expect((await moderator.get('/api/users/me')).body).toMatchObject({ hasPasskey: true, signedInWith: 'password' });
    // A stolen password opens no desk, whichever desk route it tries.
    const thief = new ApiClient(stack);
    expect((await thief.login(moderator.username, PASSWORD)).status).toBe(200);
    for (const path of ['/api/moderation/vip', '/api/moderation/audit', '/api/sellers/applications']) {
      const res = await thief.get(path);
      expect([path, res.status, res.body.message]).toEqual([path, 403, TwoStepMessages.signInWithSecondFactor]);
    }

    await signInWithPasskey(moderator, device);
    expect((await moderator.get('/api/users/me')).body.signedInWith).toBe('passkey');
    const desk = await moderator.get('/api/moderation/vip');
    expect(desk.status).toBe(200);
    expect(desk.body).toEqual(expect.any(Array));
  });

  it('lets a password alone add no second factor beside the one the account has', async () => {
    const { member, device } = await withPasskey();
    const thief = new ApiClient(stack);
    expect((await thief.login(member.username, PASSWORD)).status).toBe(200);
    for (const [method, path] of [['POST', '/api/users/me/passkeys/registration-options'], ['POST', '/api/users/me/two-step/setup']]) {
      const res = await thief.request(method, path);
      expect([path, res.status, res.body.message]).toEqual([path, 403, TwoStepMessages.addingNeedsSecondFactor]);
    }
    // A password's session that started before the account's first factor came (added elsewhere) cannot finish a second.
    const early = await signedUpMember(stack);
    const earlyOptions = await early.post('/api/users/me/passkeys/registration-options');
    const setup = await early.post('/api/users/me/two-step/setup');
    expect([earlyOptions.status, setup.status]).toEqual([200, 200]);
    const elsewhere = new ApiClient(stack);
    expect((await elsewhere.login(early.username, PASSWORD)).status).toBe(200);
    await addPasskey(elsewhere, new SoftAuthenticator(stack.origin));
    const late = await early.post('/api/users/me/passkeys', { name: 'Thief', response: new SoftAuthenticator(stack.origin).register(earlyOptions.body) });
    expect([late.status, late.body.message]).toEqual([403, TwoStepMessages.addingNeedsSecondFactor]);
    const lateCode = await early.post('/api/users/me/two-step/confirm', { code: await freshTotpCode(setup.body.secret) });
    expect([lateCode.status, lateCode.body.message]).toEqual([403, TwoStepMessages.addingNeedsSecondFactor]);
    expect((await early.get('/api/users/me')).body).toMatchObject({ hasPasskey: true, twoStepEnabled: false });

    // Signed in with the passkey, the owner adds both.
    await signInWithPasskey(member, device);
    await addPasskey(member, new SoftAuthenticator(stack.origin), 'Phone');
    const two = await enrolTwoStep(member);
    expect((await member.get('/api/users/me')).body).toMatchObject({ twoStepEnabled: true, signedInWith: 'passkey' });
    // And a session opened with the password and a code may add a passkey too.
    const withCode = new ApiClient(stack);
    await signInWithCode(withCode, member.username, PASSWORD, two.secret);
    await addPasskey(withCode, new SoftAuthenticator(stack.origin), 'Tablet');
    expect((await member.get('/api/users/me/passkeys')).body).toHaveLength(3);
  });

  it('keeps a password alone from removing the account\'s last second factor', async () => {
    const { member, device, passkey } = await withPasskey();
    await signInWithPasskey(member, device);
    const phone = await addPasskey(member, new SoftAuthenticator(stack.origin), 'Phone');
    const thief = new ApiClient(stack);
    expect((await thief.login(member.username, PASSWORD)).status).toBe(200);
    // One of two may go; the last may not, else the password could enrol a factor of its own.
    expect((await thief.request('DELETE', `/api/users/me/passkeys/${phone.id}`)).status).toBe(200);
    const last = await thief.request('DELETE', `/api/users/me/passkeys/${passkey.id}`);
    expect([last.status, last.body.message]).toEqual([403, PasskeyMessages.lastSecondFactor]);
    expect(last.body.messageCode).toEqual({ code: 'passkey_last_second_factor' });
    expect((await thief.post('/api/users/me/passkeys/registration-options')).status).toBe(403);
    // The passkey's own session may remove it.
    expect((await member.request('DELETE', `/api/users/me/passkeys/${passkey.id}`)).status).toBe(200);
    expect((await member.get('/api/users/me')).body.hasPasskey).toBe(false);
  });
});
