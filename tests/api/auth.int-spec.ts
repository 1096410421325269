import 'reflect-metadata';
import { AuthPatterns, MarketplaceEvents, MediaUrlMessages, type CaptchaChallengeDto, type UserDto } from '@app/contracts';
import { solveArithmetic as answerOf, solvePow, uniqueName } from '@app/testing';
import { createChallenge } from 'altcha-lib/v1';
import { MikroORM } from '@mikro-orm/postgresql';
import sharp from 'sharp';
import { AccountMailer } from '@app/auth-svc/src/accounts/account-mailer';
import { GUEST_LIFETIME_MS, GuestPurge } from '@app/auth-svc/src/users/guest-purge';
import { ApiClient, startAuthStack, type AuthStack } from './auth-stack';

const TOKEN_TTL_SECONDS = 3;
/** Above the 61 questions the guest-cap test asks from one address within a minute. */
const CAPTCHAS_PER_MINUTE = 100;
const PASSWORD = 'blue-tangerine-42';

describe('accounts through the gateway', () => {
  let stack: AuthStack;
  const client = (ip?: string) => new ApiClient(stack, ip);

  beforeAll(async () => {
    stack = await startAuthStack({
      CAPTCHA_TOKEN_TTL_SECONDS: String(TOKEN_TTL_SECONDS),
      CAPTCHAS_PER_ADDRESS_PER_MINUTE: String(CAPTCHAS_PER_MINUTE),
    });
  }, 60_000);

  afterAll(async () => {
    await stack?.stop();
  });

  describe('captcha', () => {
    it('asks an arithmetic question and accepts only the right answer', async () => {
      const c = client();
      const { status, body, headers } = await c.get('/api/auth/captcha');
      expect(status).toBe(200);
      expect(body.question).toMatch(/^\d+ [+\-×] \d+ = \?$/);
      expect(body).not.toHaveProperty('answer');
      expect(body.pow).toEqual({ algorithm: 'SHA-256', challenge: expect.stringMatching(/^[0-9a-f]{64}$/), maxnumber: 1000, salt: expect.any(String), signature: expect.stringMatching(/^[0-9a-f]{64}$/) });
      const pow = solvePow(body.pow);
      expect(headers.get('cache-control')).toBe('no-store');

      const wrong = await c.post('/api/auth/captcha/verify', { challengeId: body.id, answer: answerOf(body.question) + 1, pow });
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe('Incorrect answer. Please try again.');

      // The same proof of work tries its own question again.
      const right = await c.post('/api/auth/captcha/verify', { challengeId: body.id, answer: answerOf(body.question), pow });
      expect(right.status).toBe(200);
      expect(right.body.token).toEqual(expect.any(String));
      expect(right.body.expiresInSeconds).toBe(TOKEN_TTL_SECONDS);

      const again = await c.post('/api/auth/captcha/verify', { challengeId: body.id, answer: answerOf(body.question), pow });
      expect(again.status).toBe(400);
    });

    it('gives a question three tries at most', async () => {
      const c = client();
      const { body } = await c.get('/api/auth/captcha');
      const answer = answerOf(body.question);
      const pow = solvePow(body.pow);
      for (let i = 0; i < 2; i++) {
        expect((await c.post('/api/auth/captcha/verify', { challengeId: body.id, answer: answer + 1, pow })).status).toBe(400);
      }
      const third = await c.post('/api/auth/captcha/verify', { challengeId: body.id, answer: answer + 1, pow });
      expect(third.status).toBe(400);
      expect(third.body.message).toBe('Too many wrong answers. Please refresh for a new question.');
      const late = await c.post('/api/auth/captcha/verify', { challengeId: body.id, answer, pow });
      expect(late.status).toBe(400);
    });

    it('asks one address a limited number of questions a minute, then answers 429 with Retry-After; another address goes on', async () => {
      const address = '198.51.100.90';
      const asked = await Promise.all(Array.from({ length: CAPTCHAS_PER_MINUTE }, () => client(address).get('/api/auth/captcha')));
      expect(asked.filter((res) => res.status === 200)).toHaveLength(CAPTCHAS_PER_MINUTE);

      const refused = await client(address).get('/api/auth/captcha');
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({
        code: 'too_many_attempts',
        message: 'Too many security questions from this network. Please try again in 1 minute.',
        messageCode: { code: 'captcha_too_many_questions', params: { amount: 1, unit: 'minute' } },
      });
      expect(refused.body).not.toHaveProperty('question');
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);

      expect((await client('198.51.100.91').get('/api/auth/captcha')).status).toBe(200);
    });

    it('refuses a non-numeric answer with the field named', async () => {
      const c = client();
      const { body } = await c.get('/api/auth/captcha');
      const res = await c.post('/api/auth/captcha/verify', { challengeId: body.id, answer: 'twelve', pow: solvePow(body.pow) });
      expect(res.status).toBe(400);
      expect(res.body.fields.answer).toEqual(expect.arrayContaining(['Answer must be a whole number']));
    });

    describe('proof of work', () => {
      const ask = async (c: ApiClient) => (await c.get<CaptchaChallengeDto>('/api/auth/captcha')).body;
      const verify = (c: ApiClient, challenge: { id: string; question: string }, pow?: string) =>
        c.post('/api/auth/captcha/verify', { challengeId: challenge.id, answer: answerOf(challenge.question), pow });
      const refusal = (message: string) => ({ code: 'captcha_invalid', message, fields: { pow: [message] } });

      it('refuses a right answer without one, naming the field', async () => {
        const c = client();
        const res = await verify(c, await ask(c));
        expect(res.status).toBe(400);
        expect(res.body.fields.pow).toEqual(['Proof of work is required']);
        expect(res.body.fields).not.toHaveProperty('answer');
      });

      it('refuses a wrong number, a forged signature and a solution of another key', async () => {
        const c = client();
        const challenge = await ask(c);
        const right = JSON.parse(Buffer.from(solvePow(challenge.pow), 'base64').toString());
        const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64');
        const foreign = await createChallenge({ hmacKey: 'not-the-server-key', maxnumber: 10, number: 3, expires: new Date(Date.now() + 60_000) });
        for (const pow of [
          encode({ ...right, number: right.number + 1 }),
          encode({ ...right, signature: '0'.repeat(64) }),
          encode({ algorithm: foreign.algorithm, challenge: foreign.challenge, number: 3, salt: foreign.salt, signature: foreign.signature }),
          encode({ ...right, algorithm: 'SHA-1' }),
          'bm90IGpzb24=',
        ]) {
          const res = await verify(c, challenge, pow);
          expect(res.status).toBe(400);
          expect(res.body).toMatchObject(refusal('The browser check did not pass. Please refresh for a new question.'));
        }
        // None of them spent the question's tries or its proof of work.
        expect((await verify(c, challenge, encode(right))).status).toBe(200);
      });

      it('refuses a solution already spent on another question', async () => {
        const c = client();
        const first = await ask(c);
        const pow = solvePow(first.pow);
        expect((await verify(c, first, pow)).status).toBe(200);
        // Another replica would refuse it too: spent solutions are kept in the shared Redis.
        const res = await verify(c, await ask(c), pow);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject(refusal('This browser check was already used. Please refresh for a new question.'));
      });

      it('refuses an expired solution', async () => {
        const c = client();
        const challenge = await ask(c);
        // Signed with the server's own key, so only its date is wrong.
        const hmacKey = await stack.redis.get('captcha:pow:hmac-key');
        const stale = await createChallenge({ hmacKey: hmacKey!, maxnumber: 1000, expires: new Date(Date.now() - 1000) });
        const res = await verify(c, challenge, solvePow({ ...stale, maxnumber: 1000 }));
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject(refusal('The browser check has expired. Please refresh for a new question.'));
      });
    });

    it('requires a token for login, register and guest entry', async () => {
      const c = client();
      for (const [path, body] of [
        ['/api/auth/login', { email: 'nobody', password: PASSWORD }],
        ['/api/auth/register', { username: uniqueName(), email: `${uniqueName()}@example.com`, password: PASSWORD }],
        ['/api/auth/guest', {}],
      ] as const) {
        const res = await c.post(path, body);
        expect(res.status).toBe(400);
        expect(res.body.fields.captchaResponse).toEqual(['Please complete the security verification']);
        expect(res.body.fieldCodes.captchaResponse).toEqual([{ code: 'captcha_required' }]);
      }
      expect(c.sid).toBeUndefined();
    });

    it('refuses a made-up token', async () => {
      const res = await client().post('/api/auth/guest', { captchaResponse: 'made-up-token' });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('captcha_invalid');
    });

    it('admits one entry per solved captcha', async () => {
      const c = client();
      const token = await c.solveCaptcha();
      expect((await c.post('/api/auth/guest', { captchaResponse: token })).status).toBe(201);
      const reused = await client().post('/api/auth/guest', { captchaResponse: token });
      expect(reused.status).toBe(400);
      expect(reused.body.message).toBe('Security verification expired or already used. Please solve a new question.');
    });

    it('lets a solved captcha expire', async () => {
      const c = client();
      const token = await c.solveCaptcha();
      await new Promise((r) => setTimeout(r, TOKEN_TTL_SECONDS * 1000 + 500));
      const res = await c.post('/api/auth/guest', { captchaResponse: token });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('captcha_invalid');
    });
  });

  describe('register, sign in, profile, sign out', () => {
    it('registers, signs in with a browser-session cookie and reads me', async () => {
      const c = client();
      const username = uniqueName('Ann');
      const res = await c.register({ username, email: `${username}@Example.com` });
      expect(res.status).toBe(201);
      const user: UserDto = res.body.user;
      expect(user).toMatchObject({
        username: username.toLowerCase(),
        email: `${username.toLowerCase()}@example.com`,
        role: 'user',
        isVerified: false,
        avatar: null,
        bio: null,
        categories: [],
      });
      expect(user).not.toHaveProperty('passwordHash');
      const cookie = res.headers.getSetCookie().find((h) => h.startsWith('sid='))!;
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(cookie).toMatch(/Path=\//);
      expect(cookie).not.toMatch(/Max-Age/i);
      expect(c.sid).toMatch(/^[\w-]{43}$/);

      const me = await c.get('/api/users/me');
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ id: user.id, username: user.username, role: 'user' });
    });

    it('keeps the cookie for 30 days with Remember me', async () => {
      const c = client();
      const username = uniqueName();
      const res = await c.register({ username, email: `${username}@example.com`, rememberMe: true });
      const cookie = res.headers.getSetCookie().find((h) => h.startsWith('sid='))!;
      expect(cookie).toMatch(/Max-Age=2592000/);
    });

    it('signs in by username or email in any case, with a new session each time', async () => {
      const username = uniqueName('Bob');
      const first = client();
      await first.register({ username, email: `${username}@example.com` });
      const registeredSid = first.sid;

      const byName = await first.login(username.toUpperCase(), PASSWORD);
      expect(byName.status).toBe(200);
      expect(byName.body.user.username).toBe(username.toLowerCase());
      expect(first.sid).not.toBe(registeredSid);

      const stale = new ApiClient(stack);
      stale.sid = registeredSid;
      expect((await stale.get('/api/users/me')).status).toBe(401);

      const other = client();
      const byEmail = await other.login(`${username.toUpperCase()}@EXAMPLE.COM`, PASSWORD);
      expect(byEmail.status).toBe(200);
      expect(other.sid).not.toBe(first.sid);
      // Signing in elsewhere leaves the first browser signed in.
      expect((await first.get('/api/users/me')).status).toBe(200);
    });

    it('answers a wrong password and an unknown account alike', async () => {
      const username = uniqueName();
      await client().register({ username, email: `${username}@example.com` });
      const wrong = await client().login(username, 'not-the-password');
      const unknown = await client().login(uniqueName('ghost'), 'not-the-password');
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(wrong.body).toEqual(unknown.body);
      expect(wrong.body.message).toBe('Invalid credentials');
      expect(wrong.body.messageCode).toEqual({ code: 'sign_in_invalid_credentials' });
    });

    it('tells a visitor nobody is signed in, and a session that ended 401 Authentication required', async () => {
      // Every page asks: a visitor without a session is answered, not refused.
      const visitor = client();
      expect(await visitor.get('/api/users/me')).toMatchObject({ status: 200, body: null });
      for (const path of ['/api/users/me/settings']) {
        expect(await visitor.get(path)).toMatchObject({ status: 401, body: { code: 'unauthenticated', message: 'Authentication required', messageCode: { code: 'auth_required' } } });
      }
      const ended = client();
      ended.sid = 'a-session-that-ended-long-ago';
      const res = await ended.get('/api/users/me');
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 'unauthenticated', message: 'Authentication required' });
      // Its cookie goes with it: the next page is a visitor's.
      expect(ended.sid).toBeUndefined();
      expect(await ended.get('/api/users/me')).toMatchObject({ status: 200, body: null });
    });

    it('edits the profile but never the role or verified flag', async () => {
      const c = client();
      const username = uniqueName();
      await c.register({ username, email: `${username}@example.com` });

      const renamed = uniqueName('Renamed');
      const patched = await c.request('PATCH', '/api/users/me', {
        username: renamed,
        bio: 'I like rooms about music.',
        avatar: '/media/avatar/0f8e2a4c-1b3d-4e5f-8a9b-0c1d2e3f4a5b.png',
      });
      expect(patched.status).toBe(200);
      expect(patched.body).toMatchObject({
        username: renamed.toLowerCase(),
        bio: 'I like rooms about music.',
        avatar: '/media/avatar/0f8e2a4c-1b3d-4e5f-8a9b-0c1d2e3f4a5b.png',
      });
      expect((await c.get('/api/users/me')).body.username).toBe(renamed.toLowerCase());

      const role = await c.request('PATCH', '/api/users/me', { role: 'moderator' });
      expect(role.status).toBe(400);
      expect(role.body.fields.role).toEqual(['property role should not exist']);
      expect(role.body.fieldCodes.role).toEqual([{ code: 'value_unexpected', params: { field: 'role' } }]);
      const verified = await c.request('PATCH', '/api/users/me', { isVerified: true });
      expect(verified.status).toBe(400);
      const me = await c.get('/api/users/me');
      expect(me.body).toMatchObject({ role: 'user', isVerified: false });

      const badAvatar = await c.request('PATCH', '/api/users/me', { avatar: 'javascript:alert(1)' });
      expect(badAvatar.status).toBe(400);
      expect(badAvatar.body.fields.avatar).toEqual([MediaUrlMessages.avatar]);

      const other = uniqueName();
      await client().register({ username: other, email: `${other}@example.com` });
      const taken = await c.request('PATCH', '/api/users/me', { username: other.toUpperCase() });
      expect(taken.status).toBe(409);
      expect(taken.body.fields.username).toEqual(['This username is already taken. Please choose another one.']);
      expect(taken.body.fieldCodes).toEqual({ username: [{ code: 'username_taken' }] });
    });

    it('signs out: the cookie is cleared and the session is gone', async () => {
      const c = client();
      const username = uniqueName();
      await c.register({ username, email: `${username}@example.com` });
      const sid = c.sid;
      const out = await c.post('/api/auth/logout');
      expect(out.status).toBe(200);
      const cleared = out.headers.getSetCookie().find((h) => h.startsWith('sid='))!;
      expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/i);
      expect(c.sid).toBeUndefined();

      const replay = new ApiClient(stack);
      replay.sid = sid;
      expect((await replay.get('/api/users/me')).status).toBe(401);
    });

    it('signs out everywhere when asked', async () => {
      const username = uniqueName();
      const a = client();
      await a.register({ username, email: `${username}@example.com` });
      const b = client();
      expect((await b.login(username, PASSWORD)).status).toBe(200);
      expect((await a.post('/api/auth/logout', { everywhere: true })).status).toBe(200);
      expect((await b.get('/api/users/me')).status).toBe(401);
    });
  });

  describe('username, email and password rules', () => {
    it('tells whether a username can be taken', async () => {
      const c = client();
      const taken = uniqueName('Taken');
      await c.register({ username: taken, email: `${taken}@example.com` });

      const check = (name: string) => client().get(`/api/auth/check-username?username=${encodeURIComponent(name)}`);
      expect((await check(uniqueName('free'))).body).toEqual({ available: true });
      expect((await check(taken.toUpperCase())).body).toEqual({
        available: false,
        message: 'This username is already taken. Please choose another one.',
        messageCode: { code: 'username_taken' },
      });
      expect((await check('ab')).body).toMatchObject({
        available: false,
        message: 'Username must be at least 3 characters long',
        messageCode: { code: 'username_too_short', params: { min: 3 } },
      });
      expect((await check('has space')).body.available).toBe(false);
      expect((await check('a'.repeat(21))).body.available).toBe(false);
      expect((await client().get('/api/auth/check-username')).status).toBe(400);
    });

    it.each([
      ['ab', 'Username must be at least 3 characters long'],
      ['a'.repeat(21), 'Username must be at most 20 characters long'],
      ['bad-name!', 'Username may contain only letters, digits and underscore'],
    ])('refuses the username %p', async (username, message) => {
      const res = await client().register({ username, email: `${uniqueName()}@example.com` });
      expect(res.status).toBe(400);
      expect(res.body.fields.username).toContain(message);
    });

    it('refuses a taken username with 409 and never says whether the email is taken', async () => {
      const username = uniqueName();
      await client().register({ username, email: `${username}@example.com` });

      const sameName = await client().register({ username: username.toUpperCase(), email: `${uniqueName()}@example.com` });
      expect(sameName.status).toBe(409);
      expect(sameName.body.fields.username).toEqual(['This username is already taken. Please choose another one.']);

      const both = await client().register({ username: username.toUpperCase(), email: `${username}@example.com` });
      expect(both.status).toBe(409);
      expect(both.body.message).toBe('This username is already taken. Please choose another one.');
      expect(Object.keys(both.body.fields)).toEqual(['username']);
    });

    it('answers a sign-up with a registered email as it answers a new one, and leaves that account alone', async () => {
      const owner = uniqueName('owner');
      const ownerEmail = `${owner}@example.com`;
      const ownerBrowser = client();
      const ownerId = (await ownerBrowser.register({ username: owner, email: ownerEmail })).body.user.id as number;
      const told = jest.spyOn(stack.auth.get(AccountMailer), 'signUpWithTakenAddress');

      const fresh = uniqueName('fresh');
      const freshAnswer = await client().register({ username: fresh, email: `${fresh}@example.com` });
      const prober = client();
      const probe = uniqueName('probe');
      const probeAnswer = await prober.register({ username: probe, email: ownerEmail.toUpperCase(), password: 'another-secret-77' });

      const shapeOf = (res: Awaited<ReturnType<ApiClient['register']>>) => ({
        status: res.status,
        keys: Object.keys(res.body).sort(),
        userKeys: Object.keys(res.body.user).sort(),
        // Expires is the answer's time plus Max-Age: two answers a moment apart may cross a second.
        cookies: res.headers
          .getSetCookie()
          .map((c) => c.replace(/^sid=[\w-]{43};/, 'sid=<token>;').replace(/^did=[\w-]{43};/, 'did=<device>;').replace(/Expires=[^;]+;/, 'Expires=<time>;')),
      });
      expect(shapeOf(probeAnswer)).toEqual(shapeOf(freshAnswer));
      expect(probeAnswer.body.user).toMatchObject({ username: probe.toLowerCase(), email: ownerEmail.toLowerCase(), role: 'user' });

      // The session is of a new account of the prober's own, as /users/me also tells.
      expect(probeAnswer.body.user.id).not.toBe(ownerId);
      expect((await prober.get('/api/users/me')).body).toMatchObject({
        id: probeAnswer.body.user.id,
        username: probe.toLowerCase(),
        email: ownerEmail.toLowerCase(),
      });

      // The address still opens the owner's account, and only with the owner's password.
      expect((await client().login(ownerEmail, PASSWORD)).body.user.id).toBe(ownerId);
      expect((await client().login(ownerEmail, 'another-secret-77')).status).toBe(401);
      expect((await ownerBrowser.get('/api/users/me')).body).toMatchObject({ id: ownerId, email: ownerEmail.toLowerCase() });

      // The owner is the one to hear of it (by mail, once there is mail); a new address tells no one.
      expect(told).toHaveBeenCalledTimes(1);
      expect(told.mock.calls[0][0]).toMatchObject({ id: ownerId, email: ownerEmail.toLowerCase() });
      told.mockRestore();
    });

    it('gives a new address to exactly one of several sign-ups racing for it, and answers every one alike', async () => {
      const address = `${uniqueName('race')}@example.com`;
      const names = Array.from({ length: 4 }, () => uniqueName('racer'));
      const answers = await Promise.all(names.map((username) => client().register({ username, email: address })));
      expect(answers.map((res) => res.status)).toEqual([201, 201, 201, 201]);
      expect(answers.map((res) => res.body.user.email)).toEqual(names.map(() => address));

      const rows = await stack.auth
        .get(MikroORM)
        .em.getConnection()
        .execute<Array<{ holders: number; others: number }>>(
          'select count(*) filter (where "email" = ?)::int as "holders", count(*) filter (where "unconfirmed_email" = ?)::int as "others" from "users"',
          [address, address],
        );
      expect(rows[0]).toEqual({ holders: 1, others: 3 });
    });

    it('refuses a malformed email', async () => {
      const res = await client().register({ username: uniqueName(), email: 'not-an-email' });
      expect(res.status).toBe(400);
      expect(res.body.fields.email).toEqual(['Please enter a valid email address']);
    });

    it.each([
      ['short', 'Password must be at least 8 characters'],
      ['password', 'This password is too common. Please choose a less predictable one.'],
      ['Sunshine', 'This password is too common. Please choose a less predictable one.'],
      ['x'.repeat(129), 'Password must be at most 128 characters'],
    ])('refuses the password %p', async (password, message) => {
      const res = await client().register({ username: uniqueName(), email: `${uniqueName()}@example.com`, password });
      expect(res.status).toBe(400);
      expect(res.body.fields.password).toContain(message);
    });

    it('keeps every character of a long passphrase', async () => {
      const c = client();
      const username = uniqueName();
      const passphrase = `${'correct horse battery staple '.repeat(4)}end`;
      expect(passphrase.length).toBeGreaterThan(100);
      expect((await c.register({ username, email: `${username}@example.com`, password: passphrase })).status).toBe(201);
      expect((await client().login(username, passphrase.slice(0, -1))).status).toBe(401);
      expect((await client().login(username, passphrase)).status).toBe(200);
    });

    it('refuses passwords that do not match', async () => {
      const c = client();
      const res = await c.post('/api/auth/register', {
        username: uniqueName(),
        email: `${uniqueName()}@example.com`,
        password: PASSWORD,
        confirmPassword: `${PASSWORD}x`,
        captchaResponse: await c.solveCaptcha(),
      });
      expect(res.status).toBe(400);
      expect(res.body.fields.confirmPassword).toEqual(['Passwords do not match']);
    });
  });

  describe('brute force', () => {
    it('slows then refuses repeated failures from one address without locking the owner out elsewhere', async () => {
      const username = uniqueName('target');
      await client().register({ username, email: `${username}@example.com` });
      const attacker = client('198.51.100.7');

      const started = Date.now();
      for (let i = 0; i < 5; i++) {
        expect((await attacker.login(username, `wrong-${i}-password`)).status).toBe(401);
      }
      // The third to fifth failures are held back (0.4 + 0.8 + 1.2 s).
      expect(Date.now() - started).toBeGreaterThanOrEqual(2400);

      const refused = await attacker.login(username, `wrong-again`);
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('too_many_attempts');
      expect(refused.body.retryAfterSeconds).toBeGreaterThan(60);
      expect(refused.body.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
      expect(refused.headers.get('retry-after')).toBe(String(refused.body.retryAfterSeconds));
      expect(refused.body.message).toMatch(/^Too many failed sign-in attempts\. Please try again in \d+ minutes?\.$/);

      // Even the right password waits out the block from that address...
      expect((await attacker.login(username, PASSWORD)).status).toBe(429);
      // ...while the owner signs in from their own.
      const owner = client('192.0.2.44');
      expect((await owner.login(username, PASSWORD)).status).toBe(200);
    }, 30_000);

    it('counts the failures of one account together, whether its email or its username is typed', async () => {
      const username = uniqueName('twonames');
      const email = `${username}@example.com`;
      await client().register({ username, email });
      const attacker = client('198.51.100.17');

      const started = Date.now();
      for (let i = 0; i < 5; i++) {
        const login = i % 2 === 0 ? email.toUpperCase() : username;
        expect((await attacker.login(login, `wrong-${i}-password`)).status).toBe(401);
      }
      // Slowed from the third failure of the account, whichever name each one typed.
      expect(Date.now() - started).toBeGreaterThanOrEqual(2400);
      for (const login of [username, email]) {
        const refused = await attacker.login(login, PASSWORD);
        expect(refused.status).toBe(429);
        expect(refused.body.code).toBe('too_many_attempts');
      }
      expect((await client('192.0.2.45').login(username, PASSWORD)).status).toBe(200);
    }, 30_000);

    it('treats an unknown name exactly like an account: the same answers, slowdown and refusal', async () => {
      const username = uniqueName('known');
      await client().register({ username, email: `${username}@example.com` });
      const attempt = async (login: string, ip: string) => {
        const c = client(ip);
        const answers: Array<{ status: number; body: unknown; ms: number }> = [];
        for (let i = 0; i < 6; i++) {
          const started = Date.now();
          const res = await c.login(login, 'wrong-password-x');
          const { retryAfterSeconds, ...body } = res.body;
          answers.push({ status: res.status, body: { ...body, retryAfter: retryAfterSeconds !== undefined }, ms: Date.now() - started });
        }
        return answers;
      };
      const [known, unknown] = await Promise.all([attempt(username, '198.51.100.18'), attempt(uniqueName('ghost'), '198.51.100.19')]);
      const strip = (answers: typeof known) => answers.map(({ status, body }) => ({ status, body }));
      expect(strip(unknown)).toEqual(strip(known));
      expect(known.map((a) => a.status)).toEqual([401, 401, 401, 401, 401, 429]);
      for (const answers of [known, unknown]) {
        expect(answers[4].ms).toBeGreaterThanOrEqual(1200);
      }
    }, 30_000);

    it('forgets earlier failures after a successful sign-in', async () => {
      const username = uniqueName();
      await client().register({ username, email: `${username}@example.com` });
      const c = client('198.51.100.9');
      for (let i = 0; i < 4; i++) expect((await c.login(username, 'wrong-password-x')).status).toBe(401);
      expect((await c.login(username, PASSWORD)).status).toBe(200);
      for (let i = 0; i < 2; i++) expect((await c.login(username, 'wrong-password-x')).status).toBe(401);
    }, 30_000);
  });

  describe('guests', () => {
    it('enters as a guest with a generated name and a short-lived cookie', async () => {
      const c = client();
      const res = await c.post('/api/auth/guest', { captchaResponse: await c.solveCaptcha() });
      expect(res.status).toBe(201);
      expect(res.body.user).toMatchObject({ role: 'guest', email: null });
      expect(res.body.user.username).toMatch(/^guest_[a-z0-9]{6}$/);
      const cookie = res.headers.getSetCookie().find((h) => h.startsWith('sid='))!;
      expect(cookie).toMatch(/Max-Age=43200/);
      const me = await c.get('/api/users/me');
      expect(me.body).toMatchObject({ id: res.body.user.id, role: 'guest' });
    });

    it('enters as a guest with a chosen name, unless it is taken', async () => {
      const name = uniqueName('Visitor');
      const c = client();
      const res = await c.post('/api/auth/guest', { username: name, captchaResponse: await c.solveCaptcha() });
      expect(res.status).toBe(201);
      expect(res.body.user.username).toBe(name.toLowerCase());

      const d = client();
      const taken = await d.post('/api/auth/guest', { username: name.toUpperCase(), captchaResponse: await d.solveCaptcha() });
      expect(taken.status).toBe(409);
      expect(taken.body.message).toBe('This username is already taken. Please choose another one.');

      const short = await d.post('/api/auth/guest', { username: 'ab', captchaResponse: 'x' });
      expect(short.status).toBe(400);
      expect(short.body.fields.username).toEqual(['Username must be at least 3 characters long']);
      expect(short.body.fieldCodes.username).toEqual([{ code: 'username_too_short', params: { min: 3 } }]);
    });

    it('cannot set a bio or a picture, through the API or by asking auth-svc directly', async () => {
      const c = client();
      const entered = await c.post('/api/auth/guest', { captchaResponse: await c.solveCaptcha() });
      const guestId = entered.body.user.id as number;

      for (const change of [{ bio: 'Buy cheap followers at spam.example' }, { avatar: '/media/avatar/0f8e2a4c-1b3d-4e5f-8a9b-0c1d2e3f4a5b.png' }]) {
        const res = await c.request('PATCH', '/api/users/me', change);
        expect(res.status).toBe(403);
        expect(res.body).toMatchObject({ code: 'forbidden', message: 'Guests cannot set a bio or a profile picture. Sign up to have a profile.' });
      }
      await expect(stack.rpc.request(AuthPatterns.UpdateMe, { userId: guestId, bio: 'direct' })).rejects.toMatchObject({ body: { status: 403 } });
      expect((await c.get('/api/users/me')).body).toMatchObject({ id: guestId, bio: null, avatar: null });
    });

    it('cannot sign in with a password', async () => {
      const c = client();
      const name = uniqueName('guest');
      await c.post('/api/auth/guest', { username: name, captchaResponse: await c.solveCaptcha() });
      expect((await client().login(name, PASSWORD)).status).toBe(401);
    });
  });

  describe('new accounts per address', () => {
    it('lets one address make 10 member accounts an hour, then answers 429 with Retry-After; another address goes on', async () => {
      const address = '198.51.100.77';
      for (let i = 0; i < 10; i++) {
        const username = uniqueName('batch');
        expect((await client(address).register({ username, email: `${username}@example.com` })).status).toBe(201);
      }
      const over = uniqueName('batch');
      const refused = await client(address).register({ username: over, email: `${over}@example.com` });
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe('Too many new accounts from this network. Please try again in 60 minutes.');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3500);

      const elsewhere = client('198.51.100.78');
      expect((await elsewhere.register({ username: over, email: `${over}@example.com` })).status).toBe(201);
    }, 30_000);

    it('gives back the count of an attempt that made no account', async () => {
      const address = '198.51.100.79';
      const taken = uniqueName('taken');
      expect((await client('198.51.100.80').register({ username: taken, email: `${taken}@example.com` })).status).toBe(201);
      for (let i = 0; i < 12; i++) {
        expect((await client(address).register({ username: taken, email: `${uniqueName('x')}@example.com` })).status).toBe(409);
      }
      const username = uniqueName('late');
      expect((await client(address).register({ username, email: `${username}@example.com` })).status).toBe(201);
    }, 30_000);

    it('lets one address enter as a guest 60 times an hour', async () => {
      const address = '198.51.100.81';
      for (let i = 0; i < 60; i++) {
        const c = client(address);
        expect((await c.post('/api/auth/guest', { captchaResponse: await c.solveCaptcha() })).status).toBe(201);
      }
      const c = client(address);
      const refused = await c.post('/api/auth/guest', { captchaResponse: await c.solveCaptcha() });
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe('Too many new accounts from this network. Please try again in 60 minutes.');
    }, 60_000);
  });

  describe('ended guests', () => {
    /** Makes an account look as old as `ageMs`, as if it had been made then. */
    const backdate = (username: string, ageMs: number) =>
      stack.auth.get(MikroORM).em.getConnection().execute('update "users" set "created_at" = ? where "username" = ?', [new Date(Date.now() - ageMs), username.toLowerCase()]);
    const nameIsFree = async (name: string) => (await client().get(`/api/auth/check-username?username=${name}`)).body.available;

    it('deletes a guest once its session has surely ended, which frees the name; members and current guests stay', async () => {
      const gone = client();
      const goneName = uniqueName('Passer');
      await gone.post('/api/auth/guest', { username: goneName, captchaResponse: await gone.solveCaptcha() });
      const current = client();
      const currentName = uniqueName('Staying');
      await current.post('/api/auth/guest', { username: currentName, captchaResponse: await current.solveCaptcha() });
      const member = client();
      const memberName = uniqueName('member');
      await member.register({ username: memberName, email: `${memberName}@example.com` });

      await backdate(goneName, GUEST_LIFETIME_MS + 60_000);
      await backdate(memberName, GUEST_LIFETIME_MS + 60_000);
      await backdate(currentName, GUEST_LIFETIME_MS - 60_000);
      expect(await nameIsFree(goneName)).toBe(false);

      expect(await stack.auth.get(GuestPurge).run()).toBeGreaterThanOrEqual(1);
      expect(await nameIsFree(goneName)).toBe(true);
      expect((await gone.get('/api/users/me')).status).toBe(401);
      expect((await current.get('/api/users/me')).body).toMatchObject({ username: currentName.toLowerCase(), role: 'guest' });
      expect((await member.get('/api/users/me')).body).toMatchObject({ username: memberName.toLowerCase(), role: 'user' });

      // The freed name can be taken by someone new.
      const next = client();
      const res = await next.post('/api/auth/guest', { username: goneName, captchaResponse: await next.solveCaptcha() });
      expect(res.status).toBe(201);
    });
  });

  describe('settings', () => {
    it('saves preferences on the server and reads them back', async () => {
      const c = client();
      const username = uniqueName();
      await c.register({ username, email: `${username}@example.com` });
      const defaults = await c.get('/api/users/me/settings');
      expect(defaults.status).toBe(200);
      expect(defaults.body.chat.theme).toBe('system');

      const doNotDisturb = { enabled: true, from: '23:30', to: '06:45', timeZone: 'Asia/Kolkata', allowCalls: false };
      const wanted = {
        notifications: { email: false, push: true, messageSound: false, mentions: true, doNotDisturb },
        privacy: { showOnlineStatus: false, showLastSeen: true, allowDirectMessages: false },
        chat: { theme: 'dark', messagePreview: false, enterToSend: true, linkPreviews: false },
      };
      const saved = await c.request('PUT', '/api/users/me/settings', wanted);
      expect(saved.status).toBe(200);
      expect(saved.body).toEqual(wanted);
      expect((await c.get('/api/users/me/settings')).body).toEqual(wanted);
      // Another browser of the same account sees the same preferences.
      const other = client();
      await other.login(username, PASSWORD);
      expect((await other.get('/api/users/me/settings')).body).toEqual(wanted);

      const badTheme = await c.request('PUT', '/api/users/me/settings', { ...wanted, chat: { ...wanted.chat, theme: 'neon' } });
      expect(badTheme.status).toBe(400);
      expect(Object.keys(badTheme.body.fields)).toEqual(['chat.theme']);
      const extra = await c.request('PUT', '/api/users/me/settings', { ...wanted, admin: true });
      expect(extra.status).toBe(400);
      const badHours = await c.request('PUT', '/api/users/me/settings', {
        ...wanted,
        notifications: { ...wanted.notifications, doNotDisturb: { ...doNotDisturb, from: '25:00', timeZone: 'Mars/Olympus_Mons' } },
      });
      expect(badHours.status).toBe(400);
      expect(Object.keys(badHours.body.fields).sort()).toEqual(['notifications.doNotDisturb.from', 'notifications.doNotDisturb.timeZone']);
      // A client from before the do-not-disturb hours saves the rest and leaves the hours as they were.
      const { doNotDisturb: _left, ...olderNotifications } = wanted.notifications;
      const older = await c.request('PUT', '/api/users/me/settings', { ...wanted, notifications: { ...olderNotifications, email: true } });
      expect(older.body).toEqual({ ...wanted, notifications: { ...wanted.notifications, email: true } });
      expect((await client().get('/api/users/me/settings')).status).toBe(401);
    });
  });

  describe('language', () => {
    it('starts an account in the language of the page it signed up on, and keeps the one the person sets', async () => {
      const c = client();
      const username = uniqueName();
      const signedUp = await c.post('/api/auth/register', {
        username,
        email: `${username}@example.com`,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        language: 'hi',
        captchaResponse: await c.solveCaptcha(),
      });
      expect(signedUp.status).toBe(201);
      expect(signedUp.body.user.language).toBe('hi');
      expect((await c.get('/api/users/me')).body.language).toBe('hi');

      const saved = await c.request('PUT', '/api/users/me/language', { language: 'en' });
      expect(saved.status).toBe(200);
      expect(saved.body).toEqual({ language: 'en' });
      // Another browser of the same account is spoken to in it too.
      const other = client();
      await other.login(username, PASSWORD);
      expect((await other.get('/api/users/me')).body.language).toBe('en');

      const unsupported = await c.request('PUT', '/api/users/me/language', { language: 'fr' });
      expect(unsupported.status).toBe(400);
      expect(unsupported.body.fields).toEqual({ language: ['language must be one of: en, hi'] });
      expect((await c.request('PUT', '/api/users/me/language', {})).status).toBe(400);
      expect((await c.request('PUT', '/api/users/me/language', { language: 'hi', admin: true })).status).toBe(400);
      expect((await c.get('/api/users/me')).body.language).toBe('en');
      expect((await client().request('PUT', '/api/users/me/language', { language: 'hi' })).status).toBe(401);
    });

    it('speaks English to an account that named no language, and refuses one it does not speak at sign-up', async () => {
      const c = client();
      const username = uniqueName();
      expect((await c.register({ username, email: `${username}@example.com` })).body.user.language).toBe('en');
      const refused = await client().post('/api/auth/guest', { language: 'xx', captchaResponse: 'unused' });
      expect(refused.status).toBe(400);
      expect(Object.keys(refused.body.fields)).toEqual(['language']);
    });
  });

  describe('request hygiene', () => {
    it('refuses a cross-origin POST', async () => {
      const c = client();
      const res = await c.request('POST', '/api/auth/guest', { captchaResponse: 'x' }, { origin: 'https://evil.example' });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Cross-site request refused');
    });

    it('refuses a form-encoded POST', async () => {
      const res = await fetch(`${stack.baseUrl}/api/auth/logout`, {
        method: 'POST',
        headers: { origin: stack.origin, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'everywhere=true',
      });
      expect(res.status).toBe(415);
    });
  });

  describe('for other services', () => {
    it('finds users by username and by id', async () => {
      const names = [uniqueName('Find'), uniqueName('Find')];
      for (const name of names) await client().register({ username: name, email: `${name}@example.com` });

      const found = await stack.rpc.request(AuthPatterns.FindByUsernames, {
        usernames: [names[0].toUpperCase(), names[1], 'nobody_here'],
      });
      expect(found.map((u) => u.username).sort()).toEqual(names.map((n) => n.toLowerCase()).sort());
      expect(Object.keys(found[0]).sort()).toEqual(['avatar', 'id', 'role', 'username']);

      const byId = await stack.rpc.request(AuthPatterns.GetUsers, { ids: [found[0].id, 999_999] });
      expect(byId).toEqual([found[0]]);
    });

    it('counts registered accounts, not guests', async () => {
      const count = () => stack.rpc.request(AuthPatterns.CountUsers, {}).then((r) => r.count);
      const before = await count();
      const g = client();
      await g.post('/api/auth/guest', { captchaResponse: await g.solveCaptcha() });
      expect(await count()).toBe(before);
      const username = uniqueName();
      await client().register({ username, email: `${username}@example.com` });
      expect(await count()).toBe(before + 1);
    });

    it('gives the seller role only while the seller is verified, and gives the earlier role back', async () => {
      const roleOf = async (c: ApiClient) => (await c.get('/api/users/me')).body.role as string;
      const until = async (c: ApiClient, role: string) => {
        for (let i = 0; i < 50 && (await roleOf(c)) !== role; i++) await new Promise((r) => setTimeout(r, 100));
        return roleOf(c);
      };
      const decide = (userId: number, verificationStatus: 'pending' | 'verified' | 'rejected') =>
        stack.rpc.emit(MarketplaceEvents.SellerUpdated, {
          sellerId: userId,
          userId,
          displayName: 'Some Seller',
          isVerified: verificationStatus === 'verified',
          verificationStatus,
        });
      const member = async (role?: 'vip' | 'moderator') => {
        const c = client();
        const username = uniqueName();
        const { body } = await c.register({ username, email: `${username}@example.com` });
        if (role) {
          await stack.rpc.request(AuthPatterns.SetRole, { userId: body.user.id, role });
          expect(await until(c, role)).toBe(role);
        }
        return { c, id: body.user.id as number };
      };

      const applicant = await member();
      const vip = await member('vip');
      const moderator = await member('moderator');
      const control = await member();
      await decide(applicant.id, 'pending');
      await decide(vip.id, 'pending');
      await decide(moderator.id, 'verified');
      // Events of one publisher arrive in order: once the control user is a seller, the ones before were handled.
      await decide(control.id, 'verified');
      expect(await until(control.c, 'seller')).toBe('seller');
      expect(await roleOf(applicant.c)).toBe('user');
      expect(await roleOf(vip.c)).toBe('vip');
      expect(await roleOf(moderator.c)).toBe('moderator');

      await decide(applicant.id, 'verified');
      await decide(vip.id, 'verified');
      expect(await until(applicant.c, 'seller')).toBe('seller');
      expect(await until(vip.c, 'seller')).toBe('seller');

      await decide(applicant.id, 'rejected');
      await decide(vip.id, 'rejected');
      expect(await until(applicant.c, 'user')).toBe('user');
      expect(await until(vip.c, 'vip')).toBe('vip');
    });
  });

  describe('API documentation', () => {
    it('documents the account routes with their validation rules', async () => {
      const doc = (await (await fetch(`${stack.baseUrl}/api/docs/openapi.json`)).json()) as {
        paths: Record<string, unknown>;
        components: { schemas: Record<string, { properties: Record<string, unknown> }> };
      };
      for (const path of ['/api/auth/captcha', '/api/auth/captcha/verify', '/api/auth/register', '/api/auth/login', '/api/auth/guest', '/api/auth/logout', '/api/auth/check-username', '/api/users/me', '/api/users/me/settings']) {
        expect(doc.paths).toHaveProperty([path]);
      }
      expect(doc.components.schemas.RegisterDto.properties.username).toMatchObject({ minLength: 3, maxLength: 20 });
      // An honest script can learn the proof of work from the document alone.
      expect(doc.components.schemas.VerifyCaptchaDto.properties).toHaveProperty('pow');
      const verify = (doc.paths['/api/auth/captcha/verify'] as { post: { description: string } }).post;
      expect(verify.description).toMatch(/hex\(sha256\(salt \+ n\)\) === challenge/);
    });
  });

  describe('social image', () => {
    it('serves a 1200x630 PNG, cached', async () => {
      const res = await fetch(`${stack.baseUrl}/api/og-image`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('cache-control')).toMatch(/max-age=\d+/);
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(meta).toMatchObject({ format: 'png', width: 1200, height: 630 });
    });
  });
});
