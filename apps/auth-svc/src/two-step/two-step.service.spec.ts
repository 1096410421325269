import { Test } from '@nestjs/testing';
import { ErrorCode, RECOVERY_CODE_COUNT, TWO_STEP_CODE_DIGITS, TWO_STEP_PERIOD_SECONDS, TwoStepMessages, type UserRole } from '@app/contracts';
import { REDIS } from '@app/server';
import * as argon2 from 'argon2';
import { authenticator } from 'otplib';
import { IdentityCheck } from '../accounts/identity-check';
import { LoginLimiter } from '../accounts/login-limiter';
import { HASH_OPTIONS } from '../accounts/password-hash';
import { SessionStore } from '../sessions/session.store';
import { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { RecoveryCode } from './recovery-code.entity';
import { newTotpSecret } from './totp';
import { TwoStepRepository } from './two-step.repository';
import { TwoStepService } from './two-step.service';
import { fn, refusal, type Fake } from '@app/testing/fakes';

// Two-step sign-in's rules (who may turn it on, which codes are taken, once) over typed fakes of
// its repository (the account and its recovery codes in memory), Redis, the sign-in limiter and
// the identity check. The statements that take a step or a recovery code once under concurrency
// run for real in tests/api/two-step.int-spec.ts.

const SECRET = newTotpSecret();
const RECOVERY = 'abcde-fghjk';
const client = { ip: '203.0.113.9' };

/** What the authenticator app shows for a secret, now or `steps` periods away. */
const appCode = (secret = SECRET, steps = 0) =>
  authenticator.clone({ digits: TWO_STEP_CODE_DIGITS, step: TWO_STEP_PERIOD_SECONDS, epoch: Date.now() + steps * TWO_STEP_PERIOD_SECONDS * 1000 }).generate(secret);
/** Six digits the app would not take now (none of the periods either side). */
const notAppCode = (secret = SECRET) => {
  const taken = new Set([-1, 0, 1].map((steps) => appCode(secret, steps)));
  return ['000000', '111111', '222222', '333333'].find((code) => !taken.has(code)) as string;
};

let recoveryHash: string;
beforeAll(async () => {
  recoveryHash = await argon2.hash(RECOVERY, HASH_OPTIONS);
});

const userOf = (fields: Partial<User> = {}) => Object.assign(new User(), { id: 11, username: 'mira', role: 'user' as UserRole, ...fields });
const withTwoStep = (fields: Partial<User> = {}) => userOf({ twoStepEnabledAt: new Date('2026-11-01T00:00:00Z'), totpSecret: SECRET, totpLastStep: null, ...fields });

async function build(user: User | null = userOf(), codes: string[] = []) {
  const recoveryCodes = codes.map((codeHash, i) => Object.assign(new RecoveryCode(), { id: i + 1, userId: 11, codeHash, usedAt: null as Date | null }));
  const store = {
    findUser: fn(async (...[id]: [number]) => (user?.id === id ? user : null)),
    recoveryCodesLeft: fn(async () => recoveryCodes.filter((c) => !c.usedAt).length),
    turnOn: fn(async (...[, secret, step]: [number, string, number, string[]]) => {
      if (!user || user.twoStepEnabledAt) return false;
      Object.assign(user, { totpSecret: secret, twoStepEnabledAt: new Date(), totpLastStep: step });
      return true;
    }),
    replaceRecoveryCodes: fn(async () => undefined),
    turnOff: fn(async () => undefined),
    takeStep: fn(async (...[, step]: [number, number]) => {
      if (!user || (user.totpLastStep !== null && user.totpLastStep >= step)) return false;
      user.totpLastStep = step;
      return true;
    }),
    unusedRecoveryCodes: fn(async () => recoveryCodes.filter((c) => !c.usedAt)),
    useRecoveryCode: fn(async (...[id]: [number]) => {
      const code = recoveryCodes.find((c) => c.id === id && !c.usedAt);
      if (code) code.usedAt = new Date();
      return !!code;
    }),
  } satisfies Fake<TwoStepRepository>;
  const kept = new Map<string, string>();
  const redis = {
    set: jest.fn(async (key: string, value: string) => void kept.set(key, value)),
    get: jest.fn(async (key: string) => kept.get(key) ?? null),
    del: jest.fn(async (key: string) => Number(kept.delete(key))),
    getdel: jest.fn(async (key: string) => {
      const value = kept.get(key) ?? null;
      kept.delete(key);
      return value;
    }),
  };
  const limiter = { assertAllowed: fn(async () => undefined), recordFailure: fn(async () => 0), recordSuccess: fn(async () => undefined) } satisfies Fake<LoginLimiter>;
  const sessions = { signedInWith: fn(async () => 'password' as const) } satisfies Fake<SessionStore>;
  const identity = { confirm: fn(async () => 'password' as const) } satisfies Fake<IdentityCheck>;
  const users = { publishChanged: fn(async () => undefined) } satisfies Fake<UsersService>;
  const module = await Test.createTestingModule({
    providers: [
      TwoStepService,
      { provide: TwoStepRepository, useValue: store },
      { provide: REDIS, useValue: redis },
      { provide: LoginLimiter, useValue: limiter },
      { provide: SessionStore, useValue: sessions },
      { provide: IdentityCheck, useValue: identity },
      { provide: UsersService, useValue: users },
    ],
  }).compile();
  return { service: module.get(TwoStepService), store, redis, kept, limiter, sessions, identity, users, recoveryCodes };
}

const wrongCode = { status: 400, code: ErrorCode.ValidationFailed, message: TwoStepMessages.codeWrong, fields: { code: [TwoStepMessages.codeWrong] } };

describe('TwoStepService', () => {
  describe('turning it on', () => {
    it('keeps a new secret aside and shows it with its QR code', async () => {
      const { service, kept } = await build();
      const setup = await service.start({ userId: 11, sessionKey: 'k' });
      expect(setup.otpauthUrl).toContain(`secret=${setup.secret}`);
      expect(setup.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
      expect([...kept.values()]).toEqual([setup.secret]);
    });

    it('refuses a guest (403), an account that has it on (409) and a second factor added beside a held one from a password session (403)', async () => {
      expect(await refusal((await build(userOf({ role: 'guest' }))).service.start({ userId: 11, sessionKey: 'k' }))).toMatchObject({ status: 403, message: TwoStepMessages.guestsCannot });
      expect(await refusal((await build(withTwoStep())).service.start({ userId: 11, sessionKey: 'k' }))).toMatchObject({ status: 409, message: TwoStepMessages.alreadyOn });
      const withPasskey = await build(userOf({ passkeyCount: 1 }));
      expect(await refusal(withPasskey.service.start({ userId: 11, sessionKey: 'k' }))).toMatchObject({ status: 403, message: TwoStepMessages.addingNeedsSecondFactor });
      withPasskey.sessions.signedInWith.mockResolvedValueOnce('passkey');
      await expect(withPasskey.service.start({ userId: 11, sessionKey: 'k' })).resolves.toMatchObject({ expiresInSeconds: expect.any(Number) });
      expect(await refusal((await build(null)).service.start({ userId: 11, sessionKey: 'k' }))).toMatchObject({ status: 404 });
    });

    it('turns it on with a code from the app, gives the recovery codes once and tells the gateways', async () => {
      const { service, store, kept, users } = await build();
      const { secret } = await service.start({ userId: 11, sessionKey: 'k' });
      const { codes } = await service.confirm({ userId: 11, sessionKey: 'k', code: appCode(secret) });
      expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
      expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
      const [, storedSecret, , hashes] = store.turnOn.mock.calls[0];
      expect(storedSecret).toBe(secret);
      expect(hashes).toHaveLength(RECOVERY_CODE_COUNT);
      expect(hashes).not.toContain(codes[0]);
      expect(await argon2.verify(hashes[0], codes[0])).toBe(true);
      expect(kept.size).toBe(0);
      expect(users.publishChanged).toHaveBeenCalledTimes(1);
    });

    it('refuses a wrong code, an enrolment that expired, and a confirmation another one beat (409)', async () => {
      const { service, store, kept } = await build();
      expect(await refusal(service.confirm({ userId: 11, sessionKey: 'k', code: '123456' }))).toMatchObject({ status: 400, fields: { code: [TwoStepMessages.setupExpired] } });
      await service.start({ userId: 11, sessionKey: 'k' });
      const secret = [...kept.values()][0];
      expect(await refusal(service.confirm({ userId: 11, sessionKey: 'k', code: notAppCode(secret) }))).toMatchObject(wrongCode);
      expect(store.turnOn).not.toHaveBeenCalled();
      store.turnOn.mockResolvedValueOnce(false);
      expect(await refusal(service.confirm({ userId: 11, sessionKey: 'k', code: appCode(secret) }))).toMatchObject({ status: 409, message: TwoStepMessages.alreadyOn });
    });
  });

  describe('codes', () => {
    it('takes a code from the app once: the same code again is wrong, and counted', async () => {
      const { service, limiter } = await build(withTwoStep());
      const user = withTwoStep();
      const code = appCode();
      await service.checkCode(user, code.replace(/(\d{3})/, '$1 '), client.ip);
      expect(await refusal(service.checkCode(user, code, client.ip))).toMatchObject(wrongCode);
      expect(limiter.assertAllowed).toHaveBeenCalledWith('account:11', client.ip);
      expect(limiter.recordFailure).toHaveBeenCalledTimes(1);
    });

    it('takes a recovery code once, whatever its case and spacing', async () => {
      const { service, recoveryCodes } = await build(withTwoStep(), [recoveryHash]);
      await service.checkCode(withTwoStep(), ' ABCDE FGHJK ', client.ip);
      expect(recoveryCodes[0].usedAt).toBeInstanceOf(Date);
      expect(await refusal(service.checkCode(withTwoStep(), RECOVERY, client.ip))).toMatchObject(wrongCode);
    });

    it('refuses what is neither, and stops at the lockout before looking', async () => {
      const { service, limiter, store } = await build(withTwoStep(), [recoveryHash]);
      expect(await refusal(service.checkCode(withTwoStep(), 'not a code', client.ip))).toMatchObject(wrongCode);
      limiter.assertAllowed.mockRejectedValueOnce(new Error('locked out'));
      await expect(service.checkCode(withTwoStep(), RECOVERY, client.ip)).rejects.toThrow('locked out');
      expect(store.useRecoveryCode).not.toHaveBeenCalled();
    });

    it('makes new recovery codes only for an account that has it on, with a right code', async () => {
      expect(await refusal((await build(userOf())).service.regenerateRecoveryCodes({ userId: 11, code: '123456', client }))).toMatchObject({ status: 409, message: TwoStepMessages.notOn });
      const { service, store } = await build(withTwoStep());
      expect(await refusal(service.regenerateRecoveryCodes({ userId: 11, code: notAppCode(), client }))).toMatchObject(wrongCode);
      expect(store.replaceRecoveryCodes).not.toHaveBeenCalled();
    });

    it('counts the recovery codes left only while it is on', async () => {
      expect(await (await build(userOf())).service.status(11)).toEqual({ enabled: false, recoveryCodesLeft: 0 });
      expect(await (await build(withTwoStep(), [recoveryHash, recoveryHash])).service.status(11)).toEqual({ enabled: true, recoveryCodesLeft: 2 });
    });
  });

  describe('turning it off', () => {
    it('asks who it is and a code, then turns it off and tells the gateways', async () => {
      const { service, store, identity, users } = await build(withTwoStep());
      expect(await service.disable({ userId: 11, sessionKey: 'k', password: 'pw', code: appCode(), client })).toEqual({ enabled: false, recoveryCodesLeft: 0 });
      expect(identity.confirm).toHaveBeenCalledWith(expect.objectContaining({ id: 11 }), expect.objectContaining({ password: 'pw', sessionKey: 'k', ip: client.ip }), expect.anything());
      expect(store.turnOff).toHaveBeenCalledWith(11);
      expect(users.publishChanged).toHaveBeenCalledTimes(1);
    });

    it('keeps it on when the identity check or the code fails', async () => {
      const { service, store, identity } = await build(withTwoStep());
      identity.confirm.mockRejectedValueOnce(new Error('wrong password'));
      await expect(service.disable({ userId: 11, sessionKey: 'k', password: 'bad', code: appCode(), client })).rejects.toThrow('wrong password');
      expect(await refusal(service.disable({ userId: 11, sessionKey: 'k', password: 'pw', code: notAppCode(), client }))).toMatchObject(wrongCode);
      expect(store.turnOff).not.toHaveBeenCalled();
    });
  });

  describe('signing in', () => {
    it('hands a sign-in its account once its code is right, spending the challenge', async () => {
      const { service, limiter, kept } = await build(withTwoStep());
      const { challenge } = await service.issueChallenge({ userId: 11, rememberMe: true });
      expect(await refusal(service.completeSignIn(challenge, notAppCode(), client.ip))).toMatchObject(wrongCode);
      expect(kept.size).toBe(1);
      const done = await service.completeSignIn(challenge, appCode(), client.ip);
      expect(done).toMatchObject({ user: { id: 11 }, rememberMe: true, firstFactor: 'password' });
      expect(limiter.recordSuccess).toHaveBeenCalledWith('account:11', client.ip);
      expect(kept.size).toBe(0);
      expect(await refusal(service.completeSignIn(challenge, appCode(), client.ip))).toMatchObject({ status: 400, fields: { challenge: [TwoStepMessages.challengeExpired] } });
    });

    it('says the sign-in expired for an unknown challenge or an account without it', async () => {
      const { service } = await build(userOf());
      expect(await refusal(service.completeSignIn('nope', '123456', client.ip))).toMatchObject({ status: 400, message: TwoStepMessages.challengeExpired });
      const { challenge } = await service.issueChallenge({ userId: 11, rememberMe: false, firstFactor: 'provider' });
      expect(await refusal(service.completeSignIn(challenge, '123456', client.ip))).toMatchObject({ status: 400, message: TwoStepMessages.challengeExpired });
    });
  });
});
