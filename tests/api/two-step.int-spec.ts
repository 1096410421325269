import 'reflect-metadata';
import { createHash, randomBytes } from 'node:crypto';
import { AuthPatterns, PasskeyMessages, RECOVERY_CODE_COUNT, TWO_STEP_CHALLENGE_TTL_SECONDS, TWO_STEP_REQUIRED_CODE, TwoStepMessages } from '@app/contracts';
import { eventually, freshTotpCode, SoftAuthenticator, totpCode, type RequestOptions } from '@app/testing';
import { ApiClient, signedUpMember, startAuthStack, type AuthStack, type Member } from './auth-stack';
import { addPasskey } from './support/passkeys';
import { enrolAndSignInWithCode, enrolTwoStep, type Enrolled } from './support/two-step';

const PASSWORD = 'blue-tangerine-42';

describe('two-step sign-in through the gateway', () => {
  let stack: AuthStack;

  beforeAll(async () => {
    stack = await startAuthStack();
  }, 60_000);

  afterAll(async () => {
    await stack?.stop();
  });

  /** A member with two-step sign-in on, and the same person's next browser (another address). */
  async function enrolled(): Promise<{ member: Member; two: Enrolled }> {
    const member = await signedUpMember(stack);
    return { member, two: await enrolTwoStep(member) };
  }

  /** The password step from a new browser: the challenge it answers, and the browser. */
  async function passwordStep(member: Member, ip?: string) {
    const browser = new ApiClient(stack, ip);
    const res = await browser.login(member.username, PASSWORD);
    return { browser, res, challenge: res.body.challenge as string };
  }

  it('enrols with a QR code and a confirmation code, and never shows the secret again', async () => {
    const member = await signedUpMember(stack);
    expect((await member.get('/api/users/me/two-step')).body).toEqual({ enabled: false, recoveryCodesLeft: 0 });

    const setup = await member.post('/api/users/me/two-step/setup');
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(setup.body.otpauthUrl);
    expect(`${url.protocol}//${url.host}${decodeURIComponent(url.pathname)}`).toBe(`otpauth://totp/Chatmarket:${member.username}`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ secret: setup.body.secret, issuer: 'Chatmarket', digits: '6', period: '30' });
    expect(Buffer.from(setup.body.qrCode.replace('data:image/svg+xml;base64,', ''), 'base64').toString()).toMatch(/^<svg[^>]*>.*<\/svg>\s*$/s);
    // Nothing changes until the app proves it has the secret.
    expect((await member.get('/api/users/me/two-step')).body.enabled).toBe(false);

    const wrongCode = String((Number(totpCode(setup.body.secret)) + 1) % 1_000_000).padStart(6, '0');
    const wrong = await member.post('/api/users/me/two-step/confirm', { code: wrongCode });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toEqual({ code: [TwoStepMessages.codeWrong] });
    expect(wrong.body.fieldCodes).toEqual({ code: [{ code: 'two_step_code_wrong' }] });
    const notDigits = await member.post('/api/users/me/two-step/confirm', { code: 'abc' });
    expect(notDigits.status).toBe(400);
    expect(notDigits.body.fields.code).toEqual(['Enter the 6-digit code from your authenticator app.']);
    expect(notDigits.body.fieldCodes.code).toEqual([{ code: 'two_step_app_code' }]);

    const confirmed = await member.post('/api/users/me/two-step/confirm', { code: await freshTotpCode(setup.body.secret) });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(confirmed.body.codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of confirmed.body.codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    expect((await member.get('/api/users/me/two-step')).body).toEqual({ enabled: true, recoveryCodesLeft: RECOVERY_CODE_COUNT });
    const me = await member.get('/api/users/me');
    expect(me.body.twoStepEnabled).toBe(true);
    expect(JSON.stringify(me.body)).not.toContain(setup.body.secret);
    // On already: no second secret is handed out.
    expect(await member.post('/api/users/me/two-step/setup')).toMatchObject({
      status: 409,
      body: { message: 'Two-step sign-in is already on.', messageCode: { code: 'two_step_already_on' } },
    });
    expect((await member.post('/api/users/me/two-step/confirm', { code: totpCode(setup.body.secret) })).status).toBe(409);
  });

  it('asks for the code after the password, opens the session only for a right one, and never takes a code twice', async () => {
    const { member, two } = await enrolled();
    const { browser, res, challenge } = await passwordStep(member);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ twoStepRequired: true, challenge: expect.stringMatching(/^[\w-]{43}$/), expiresInSeconds: TWO_STEP_CHALLENGE_TTL_SECONDS });
    expect(browser.sid).toBeUndefined();
    expect((await browser.get('/api/users/me')).body).toBeNull();

    const wrong = await browser.post('/api/auth/login/two-step', { challenge, code: '000000' === totpCode(two.secret) ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ message: TwoStepMessages.codeWrong, fields: { code: [TwoStepMessages.codeWrong] } });
    expect(browser.sid).toBeUndefined();

    const code = await freshTotpCode(two.secret);
    const right = await browser.post('/api/auth/login/two-step', { challenge, code });
    expect(right.status).toBe(200);
    expect(right.body.user).toMatchObject({ id: member.id, username: member.username, twoStepEnabled: true });
    expect(browser.sid).toBeDefined();
    expect((await browser.get('/api/users/me')).body.id).toBe(member.id);

    // The challenge is spent.
    const again = await browser.post('/api/auth/login/two-step', { challenge, code });
    expect(again.status).toBe(400);
    expect(again.body.fields).toEqual({ challenge: [TwoStepMessages.challengeExpired] });
    expect(again.body.fieldCodes).toEqual({ challenge: [{ code: 'two_step_sign_in_expired' }] });
    // The same code (someone who watched it typed) does not open another session.
    const other = await passwordStep(member);
    const replay = await other.browser.post('/api/auth/login/two-step', { challenge: other.challenge, code });
    expect(replay.status).toBe(400);
    expect(replay.body.fields).toEqual({ code: [TwoStepMessages.codeWrong] });
    expect(other.browser.sid).toBeUndefined();
  });

  it('takes each recovery code once, whatever its case and spacing', async () => {
    const { member, two } = await enrolled();
    const [first] = two.recoveryCodes;
    const typed = ` ${first.toUpperCase().replace('-', ' ')} `;
    const a = await passwordStep(member);
    const used = await a.browser.post('/api/auth/login/two-step', { challenge: a.challenge, code: typed });
    expect(used.status).toBe(200);
    expect((await member.get('/api/users/me/two-step')).body.recoveryCodesLeft).toBe(RECOVERY_CODE_COUNT - 1);

    const b = await passwordStep(member);
    const reused = await b.browser.post('/api/auth/login/two-step', { challenge: b.challenge, code: first });
    expect(reused.status).toBe(400);
    expect(reused.body.fields).toEqual({ code: [TwoStepMessages.codeWrong] });
    expect(reused.body.fieldCodes).toEqual({ code: [{ code: 'two_step_code_wrong' }] });
    expect((await b.browser.post('/api/auth/login/two-step', { challenge: b.challenge, code: two.recoveryCodes[1] })).status).toBe(200);
  });

  it('counts wrong codes toward the sign-in lockout of that address only', async () => {
    const { member, two } = await enrolled();
    const ip = '198.51.100.7';
    const { browser, challenge } = await passwordStep(member, ip);
    for (let i = 0; i < 5; i++) {
      const wrong = await browser.post('/api/auth/login/two-step', { challenge, code: `zzzz${i}-zzzzz` });
      expect(wrong.status).toBe(400);
    }
    // Even the right code is refused now, and so is the password from this address.
    const refused = await browser.post('/api/auth/login/two-step', { challenge, code: two.recoveryCodes[0] });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(800);
    expect((await new ApiClient(stack, ip).login(member.username, PASSWORD)).status).toBe(429);
    // The owner elsewhere is not locked out.
    const elsewhere = await passwordStep(member);
    expect((await elsewhere.browser.post('/api/auth/login/two-step', { challenge: elsewhere.challenge, code: two.recoveryCodes[0] })).status).toBe(200);
  }, 60_000);

  it('forgets a pending sign-in after its few minutes', async () => {
    const { member, two } = await enrolled();
    const { browser, challenge } = await passwordStep(member);
    const keys = await stack.redis.keys('two-step-challenge:*');
    const ttls = await Promise.all(keys.map((key) => stack.redis.ttl(key)));
    for (const ttl of ttls) expect(ttl).toBeGreaterThan(0);
    for (const ttl of ttls) expect(ttl).toBeLessThanOrEqual(TWO_STEP_CHALLENGE_TTL_SECONDS);
    // Its time runs out (made to run out now rather than in five minutes).
    for (const key of keys) await stack.redis.pexpire(key, 1);
    await eventually(async () => expect(await stack.redis.keys('two-step-challenge:*')).toEqual([]));
    const late = await browser.post('/api/auth/login/two-step', { challenge, code: two.recoveryCodes[0] });
    expect(late.status).toBe(400);
    expect(late.body.fields).toEqual({ challenge: [TwoStepMessages.challengeExpired] });
    expect(browser.sid).toBeUndefined();
  });

  it('turns off only with the password and a current code', async () => {
    const { member, two } = await enrolled();
    const badPassword = await member.post('/api/users/me/two-step/disable', { password: 'not-the-password', code: two.recoveryCodes[0] });
    expect(badPassword.status).toBe(400);
    expect(badPassword.body.fields).toEqual({ password: [TwoStepMessages.passwordWrong] });
    expect(badPassword.body.fieldCodes).toEqual({ password: [{ code: 'password_wrong' }] });
    const badCode = await member.post('/api/users/me/two-step/disable', { password: PASSWORD, code: 'aaaaa-aaaaa' });
    expect(badCode.status).toBe(400);
    expect(badCode.body.fields).toEqual({ code: [TwoStepMessages.codeWrong] });
    const missing = await member.post('/api/users/me/two-step/disable', { password: PASSWORD });
    expect(missing.status).toBe(400);
    expect(missing.body.fields.code).toEqual([TwoStepMessages.codeRequired]);
    expect(missing.body.fieldCodes.code).toEqual([{ code: 'two_step_code' }]);
    expect((await member.get('/api/users/me/two-step')).body.enabled).toBe(true);

    const off = await member.post('/api/users/me/two-step/disable', { password: PASSWORD, code: await freshTotpCode(two.secret) });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    const { browser, res } = await passwordStep(member);
    expect(res.body.user.id).toBe(member.id);
    expect(browser.sid).toBeDefined();
    expect((await member.post('/api/users/me/two-step/disable', { password: PASSWORD, code: '123456' })).status).toBe(409);
  });

  it('turns off with a passkey in place of the password, still with a current code', async () => {
    const member = await signedUpMember(stack);
    // A passkey beside the code is added from a session opened with the code.
    const two = await enrolAndSignInWithCode(member, member.username);
    const device = new SoftAuthenticator(stack.origin);
    await addPasskey(member, device);
    const challenge = async () => {
      const options = await member.post<RequestOptions>('/api/users/me/passkeys/confirmation-options');
      expect(options.status).toBe(200);
      return options.body;
    };

    // The passkey stands for the password, not for the code.
    const noCode = await member.post('/api/users/me/two-step/disable', { passkey: device.signIn(await challenge()) });
    expect(noCode.status).toBe(400);
    expect(noCode.body.fields).toEqual({ code: [TwoStepMessages.codeRequired] });
    // An answer the person did not verify on the device is no proof.
    const unverified = await member.post('/api/users/me/two-step/disable', { passkey: device.signIn(await challenge(), { userVerified: false }), code: two.recoveryCodes[0] });
    expect(unverified.status).toBe(403);
    expect(unverified.body.fields).toEqual({ passkey: [PasskeyMessages.confirmationRefused] });
    // Another session's challenge is not this one's.
    const { browser: elsewhere, challenge: step } = await passwordStep(member);
    expect((await elsewhere.post('/api/auth/login/two-step', { challenge: step, code: two.recoveryCodes[1] })).status).toBe(200);
    const stolen = await elsewhere.post('/api/users/me/two-step/disable', { passkey: device.signIn(await challenge()), code: two.recoveryCodes[0] });
    expect(stolen.status).toBe(400);
    expect(stolen.body.fields).toEqual({ passkey: [PasskeyMessages.expired] });
    // Nothing changed, and no code was spent on a refused proof.
    expect((await member.get('/api/users/me/two-step')).body).toEqual({ enabled: true, recoveryCodesLeft: RECOVERY_CODE_COUNT - 1 });

    const off = await member.post('/api/users/me/two-step/disable', { passkey: device.signIn(await challenge()), code: two.recoveryCodes[0] });
    expect(off).toMatchObject({ status: 200, body: { enabled: false, recoveryCodesLeft: 0 } });
    expect((await member.get('/api/users/me')).body).toMatchObject({ twoStepEnabled: false, hasPasskey: true });
    // The password alone signs in again.
    const { browser, res } = await passwordStep(member);
    expect(res.body.user.id).toBe(member.id);
    expect(browser.sid).toBeDefined();
  });

  it('replaces every recovery code for a current code', async () => {
    const { member, two } = await enrolled();
    const wrong = await member.post('/api/users/me/two-step/recovery-codes', { code: '12345x' });
    expect(wrong.status).toBe(400);
    const fresh = await member.post('/api/users/me/two-step/recovery-codes', { code: await freshTotpCode(two.secret) });
    expect(fresh.status).toBe(200);
    expect(fresh.body.codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(fresh.body.codes.filter((code: string) => two.recoveryCodes.includes(code))).toEqual([]);

    const a = await passwordStep(member);
    expect((await a.browser.post('/api/auth/login/two-step', { challenge: a.challenge, code: two.recoveryCodes[0] })).status).toBe(400);
    expect((await a.browser.post('/api/auth/login/two-step', { challenge: a.challenge, code: fresh.body.codes[0] })).status).toBe(200);
  });

  it('keeps a moderator from the desk until they sign in with a code, not just turn two-step on', async () => {
    const moderator = await signedUpMember(stack);
    await stack.rpc.request(AuthPatterns.SetRole, { userId: moderator.id, role: 'moderator' });
    // Once the gateway sees the new role, the desk refuses for want of a second factor.
    await eventually(async () => expect((await moderator.get('/api/moderation/vip')).body.code).toBe(TWO_STEP_REQUIRED_CODE));
    const refused = await moderator.get('/api/moderation/vip');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(TwoStepMessages.moderatorsNeedIt);
    expect(refused.body.messageCode).toEqual({ code: 'two_step_desk_needs_second_factor' });
    // An account without a second factor turns it on from its password's session...
    const two = await enrolTwoStep(moderator);
    // ...which the password alone opened: still no desk, and the message says to sign in with the code.
    const passwordOnly = await moderator.get('/api/moderation/vip');
    expect([passwordOnly.status, passwordOnly.body.code, passwordOnly.body.message]).toEqual([403, TWO_STEP_REQUIRED_CODE, TwoStepMessages.signInWithSecondFactor]);
    expect((await moderator.get('/api/users/me')).body).toMatchObject({ twoStepEnabled: true, signedInWith: 'password' });

    const step = await passwordStep(moderator);
    expect((await step.browser.post('/api/auth/login/two-step', { challenge: step.challenge, code: await freshTotpCode(two.secret) })).body.user.signedInWith).toBe('password-and-code');
    expect((await step.browser.get('/api/users/me')).body.signedInWith).toBe('password-and-code');
    const desk = await step.browser.get('/api/moderation/vip');
    expect(desk.status).toBe(200);
    expect(desk.body).toEqual(expect.any(Array));
    // A recovery code is a second factor too.
    const recovered = await passwordStep(moderator);
    expect((await recovered.browser.post('/api/auth/login/two-step', { challenge: recovered.challenge, code: two.recoveryCodes[0] })).status).toBe(200);
    expect((await recovered.browser.get('/api/moderation/vip')).status).toBe(200);
    // A member who is no moderator is refused as before, whatever their two-step.
    const plain = await signedUpMember(stack);
    expect((await plain.get('/api/moderation/vip')).body.code).not.toBe(TWO_STEP_REQUIRED_CODE);
  });

  it('counts a session opened before sign-in methods were recorded as the password alone', async () => {
    const moderator = await signedUpMember(stack, 'moderator');
    expect((await moderator.get('/api/moderation/vip')).status).toBe(200);
    // A session as the store kept them before: its user and when, nothing of how it was opened.
    const token = randomBytes(32).toString('base64url');
    const key = createHash('sha256').update(token).digest('hex');
    await stack.redis.multi().set(`session:${key}`, JSON.stringify({ userId: moderator.id, createdAt: new Date().toISOString() }), 'EX', 600).sadd(`user-sessions:${moderator.id}`, key).exec();
    const old = new ApiClient(stack);
    old.sid = token;
    expect((await old.get('/api/users/me')).body).toMatchObject({ id: moderator.id, signedInWith: 'password' });
    const refused = await old.get('/api/moderation/vip');
    expect([refused.status, refused.body.code, refused.body.message]).toEqual([403, TWO_STEP_REQUIRED_CODE, TwoStepMessages.signInWithSecondFactor]);
    // Nor may it add a second factor beside the account's two-step sign-in.
    const options = await old.post('/api/users/me/passkeys/registration-options');
    expect([options.status, options.body.message]).toEqual([403, TwoStepMessages.addingNeedsSecondFactor]);
    expect(options.body.messageCode).toEqual({ code: 'second_factor_adding_needs_one' });
  });

  it('offers nothing to guests', async () => {
    const guest = new ApiClient(stack);
    const entered = await guest.post('/api/auth/guest', { captchaResponse: await guest.solveCaptcha() });
    expect(entered.status).toBe(201);
    expect((await guest.post('/api/users/me/two-step/setup')).status).toBe(403);
  });
});
