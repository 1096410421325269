import 'reflect-metadata';
import { RecoveryMessages } from '@app/contracts';
import { createHash } from 'node:crypto';
import { eventually, linkIn, uniqueName } from '@app/testing';
import { ApiClient, startAuthStack, type AuthStack } from './auth-stack';

const PASSWORD = 'blue-tangerine-42';

describe('account mail: verification and password reset', () => {
  let stack: AuthStack;

  beforeAll(async () => {
    stack = await startAuthStack({ LOG_LEVEL: 'silent', PASSWORD_RESETS_PER_ADDRESS_PER_HOUR: '3', ACCOUNT_MAILS_PER_HOUR: '3' });
  }, 60_000);
  afterAll(() => stack?.stop());

  async function member() {
    const c = new ApiClient(stack);
    const username = uniqueName('mail');
    const email = `${username}@example.com`;
    const res = await c.register({ username, email, password: PASSWORD });
    expect(res.status).toBe(201);
    return { c, username, email };
  }

  const tokenOf = (link: string) => new URL(link).searchParams.get('token') as string;

  it('mails a new member a link that verifies their address, once', async () => {
    const { c, email } = await member();
    expect((await c.get('/api/users/me')).body.isVerified).toBe(false);

    const mail = await stack.mail.waitForMail(email, /Confirm your email address/);
    const token = tokenOf(linkIn(mail, `${stack.origin}/verify-email?token=`));
    const verified = await new ApiClient(stack).post('/api/auth/verify-email', { token });
    expect(verified).toMatchObject({ status: 200, body: { email, isVerified: true } });
    expect((await c.get('/api/users/me')).body.isVerified).toBe(true);

    const again = await new ApiClient(stack).post('/api/auth/verify-email', { token });
    expect(again).toMatchObject({
      status: 400,
      body: { message: RecoveryMessages.verifyLinkInvalid, fieldCodes: { token: [{ code: 'recovery_verify_link_invalid' }] } },
    });
    expect(await c.post('/api/auth/verification-email')).toMatchObject({ status: 409, body: { message: RecoveryMessages.alreadyVerified } });
  });

  it('resets a forgotten password by a single-use link, ends every session, and tells the owner', async () => {
    const { c, username, email } = await member();
    const other = new ApiClient(stack);
    expect((await other.login(email, PASSWORD)).status).toBe(200);

    const asked = await new ApiClient(stack).post('/api/auth/forgot-password', { email: email.toUpperCase() });
    expect(asked).toMatchObject({ status: 200, body: { ok: true, message: RecoveryMessages.resetRequested, messageCode: { code: 'recovery_reset_requested' } } });
    const mail = await stack.mail.waitForMail(email, /Reset your password/);
    const token = tokenOf(linkIn(mail, `${stack.origin}/reset-password?token=`));
    expect(await stack.redis.ttl(`account-token:password-reset:${createHash('sha256').update(token).digest('hex')}`)).toBeLessThanOrEqual(3600);

    // A password the policy refuses leaves the link good for a better one.
    const weak = await new ApiClient(stack).post('/api/auth/reset-password', { token, password: username, confirmPassword: username });
    expect(weak).toMatchObject({
      status: 400,
      body: { fields: { password: ['Password must not be the same as your username'] }, fieldCodes: { password: [{ code: 'password_is_username' }] } },
    });
    const reset = await new ApiClient(stack).post('/api/auth/reset-password', { token, password: 'violet-harbour-77', confirmPassword: 'violet-harbour-77' });
    expect(reset).toMatchObject({ status: 200, body: { message: RecoveryMessages.passwordChanged, messageCode: { code: 'recovery_password_changed' } } });

    expect((await c.get('/api/users/me')).status).toBe(401);
    expect((await other.get('/api/users/me')).status).toBe(401);
    expect((await new ApiClient(stack).login(email, PASSWORD)).status).toBe(401);
    expect((await new ApiClient(stack).login(username, 'violet-harbour-77')).status).toBe(200);
    await stack.mail.waitForMail(email, /Your password was changed/);

    const reused = await new ApiClient(stack).post('/api/auth/reset-password', { token, password: 'amber-orchard-55', confirmPassword: 'amber-orchard-55' });
    expect(reused).toMatchObject({ status: 400, body: { fields: { token: [RecoveryMessages.resetLinkInvalid] } } });
  });

  it('writes to each person in their language, and follows a change of it', async () => {
    const c = new ApiClient(stack);
    const username = uniqueName('mail');
    const email = `${username}@example.com`;
    expect((await c.register({ username, email, password: PASSWORD, language: 'hi' })).status).toBe(201);
    const verify = await stack.mail.waitForMail(email, /अपना ईमेल पता पक्का करें/);
    expect(verify.text).toContain(`नमस्ते ${username.toLowerCase()},`);
    expect(linkIn(verify, `${stack.origin}/verify-email?token=`)).toBeTruthy();

    expect((await new ApiClient(stack).post('/api/auth/forgot-password', { email })).status).toBe(200);
    const reset = await stack.mail.waitForMail(email, /अपना पासवर्ड रीसेट करें/);
    expect(reset.text).toContain('1 घंटे के अंदर');

    expect((await c.request('PUT', '/api/users/me/language', { language: 'en' })).status).toBe(200);
    expect((await new ApiClient(stack).post('/api/auth/forgot-password', { email })).status).toBe(200);
    await stack.mail.waitForMail(email, /Reset your password/);
  });

  it('answers a reset request for an unknown address exactly like a known one and mails nobody', async () => {
    const nobody = `${uniqueName('ghost')}@example.com`;
    const asked = await new ApiClient(stack).post('/api/auth/forgot-password', { email: nobody });
    expect(asked).toMatchObject({ status: 200, body: { ok: true, message: RecoveryMessages.resetRequested } });
    // A mail to a known address sent after it has arrived, so the first would have too.
    const { email } = await member();
    await stack.mail.waitForMail(email, /Confirm your email address/);
    expect(await stack.mail.mailsTo(nobody)).toEqual([]);
  });

  it('limits reset requests per address (429) and mails per account (answered alike, nothing sent)', async () => {
    const { email } = await member();
    const probe = new ApiClient(stack, '198.51.100.44');
    for (let i = 0; i < 3; i++) expect((await probe.post('/api/auth/forgot-password', { email })).status).toBe(200);
    const refused = await probe.post('/api/auth/forgot-password', { email });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    // From another address the answer is the same, but the account has had its three mails this hour.
    expect((await new ApiClient(stack, '198.51.100.45').post('/api/auth/forgot-password', { email })).status).toBe(200);
    const resets = async () => (await stack.mail.mailsTo(email)).filter((m) => /Reset your password/.test(m.subject));
    await eventually(async () => expect(await resets()).toHaveLength(3));
    // Sync point: a later mail to another member arrives after any reset mail queued before it.
    const later = await member();
    await stack.mail.waitForMail(later.email, /Confirm your email address/);
    expect(await resets()).toHaveLength(3);
  });

  it("tells an address's owner when someone signs up with it", async () => {
    const { username, email } = await member();
    const stranger = new ApiClient(stack);
    const res = await stranger.register({ username: uniqueName('copy'), email, password: PASSWORD });
    expect(res.status).toBe(201);
    const mail = await stack.mail.waitForMail(email, /Someone tried to sign up with your email address/);
    expect(mail.text).toContain(`Hi ${username.toLowerCase()}`);
  });
});
