import { Test } from '@nestjs/testing';
import { RpcException } from '@nestjs/microservices';
import { ErrorCode, type LoginRequestDto, type RegisterRequestDto } from '@app/contracts';
import { RpcErrors } from '@app/server';
import * as argon2 from 'argon2';
import { CaptchaService } from '../captcha/captcha.service';
import { OidcService } from '../oidc/oidc.service';
import { PasskeysService } from '../passkeys/passkeys.service';
import { RecoveryService } from '../recovery/recovery.service';
import { SanctionsService } from '../sanctions/sanctions.service';
import { NewDeviceAlerts } from '../sessions/new-device-alerts';
import { SessionStore, type StoredSession } from '../sessions/session.store';
import { TwoStepService } from '../two-step/two-step.service';
import { User } from '../users/user.entity';
import { UsersService, type NewAccount } from '../users/users.service';
import { AccountMailer } from './account-mailer';
import { AccountsService, INVALID_CREDENTIALS_MESSAGE } from './accounts.service';
import { LoginLimiter } from './login-limiter';
import { HASH_OPTIONS } from './password-hash';
import { SignupLimiter } from './signup-limiter';
import { fn, refusal, type Fake } from '@app/testing/fakes';

// Signing up and signing in, with typed fakes of the accounts (UsersService, users.service.spec.ts),
// the sessions, the captcha, the limiters and the mail. What the database decides (a taken name,
// an address held unconfirmed) is in tests/api/auth.int-spec.ts.

const PASSWORD = 'correct horse battery';
// No address: the country lookup (a large database file) stays out of the unit tier.
const client = { ip: '' };

const userOf = (fields: Partial<User> = {}) =>
  Object.assign(new User(), { id: 11, username: 'mira', email: 'mira@example.com', role: 'user', createdAt: new Date('2026-11-29T00:00:00Z'), ...fields });

let passwordHash: string;
beforeAll(async () => {
  passwordHash = await argon2.hash(PASSWORD, HASH_OPTIONS);
});

async function build() {
  const users: Fake<UsersService> = {
    create: fn(async (...[data]) => ({ user: userOf({ username: data.username, email: data.email, role: data.role }), addressHolder: null }) as NewAccount),
    findByLogin: fn(async () => userOf({ passwordHash })),
    cancelDeletion: fn(async () => false),
    isErased: fn(async () => false),
    touchLastSeen: fn(async () => undefined),
  };
  const sessions: Fake<SessionStore> = { create: fn(async () => ({ token: 't0ken', tokenHash: 'h', session: {} as StoredSession })) };
  const captcha: Fake<CaptchaService> = { consume: fn(async () => undefined) };
  const limiter: Fake<LoginLimiter> = { assertAllowed: fn(async () => undefined), recordFailure: fn(async () => 0), recordSuccess: fn(async () => undefined) };
  const signups: Fake<SignupLimiter> = { within: jest.fn((...[, , create]) => create()) as Fake<SignupLimiter>['within'] };
  const mailer: Fake<AccountMailer> = { signUpWithTakenAddress: fn(async () => undefined), signUpWithBannedAddress: fn(async () => undefined) };
  const sanctions: Fake<SanctionsService> = { bannedHolderOf: fn(async () => null), assertMaySignIn: fn(async () => undefined) };
  const recovery: Fake<RecoveryService> = { sendVerification: fn(async () => undefined) };
  const twoStep: Fake<TwoStepService> = { issueChallenge: fn(async () => ({ twoStepRequired: true, challenge: 'c' }) as Awaited<ReturnType<TwoStepService['issueChallenge']>>) };
  const module = await Test.createTestingModule({
    providers: [
      AccountsService,
      { provide: UsersService, useValue: users },
      { provide: SessionStore, useValue: sessions },
      { provide: CaptchaService, useValue: captcha },
      { provide: LoginLimiter, useValue: limiter },
      { provide: SignupLimiter, useValue: signups },
      { provide: AccountMailer, useValue: mailer },
      { provide: SanctionsService, useValue: sanctions },
      { provide: RecoveryService, useValue: recovery },
      { provide: TwoStepService, useValue: twoStep },
      { provide: PasskeysService, useValue: {} },
      { provide: OidcService, useValue: {} },
      { provide: NewDeviceAlerts, useValue: { noteSignIn: jest.fn() } satisfies Fake<NewDeviceAlerts> },
    ],
  }).compile();
  return { service: module.get(AccountsService), users, sessions, captcha, limiter, mailer, sanctions, recovery, twoStep };
}

const signUp = (fields: Partial<RegisterRequestDto> = {}): RegisterRequestDto => ({
  username: 'mira',
  email: ' Mira@Example.com ',
  password: PASSWORD,
  captchaResponse: 'solved',
  client,
  ...fields,
});

const signIn = (fields: Partial<LoginRequestDto> = {}): LoginRequestDto => ({ email: 'Mira', password: PASSWORD, captchaResponse: 'solved', client, ...fields });

describe('AccountsService', () => {
  describe('signing up', () => {
    it('refuses passwords that differ before spending the captcha, creating nothing', async () => {
      const { service, users, captcha } = await build();
      expect(await refusal(service.register(signUp({ confirmPassword: 'something else entirely' })))).toMatchObject({
        status: 400,
        code: ErrorCode.ValidationFailed,
        fields: { confirmPassword: ['Passwords do not match'] },
      });
      expect(captcha.consume).not.toHaveBeenCalled();
      expect(users.create).not.toHaveBeenCalled();
    });

    it('refuses a password the policy refuses (here: the username itself), on the password field', async () => {
      const { service, users, captcha } = await build();
      expect(await refusal(service.register(signUp({ username: 'mirabelle2026', password: 'MiraBelle2026' })))).toMatchObject({
        status: 400,
        fields: { password: ['Password must not be the same as your username'] },
      });
      expect(captcha.consume).not.toHaveBeenCalled();
      expect(users.create).not.toHaveBeenCalled();
    });

    it('creates nothing when the captcha is refused', async () => {
      const { service, users, captcha } = await build();
      captcha.consume?.mockRejectedValue(RpcErrors.badRequest('Captcha verification failed'));
      expect(await refusal(service.register(signUp()))).toMatchObject({ status: 400 });
      expect(users.create).not.toHaveBeenCalled();
    });

    it('makes a member with a hashed password, sends the verification and opens a session', async () => {
      const { service, users, recovery, sessions } = await build();
      const issued = await service.register(signUp());
      const [data, options] = users.create?.mock.calls[0] ?? [];
      expect(data).toMatchObject({ username: 'mira', email: 'Mira@Example.com', role: 'user', language: 'en' });
      expect(await argon2.verify(data?.passwordHash ?? '', PASSWORD)).toBe(true);
      expect(options).toEqual({ addressBarred: false });
      expect(recovery.sendVerification).toHaveBeenCalled();
      expect(sessions.create).toHaveBeenCalledTimes(1);
      expect(issued).toMatchObject({ token: 't0ken', user: { signedInWith: 'password' } });
    });

    it("answers an address another account has like a new one, telling only that account's mailbox", async () => {
      const { service, users, mailer, recovery } = await build();
      users.create?.mockResolvedValue({ user: userOf({ id: 12 }), addressHolder: { id: 4, username: 'owner', email: 'mira@example.com', language: 'en' } });
      await expect(service.register(signUp())).resolves.toMatchObject({ token: 't0ken', user: { id: 12 } });
      expect(mailer.signUpWithTakenAddress).toHaveBeenCalledWith(expect.objectContaining({ id: 4 }), expect.anything());
      expect(recovery.sendVerification).not.toHaveBeenCalled();
    });

    it("keeps a banned account's address barred, telling the banned mailbox why", async () => {
      const { service, users, mailer, sanctions, recovery } = await build();
      sanctions.bannedHolderOf?.mockResolvedValue({ id: 4, username: 'banned', language: 'en' });
      await service.register(signUp());
      expect(users.create?.mock.calls[0][1]).toEqual({ addressBarred: true });
      expect(mailer.signUpWithBannedAddress).toHaveBeenCalledWith(expect.objectContaining({ id: 4, email: 'mira@example.com' }), expect.anything());
      expect(mailer.signUpWithTakenAddress).not.toHaveBeenCalled();
      expect(recovery.sendVerification).not.toHaveBeenCalled();
    });
  });

  describe('signing in', () => {
    it('refuses an unknown login and a wrong password with the same words, counting the failure and opening nothing', async () => {
      const { service, users, limiter, sessions } = await build();
      expect(await refusal(service.login(signIn({ password: 'not the password at all' })))).toEqual({ status: 401, code: ErrorCode.Unauthenticated, message: INVALID_CREDENTIALS_MESSAGE, messageCode: { code: 'sign_in_invalid_credentials' } });
      users.findByLogin?.mockResolvedValue(null);
      expect(await refusal(service.login(signIn()))).toEqual({ status: 401, code: ErrorCode.Unauthenticated, message: INVALID_CREDENTIALS_MESSAGE, messageCode: { code: 'sign_in_invalid_credentials' } });
      expect(limiter.recordFailure?.mock.calls).toEqual([
        ['account:11', ''],
        ['name:mira', ''],
      ]);
      expect(sessions.create).not.toHaveBeenCalled();
    });

    it('refuses while the limiter does, before spending the captcha or checking the password', async () => {
      const { service, limiter, captcha, sessions } = await build();
      limiter.assertAllowed?.mockRejectedValue(new RpcException({ status: 429, code: ErrorCode.RateLimit, message: 'Too many attempts' }));
      expect(await refusal(service.login(signIn()))).toMatchObject({ status: 429 });
      expect(captcha.consume).not.toHaveBeenCalled();
      expect(sessions.create).not.toHaveBeenCalled();
    });

    it('tells a sanction only past the right password, opening nothing', async () => {
      const { service, sanctions, sessions, limiter } = await build();
      sanctions.assertMaySignIn?.mockRejectedValue(new RpcException({ status: 403, code: 'account_banned', message: 'Your account has been banned' }));
      expect(await refusal(service.login(signIn({ password: 'wrong password here' })))).toMatchObject({ status: 401 });
      expect(sanctions.assertMaySignIn).not.toHaveBeenCalled();
      expect(await refusal(service.login(signIn()))).toMatchObject({ status: 403, code: 'account_banned' });
      expect(sessions.create).not.toHaveBeenCalled();
      expect(limiter.recordSuccess).not.toHaveBeenCalled();
    });

    it('asks for the code when two-step sign-in is on, forgiving no failures yet', async () => {
      const { service, users, twoStep, sessions, limiter } = await build();
      users.findByLogin?.mockResolvedValue(userOf({ passwordHash, twoStepEnabledAt: new Date() }));
      await expect(service.login(signIn({ rememberMe: true }))).resolves.toMatchObject({ challenge: 'c' });
      expect(twoStep.issueChallenge).toHaveBeenCalledWith({ userId: 11, rememberMe: true });
      expect(limiter.recordSuccess).not.toHaveBeenCalled();
      expect(sessions.create).not.toHaveBeenCalled();
    });

    it('opens a session for the right password, forgiving the failures; "remember me" keeps the cookie', async () => {
      const { service, sessions, limiter } = await build();
      await expect(service.login(signIn({ rememberMe: true }))).resolves.toMatchObject({ token: 't0ken', cookieMaxAgeSeconds: expect.any(Number) });
      expect(limiter.recordSuccess).toHaveBeenCalledWith('account:11', '');
      await expect(service.login(signIn())).resolves.toMatchObject({ cookieMaxAgeSeconds: null });
      expect(sessions.create).toHaveBeenCalledTimes(2);
      // The session keeps the choice, for "Sign in again" to carry it to the session that renews it.
      expect(sessions.create?.mock.calls.map((call) => call[4])).toEqual([true, false]);
    });

    it('records no Remember me on a guest\'s session, whose cookie outlives the browser all the same', async () => {
      const { service, sessions, users } = await build();
      users.create?.mockResolvedValue({ user: userOf({ id: 12, username: 'guest_1', email: null, role: 'guest' }), addressHolder: null });
      await expect(service.guest({ username: 'guest_1', captchaResponse: 'solved', client })).resolves.toMatchObject({ cookieMaxAgeSeconds: expect.any(Number) });
      expect(sessions.create?.mock.calls[0]?.[2]).toBe('guest');
      expect(sessions.create?.mock.calls[0]?.[4]).toBe(false);
    });

    it('refuses an account erased after its grace ran out, opening nothing', async () => {
      const { service, users, sessions } = await build();
      users.findByLogin?.mockResolvedValue(userOf({ passwordHash, deletionDueAt: new Date('2026-11-01T00:00:00Z') }));
      users.isErased?.mockResolvedValue(true);
      expect(await refusal(service.login(signIn()))).toMatchObject({ status: 401, message: INVALID_CREDENTIALS_MESSAGE });
      expect(sessions.create).not.toHaveBeenCalled();
    });

    it('takes back a deletion asked for when the person signs in within the grace', async () => {
      const { service, users } = await build();
      users.findByLogin?.mockResolvedValue(userOf({ passwordHash, deletionDueAt: new Date('2026-12-10T00:00:00Z') }));
      users.cancelDeletion?.mockResolvedValue(true);
      await expect(service.login(signIn())).resolves.toMatchObject({ deletionCancelled: true });
    });
  });
});
