import { Test } from '@nestjs/testing';
import { EntityManager } from '@mikro-orm/postgresql';
import { PASSKEYS_PER_ACCOUNT_MAX, type AuthenticationCredentialDto, type RegistrationCredentialDto, type SignInMethod, type UserRole } from '@app/contracts';
import { REDIS } from '@app/server';
import { verifyAuthenticationResponse, verifyRegistrationResponse } from '@simplewebauthn/server';
import { attemptSubject, LoginLimiter } from '../accounts/login-limiter';
import { AuthEnv } from '../config/auth-env';
import { SessionStore } from '../sessions/session.store';
import { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { Passkey } from './passkey.entity';
import { PasskeysRepository, type NewPasskey, type WaysLeft } from './passkeys.repository';
import { PasskeysService } from './passkeys.service';
import { fn, refusal, statementLog, type Fake } from '@app/testing/fakes';

// Passkeys' rules (who may add one, the cap, never the last way in or the last second factor, a
// challenge served once, a signature counter that must grow, failures counted toward the lockout)
// over typed fakes of the repository, Redis, the sign-in limiter and the sessions. The WebAuthn
// checks themselves are @simplewebauthn's, answered here as told; real authenticators, the row
// locks and the unique credential run in tests/api/passkeys.int-spec.ts.

jest.mock('@simplewebauthn/server', () => ({
  ...jest.requireActual<object>('@simplewebauthn/server'),
  verifyRegistrationResponse: jest.fn(),
  verifyAuthenticationResponse: jest.fn(),
}));
// The per-address limit of started sign-ins, kept in memory instead of Redis.
jest.mock('rate-limiter-flexible', () => {
  const actual = jest.requireActual<typeof import('rate-limiter-flexible')>('rate-limiter-flexible');
  return { ...actual, RateLimiterRedis: actual.RateLimiterMemory };
});
const verifyRegistration = jest.mocked(verifyRegistrationResponse);
const verifyAuthentication = jest.mocked(verifyAuthenticationResponse);

const client = { ip: '203.0.113.9' };
const env = { PUBLIC_ORIGIN: 'https://chat.example.com', PASSKEY_RP_ID: '', PASSKEY_ORIGINS: '', PASSKEY_SIGN_INS_PER_ADDRESS_PER_MINUTE: 5 };
/** WebAuthn user handles, base64url as the authenticator gives them back. */
const HANDLE = Buffer.from('handle of 11').toString('base64url');
const OTHER_HANDLE = Buffer.from('handle of 12').toString('base64url');

const userOf = (fields: Partial<User> = {}) =>
  Object.assign(new User(), { id: 11, username: 'mira', email: 'mira@example.com', role: 'user' as UserRole, passwordHash: 'hash', passkeyUserHandle: HANDLE, ...fields });
const passkeyOf = (fields: Partial<Passkey> = {}) =>
  Object.assign(new Passkey(), { id: 5, userId: 11, credentialId: 'cred-5', publicKey: Buffer.from('key'), counter: 3, transports: ['internal'], name: 'Laptop', createdAt: new Date('2026-11-01T00:00:00Z'), ...fields });

const registration = (id = 'cred-new'): RegistrationCredentialDto => ({ id, rawId: id, type: 'public-key', response: { clientDataJSON: 'e30', attestationObject: 'e30', transports: ['usb'] } });
const assertion = (id = 'cred-5', userHandle?: string): AuthenticationCredentialDto => ({
  id,
  rawId: id,
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'e30', signature: 'e30', ...(userHandle !== undefined ? { userHandle } : {}) },
});

/** @simplewebauthn's answers: a good registration of `id`, or an assertion that counted to `counter`. */
const registered = (id = 'cred-new') =>
  verifyRegistration.mockResolvedValueOnce({ verified: true, registrationInfo: { credential: { id, publicKey: new Uint8Array([1, 2]), counter: 0, transports: ['hybrid'] } } } as never);
const asserted = (counter = 4) => verifyAuthentication.mockResolvedValueOnce({ verified: true, authenticationInfo: { newCounter: counter } } as never);

async function build({ users = [userOf()], passkeys = [passkeyOf()], signedInWith = 'password' as SignInMethod, providers = 0 } = {}) {
  const accounts = new Map(users.map((user) => [user.id, user]));
  const stored = [...passkeys];
  const repository = {
    findUser: fn(async (...[id]: [number]) => accounts.get(id) ?? null),
    listOf: fn(async (...[userId]: [number]) => stored.filter((p) => p.userId === userId)),
    findById: fn(async (...[id]: [number]) => stored.find((p) => p.id === id) ?? null),
    findByCredential: fn(async (...[credentialId, userId]: [string, number?]) => stored.find((p) => p.credentialId === credentialId && (userId === undefined || p.userId === userId)) ?? null),
    rename: fn(async () => undefined),
    add: fn(async (...[passkey, check]: [NewPasskey, (locked: User, count: number) => Promise<void>]) => {
      await check(accounts.get(passkey.userId) as User, stored.filter((p) => p.userId === passkey.userId).length);
      if (stored.some((p) => p.credentialId === passkey.credentialId)) return null;
      const made = passkeyOf({ ...passkey, id: 100 + stored.length });
      stored.push(made);
      return made;
    }),
    remove: fn(async (...[userId, passkeyId, check]: [number, number, (ways: WaysLeft) => void]) => {
      check({ user: accounts.get(userId) as User, passkeysLeft: stored.filter((p) => p.userId === userId && p.id !== passkeyId).length, providers });
      stored.splice(stored.findIndex((p) => p.id === passkeyId), 1);
    }),
    takeCounter: fn(async (...[id, counter]: [number, number, Date]) => {
      const passkey = stored.find((p) => p.id === id);
      if (!passkey || (counter === 0 ? passkey.counter !== 0 : passkey.counter >= counter)) return false;
      passkey.counter = counter;
      return true;
    }),
    keepUserHandle: fn(async (...[userId, handle]: [number, string]) => {
      const user = accounts.get(userId) as User;
      user.passkeyUserHandle ??= handle;
      return user.passkeyUserHandle;
    }),
  } satisfies Fake<PasskeysRepository>;
  const kept = new Map<string, string>();
  const redis = {
    set: jest.fn(async (key: string, value: string) => void kept.set(key, value)),
    getdel: jest.fn(async (key: string) => {
      const value = kept.get(key) ?? null;
      kept.delete(key);
      return value;
    }),
  };
  const limiter = { assertAllowed: fn(async () => undefined), recordFailure: fn(async () => 0), recordSuccess: fn(async () => undefined) } satisfies Fake<LoginLimiter>;
  const sessions = { signedInWith: fn(async () => signedInWith) } satisfies Fake<SessionStore>;
  const people = { publishChanged: fn(async () => undefined) } satisfies Fake<UsersService>;
  const module = await Test.createTestingModule({
    providers: [
      PasskeysService,
      { provide: PasskeysRepository, useValue: repository },
      { provide: REDIS, useValue: redis },
      { provide: AuthEnv, useValue: env },
      { provide: UsersService, useValue: people },
      { provide: LoginLimiter, useValue: limiter },
      { provide: SessionStore, useValue: sessions },
    ],
  }).compile();
  return { service: module.get(PasskeysService), repository, stored, kept, limiter, sessions, people, accounts };
}

beforeEach(() => {
  verifyRegistration.mockReset();
  verifyAuthentication.mockReset();
});

describe('PasskeysService', () => {
  describe('adding one', () => {
    it("offers the options with the account's handle, leaving out the passkeys it has, bound to this session", async () => {
      const { service, kept, repository } = await build();
      const options = await service.registrationOptions({ userId: 11, sessionKey: 'k' });
      expect(options.user.id).toBe(HANDLE);
      expect(options.rp.id).toBe('chat.example.com');
      expect(options.excludeCredentials).toEqual([{ id: 'cred-5', type: 'public-key', transports: ['internal'] }]);
      expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
      expect(kept.get('passkey-registration:11:k')).toBe(options.challenge);
      expect(repository.keepUserHandle).not.toHaveBeenCalled();
    });

    it('makes the account its WebAuthn handle at its first passkey, keeping one another request made first', async () => {
      const { service, repository, accounts } = await build({ users: [userOf({ passkeyUserHandle: null })], passkeys: [] });
      const first = await service.registrationOptions({ userId: 11, sessionKey: 'k' });
      expect(repository.keepUserHandle).toHaveBeenCalledWith(11, expect.stringMatching(/^[\w-]{43}$/));
      expect(first.user.id).toBe(accounts.get(11)?.passkeyUserHandle);
    });

    it('refuses a guest (403), an account nobody has (404), a password session beside a held second factor (403) and a full account (409)', async () => {
      expect(await refusal((await build({ users: [userOf({ role: 'guest' })] })).service.registrationOptions({ userId: 11, sessionKey: 'k' }))).toMatchObject({
        status: 403,
        messageCode: { code: 'passkey_guests_cannot' },
      });
      expect(await refusal((await build()).service.registrationOptions({ userId: 12, sessionKey: 'k' }))).toMatchObject({ status: 404, messageCode: { code: 'user_not_found' } });
      const withTwoStep = await build({ users: [userOf({ twoStepEnabledAt: new Date() })], passkeys: [] });
      expect(await refusal(withTwoStep.service.registrationOptions({ userId: 11, sessionKey: 'k' }))).toMatchObject({ status: 403, messageCode: { code: 'second_factor_adding_needs_one' } });
      const full = Array.from({ length: PASSKEYS_PER_ACCOUNT_MAX }, (_, i) => passkeyOf({ id: i + 1, credentialId: `cred-${i + 1}` }));
      expect(await refusal((await build({ passkeys: full, signedInWith: 'passkey' })).service.registrationOptions({ userId: 11, sessionKey: 'k' }))).toMatchObject({
        status: 409,
        messageCode: { code: 'passkey_too_many', params: { max: PASSKEYS_PER_ACCOUNT_MAX } },
      });
    });

    it("stores a verified passkey with its trimmed name and transports, spends the challenge and tells the gateways", async () => {
      const { service, repository, kept, people } = await build();
      const { challenge } = await service.registrationOptions({ userId: 11, sessionKey: 'k' });
      registered();
      expect(await service.register({ userId: 11, sessionKey: 'k', name: '  Phone  ', response: registration() })).toMatchObject({ name: 'Phone', transports: ['hybrid'], lastUsedAt: null });
      expect(verifyRegistration).toHaveBeenCalledWith(expect.objectContaining({ expectedChallenge: challenge, expectedRPID: 'chat.example.com', expectedOrigin: ['https://chat.example.com'], requireUserVerification: true }));
      expect(repository.add).toHaveBeenCalledWith(expect.objectContaining({ userId: 11, credentialId: 'cred-new', counter: 0, name: 'Phone' }), expect.any(Function));
      expect(kept.size).toBe(0);
      expect(people.publishChanged).toHaveBeenCalledTimes(1);
    });

    it('refuses an answer without its challenge (400, expired) and one @simplewebauthn does not verify', async () => {
      const { service, repository } = await build();
      expect(await refusal(service.register({ userId: 11, sessionKey: 'k', name: 'Phone', response: registration() }))).toMatchObject({ status: 400, fieldCodes: { response: [{ code: 'passkey_expired' }] } });
      await service.registrationOptions({ userId: 11, sessionKey: 'k' });
      verifyRegistration.mockRejectedValueOnce(new Error('Unexpected registration response origin'));
      expect(await refusal(service.register({ userId: 11, sessionKey: 'k', name: 'Phone', response: registration() }))).toMatchObject({ status: 400, fieldCodes: { response: [{ code: 'passkey_not_verified' }] } });
      expect(await refusal(service.register({ userId: 11, sessionKey: 'k', name: 'Phone', response: registration() }))).toMatchObject({ fieldCodes: { response: [{ code: 'passkey_expired' }] } });
      expect(repository.add).not.toHaveBeenCalled();
    });

    it('asks the cap and the second factor again on the locked account, and refuses a credential registered already (409)', async () => {
      const { service, stored, people } = await build();
      await service.registrationOptions({ userId: 11, sessionKey: 'k' });
      for (let i = stored.length; i < PASSKEYS_PER_ACCOUNT_MAX; i++) stored.push(passkeyOf({ id: 50 + i, credentialId: `other-${i}` }));
      registered();
      expect(await refusal(service.register({ userId: 11, sessionKey: 'k', name: 'Phone', response: registration() }))).toMatchObject({ status: 409, messageCode: { code: 'passkey_too_many' } });

      const again = await build({ passkeys: [] });
      await again.service.registrationOptions({ userId: 11, sessionKey: 'k' });
      again.accounts.get(11)!.twoStepEnabledAt = new Date();
      registered();
      expect(await refusal(again.service.register({ userId: 11, sessionKey: 'k', name: 'Phone', response: registration() }))).toMatchObject({ status: 403, messageCode: { code: 'second_factor_adding_needs_one' } });

      const taken = await build();
      await taken.service.registrationOptions({ userId: 11, sessionKey: 'k' });
      registered('cred-5');
      expect(await refusal(taken.service.register({ userId: 11, sessionKey: 'k', name: 'Phone', response: registration('cred-5') }))).toMatchObject({ status: 409, messageCode: { code: 'passkey_already_registered' } });
      expect(people.publishChanged).not.toHaveBeenCalled();
    });
  });

  describe('renaming and removing', () => {
    it("renames one's own passkey, trimmed; 404 for one nobody has, 403 for another's", async () => {
      const { service, repository } = await build({ passkeys: [passkeyOf(), passkeyOf({ id: 6, userId: 12, credentialId: 'cred-6' })] });
      expect(await service.rename({ userId: 11, passkeyId: 5, name: ' Work laptop ' })).toMatchObject({ id: 5, name: 'Work laptop' });
      expect(repository.rename).toHaveBeenCalledWith(5, 'Work laptop');
      expect(await refusal(service.rename({ userId: 11, passkeyId: 9, name: 'x' }))).toMatchObject({ status: 404, messageCode: { code: 'passkey_not_found' } });
      expect(await refusal(service.rename({ userId: 11, passkeyId: 6, name: 'x' }))).toMatchObject({ status: 403, messageCode: { code: 'passkey_not_yours' } });
      expect(await refusal(service.remove({ userId: 11, passkeyId: 6, sessionKey: 'k' }))).toMatchObject({ status: 403 });
      expect(repository.remove).not.toHaveBeenCalled();
    });

    it('removes a passkey while another way in and another second factor remain, and tells the gateways', async () => {
      const { service, stored, people } = await build({ passkeys: [passkeyOf(), passkeyOf({ id: 6, credentialId: 'cred-6' })] });
      expect(await service.remove({ userId: 11, passkeyId: 5, sessionKey: 'k' })).toEqual({ ok: true });
      expect(stored.map((p) => p.id)).toEqual([6]);
      expect(people.publishChanged).toHaveBeenCalledTimes(1);
    });

    it('never removes the last way in (409): no password, no provider, no other passkey', async () => {
      const { service, stored } = await build({ users: [userOf({ passwordHash: null })], signedInWith: 'passkey' });
      expect(await refusal(service.remove({ userId: 11, passkeyId: 5, sessionKey: 'k' }))).toMatchObject({ status: 409, messageCode: { code: 'passkey_last_way_in' } });
      expect(stored).toHaveLength(1);
      const withProvider = await build({ users: [userOf({ passwordHash: null })], signedInWith: 'passkey', providers: 1 });
      await expect(withProvider.service.remove({ userId: 11, passkeyId: 5, sessionKey: 'k' })).resolves.toEqual({ ok: true });
    });

    it('keeps the last second factor from a session opened with the password alone (403), not from a passkey session or beside two-step', async () => {
      const { service, stored } = await build();
      expect(await refusal(service.remove({ userId: 11, passkeyId: 5, sessionKey: 'k' }))).toMatchObject({ status: 403, messageCode: { code: 'passkey_last_second_factor' } });
      expect(stored).toHaveLength(1);
      await expect((await build({ signedInWith: 'passkey' })).service.remove({ userId: 11, passkeyId: 5, sessionKey: 'k' })).resolves.toEqual({ ok: true });
      await expect((await build({ users: [userOf({ twoStepEnabledAt: new Date() })] })).service.remove({ userId: 11, passkeyId: 5, sessionKey: 'k' })).resolves.toEqual({ ok: true });
    });
  });

  describe('signing in', () => {
    const start = async (built: Awaited<ReturnType<typeof build>>, login?: string) => (await built.service.signInOptions({ client, login })).attempt;

    it('gives the same options for any login, limited per address (429)', async () => {
      const built = await build();
      const answers = [];
      for (let i = 0; i < env.PASSKEY_SIGN_INS_PER_ADDRESS_PER_MINUTE; i++) answers.push(await built.service.signInOptions({ client, login: i % 2 ? 'nobody' : 'mira' }));
      expect(answers.every((a) => a.options.allowCredentials === undefined)).toBe(true);
      expect(new Set(answers.map((a) => a.attempt)).size).toBe(answers.length);
      expect(built.repository.findByCredential).not.toHaveBeenCalled();
      expect(await refusal(built.service.signInOptions({ client }))).toMatchObject({ status: 429, messageCode: { code: 'passkey_too_many_sign_ins' } });
    });

    it('signs in the owner of a passkey whose counter grew, once per attempt', async () => {
      const built = await build();
      const attempt = await start(built, ' Mira@Example.com ');
      asserted(4);
      expect(await built.service.signIn({ attempt, response: assertion('cred-5', HANDLE), client })).toMatchObject({ id: 11 });
      expect(built.stored[0].counter).toBe(4);
      expect(built.repository.takeCounter).toHaveBeenCalledWith(5, 4, expect.any(Date));
      expect(built.limiter.recordSuccess).toHaveBeenCalledWith(attemptSubject('', 11), client.ip);
      expect(await refusal(built.service.signIn({ attempt, response: assertion(), client }))).toMatchObject({ status: 400, fieldCodes: { attempt: [{ code: 'passkey_expired' }] } });
    });

    it('counts an unknown passkey toward the lockout on its own', async () => {
      const built = await build();
      const attempt = await start(built);
      expect(await refusal(built.service.signIn({ attempt, response: assertion('cred-x'), client }))).toMatchObject({ status: 400, fieldCodes: { response: [{ code: 'passkey_unknown' }] } });
      expect(built.limiter.recordFailure).toHaveBeenCalledWith(attemptSubject('passkey:cred-x', null), client.ip);
    });

    it("refuses another account's passkey than the login typed, a foreign user handle, a bad signature and a counter that did not grow, each counted", async () => {
      const other = await build();
      expect(await refusal(other.service.signIn({ attempt: await start(other, 'omar'), response: assertion(), client }))).toMatchObject({ fieldCodes: { response: [{ code: 'passkey_other_account' }] } });
      expect(await refusal(other.service.signIn({ attempt: await start(other), response: assertion('cred-5', OTHER_HANDLE), client }))).toMatchObject({ fieldCodes: { response: [{ code: 'passkey_not_verified' }] } });
      verifyAuthentication.mockRejectedValueOnce(new Error('Signature verification failed'));
      expect(await refusal(other.service.signIn({ attempt: await start(other), response: assertion(), client }))).toMatchObject({ fieldCodes: { response: [{ code: 'passkey_not_verified' }] } });
      asserted(3);
      expect(await refusal(other.service.signIn({ attempt: await start(other), response: assertion(), client }))).toMatchObject({ fieldCodes: { response: [{ code: 'passkey_not_verified' }] } });
      expect(other.limiter.recordFailure).toHaveBeenCalledTimes(4);
      expect(other.limiter.recordSuccess).not.toHaveBeenCalled();
    });

    it('stops at the lockout before checking the answer', async () => {
      const built = await build();
      const attempt = await start(built);
      built.limiter.assertAllowed.mockRejectedValueOnce(new Error('locked out'));
      await expect(built.service.signIn({ attempt, response: assertion(), client })).rejects.toThrow('locked out');
      expect(verifyAuthentication).not.toHaveBeenCalled();
    });

    it('takes the answer of an authenticator that keeps no counter only while the stored one is 0', async () => {
      const built = await build({ passkeys: [passkeyOf({ counter: 0 })] });
      asserted(0);
      await expect(built.service.signIn({ attempt: await start(built), response: assertion(), client })).resolves.toMatchObject({ id: 11 });
    });
  });

  describe('confirming who it is', () => {
    it("allows only the account's passkeys, user-verifying; 409 for an account without one", async () => {
      const built = await build({ passkeys: [passkeyOf(), passkeyOf({ id: 6, userId: 12, credentialId: 'cred-6' })] });
      const options = await built.service.confirmationOptions({ userId: 11, sessionKey: 'k' });
      expect(options.allowCredentials).toEqual([{ id: 'cred-5', type: 'public-key', transports: ['internal'] }]);
      expect(options.userVerification).toBe('required');
      expect(built.kept.get('passkey-confirmation:11:k')).toBe(options.challenge);
      expect(await refusal((await build({ passkeys: [] })).service.confirmationOptions({ userId: 11, sessionKey: 'k' }))).toMatchObject({ status: 409, messageCode: { code: 'passkey_none_to_confirm' } });
    });

    it("takes this session's challenge once; another account's passkey is a 403 counted toward the lockout", async () => {
      const built = await build({ passkeys: [passkeyOf(), passkeyOf({ id: 6, userId: 12, credentialId: 'cred-6' })] });
      const mira = built.accounts.get(11) as User;
      await built.service.confirmationOptions({ userId: 11, sessionKey: 'k' });
      expect(await refusal(built.service.confirm(mira, 'k', assertion('cred-6'), client.ip))).toMatchObject({ status: 403, fieldCodes: { passkey: [{ code: 'passkey_confirmation_refused' }] } });
      expect(built.limiter.recordFailure).toHaveBeenCalledTimes(1);
      expect(await refusal(built.service.confirm(mira, 'k', assertion(), client.ip))).toMatchObject({ status: 400, fieldCodes: { passkey: [{ code: 'passkey_expired' }] } });
      await built.service.confirmationOptions({ userId: 11, sessionKey: 'k' });
      asserted(9);
      await expect(built.service.confirm(mira, 'k', assertion(), client.ip)).resolves.toBeUndefined();
    });
  });
});

describe('PasskeysRepository', () => {
  it("recounts the account's passkeys in the transaction that added one", async () => {
    const { em, statements } = statementLog();
    const tx = Object.assign(em, {
      findOneOrFail: jest.fn(async () => userOf()),
      count: jest.fn(async () => 1),
      persist: jest.fn(() => ({ flush: async () => undefined })),
    });
    const check = jest.fn(async () => undefined);
    const made = await new PasskeysRepository(tx as unknown as EntityManager).add(
      { userId: 11, credentialId: 'cred-new', publicKey: Buffer.from('key'), counter: 0, transports: [], name: 'Phone' },
      check,
    );
    expect(made).toMatchObject({ userId: 11, credentialId: 'cred-new' });
    expect(check).toHaveBeenCalledWith(expect.objectContaining({ id: 11 }), 1);
    expect(statements).toEqual([{ sql: 'update users set passkey_count = (select count(*) from passkeys where user_id = ?) where id = ?', params: [11, 11] }]);
  });
});
