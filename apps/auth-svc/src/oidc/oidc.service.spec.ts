import { Logger } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { ErrorCode, OIDC_SIGN_UP_TTL_SECONDS, OIDC_STATE_TTL_SECONDS, OidcErrorCode, fieldMessage, type UserRole } from '@app/contracts';
import { REDIS } from '@app/server';
import * as oidc from 'openid-client';
import { AuthEnv } from '../config/auth-env';
import { SanctionsService } from '../sanctions/sanctions.service';
import { SessionStore } from '../sessions/session.store';
import { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { OidcIdentity } from './oidc-identity.entity';
import { OidcRepository, type LinkOutcome, type WaysLeft } from './oidc.repository';
import { OidcService } from './oidc.service';
import { fn, refusal, type Fake } from '@app/testing/fakes';

// Sign-in with a provider: what an answer signs in, links or starts, and the refusals on the way,
// over typed fakes of the identities' repository, Redis, the accounts, sanctions and sessions.
// openid-client's checks (the id token's signature, issuer, nonce, PKCE) answer here as told; a
// real provider and the unique keys run in tests/api/oidc.int-spec.ts.

jest.mock('openid-client', () => ({
  ...jest.requireActual<object>('openid-client'),
  discovery: jest.fn(),
  authorizationCodeGrant: jest.fn(),
}));
const discovery = jest.mocked(oidc.discovery);
const codeGrant = jest.mocked(oidc.authorizationCodeGrant);

const env = { OIDC_PROVIDERS: 'google', OIDC_GOOGLE_ISSUER: 'https://accounts.example.com', OIDC_GOOGLE_CLIENT_ID: 'client', OIDC_GOOGLE_CLIENT_SECRET: 'secret' };
const BROWSER = 'a'.repeat(64);
const REDIRECT = 'https://chat.example.com/api/auth/oidc/google/callback';
const configuration = new oidc.Configuration(
  { issuer: 'https://accounts.example.com', authorization_endpoint: 'https://accounts.example.com/authorize', token_endpoint: 'https://accounts.example.com/token' },
  'client',
  'secret',
);

const userOf = (fields: Partial<User> = {}) =>
  Object.assign(new User(), { id: 11, username: 'mira', email: 'mira@example.com', isVerified: true, role: 'user' as UserRole, passwordHash: 'hash', ...fields });
const identityOf = (fields: Partial<OidcIdentity> = {}) =>
  Object.assign(new OidcIdentity(), { id: 7, userId: 11, provider: 'google', subject: 'sub-mira', email: 'mira@example.com', createdAt: new Date('2026-11-01T00:00:00Z'), ...fields });

/** The id token's claims the provider answers with. */
const answers = (claims: Record<string, unknown>) => codeGrant.mockResolvedValueOnce({ claims: () => claims } as never);

async function build({ users = [userOf()], identities = [] as OidcIdentity[], link = 'linked' as LinkOutcome, passkeys = 0 } = {}) {
  const accounts = new Map(users.map((user) => [user.id, user]));
  const linked = [...identities];
  const repository = {
    findUser: fn(async (...[id]: [number]) => accounts.get(id) ?? null),
    findUserByEmail: fn(async (...[email]: [string]) => [...accounts.values()].find((user) => user.email === email) ?? null),
    hasLinked: fn(async (...[userId, provider]: [number, string]) => linked.some((i) => i.userId === userId && i.provider === provider)),
    findIdentity: fn(async (...[provider, subject]: [string, string]) => linked.find((i) => i.provider === provider && i.subject === subject) ?? null),
    findIdentityById: fn(async (...[id]: [number]) => linked.find((i) => i.id === id) ?? null),
    identitiesOf: fn(async (...[userId]: [number]) => linked.filter((i) => i.userId === userId)),
    touch: fn(async () => undefined),
    link: fn(async (...[identity]: [Pick<OidcIdentity, 'userId' | 'provider' | 'subject' | 'email' | 'lastUsedAt'>]) => {
      if (link === 'linked') linked.push(identityOf({ ...identity, id: 100 + linked.length }));
      return link;
    }),
    deleteUser: fn(async (...[id]: [number]) => void accounts.delete(id)),
    unlink: fn(async (...[userId, identityId, check]: [number, number, (ways: WaysLeft) => void]) => {
      check({ user: accounts.get(userId) as User, otherIdentities: linked.filter((i) => i.userId === userId && i.id !== identityId).length, passkeys });
      linked.splice(linked.findIndex((i) => i.id === identityId), 1);
    }),
  } satisfies Fake<OidcRepository>;
  const kept = new Map<string, { value: string; ttl: number }>();
  const redis = {
    set: jest.fn(async (key: string, value: string, _ex: string, ttl: number, nx?: string) => {
      if (nx && kept.has(key)) return null;
      kept.set(key, { value, ttl });
      return 'OK';
    }),
    getdel: jest.fn(async (key: string) => {
      const held = kept.get(key);
      kept.delete(key);
      return held?.value ?? null;
    }),
    exists: jest.fn(async (key: string) => Number(kept.has(key))),
    ttl: jest.fn(async (key: string) => kept.get(key)?.ttl ?? -2),
  };
  let nextId = 20;
  const people = {
    usernameRefusal: fn(async (...[name]: [string]) => (name === 'omar' ? fieldMessage('username_taken') : name === 'x' ? fieldMessage('username_too_short', { min: 3 }) : null)),
    create: fn(async (...[data]: Parameters<UsersService['create']>) => {
      const user = userOf({ ...data, id: nextId++, isVerified: false });
      accounts.set(user.id, user);
      return { user, addressHolder: null };
    }),
    markEmailVerified: fn(async () => null),
  } satisfies Fake<UsersService>;
  const sanctions = { assertMaySignIn: fn(async () => undefined), bannedHolderOf: fn(async () => null) } satisfies Fake<SanctionsService>;
  const sessions = { getByHash: fn(async () => null) } satisfies Fake<SessionStore>;
  const module = await Test.createTestingModule({
    providers: [
      OidcService,
      { provide: OidcRepository, useValue: repository },
      { provide: REDIS, useValue: redis },
      { provide: AuthEnv, useValue: env },
      { provide: UsersService, useValue: people },
      { provide: SanctionsService, useValue: sanctions },
      { provide: SessionStore, useValue: sessions },
    ],
  }).compile();
  return { service: module.get(OidcService), repository, kept, redis, people, sanctions, sessions, linked, accounts };
}

type Built = Awaited<ReturnType<typeof build>>;

/** Starts a sign-in (or a link, with `userId`) and answers the state the provider would send back. */
async function started(built: Built, fields: { userId?: number; rememberMe?: boolean } = {}) {
  const { url } = await built.service.start({ provider: 'google', redirectUri: REDIRECT, browser: BROWSER, ...fields });
  return new URL(url).searchParams.get('state') as string;
}
const callback = (state: string, extra = 'code=abc') => ({ provider: 'google', callbackUrl: `${REDIRECT}?state=${state}&${extra}`, browser: BROWSER, client: { ip: '203.0.113.9' } });

beforeEach(() => {
  discovery.mockReset().mockResolvedValue(configuration);
  codeGrant.mockReset();
});

describe('OidcService', () => {
  it('lists the configured providers by id and name', async () => {
    expect((await build()).service.list()).toEqual([{ id: 'google', name: 'Google' }]);
  });

  describe('starting', () => {
    it("sends the browser to the provider with PKCE (S256), a state and a nonce, kept for the browser that asked", async () => {
      const built = await build();
      const { url } = await built.service.start({ provider: 'google', redirectUri: REDIRECT, browser: BROWSER, rememberMe: true });
      const asked = new URL(url);
      expect(asked.origin + asked.pathname).toBe('https://accounts.example.com/authorize');
      expect(Object.fromEntries(asked.searchParams)).toMatchObject({ redirect_uri: REDIRECT, scope: 'openid email profile', response_type: 'code', code_challenge_method: 'S256' });
      const [[, held]] = [...built.kept.entries()];
      expect(held.ttl).toBe(OIDC_STATE_TTL_SECONDS);
      expect(JSON.parse(held.value)).toMatchObject({ provider: 'google', browser: BROWSER, redirectUri: REDIRECT, rememberMe: true, userId: null, nonce: asked.searchParams.get('nonce') });
    });

    it("keeps the session's Remember me for a sign-in again from Settings", async () => {
      const built = await build();
      built.sessions.getByHash.mockResolvedValueOnce({ rememberMe: true } as never);
      await built.service.start({ provider: 'google', redirectUri: REDIRECT, browser: BROWSER, sessionKey: 'k', returnTo: 'settings' });
      expect(JSON.parse([...built.kept.values()][0].value)).toMatchObject({ rememberMe: true, returnTo: 'settings' });
    });

    it('refuses a provider not configured (404), and linking for nobody (404), a guest (403) or a provider linked already (409)', async () => {
      const built = await build({ users: [userOf(), userOf({ id: 12, role: 'guest' })], identities: [identityOf()] });
      expect(await refusal(built.service.start({ provider: 'github', redirectUri: REDIRECT, browser: BROWSER }))).toMatchObject({ status: 404, messageCode: { code: 'provider_unknown' } });
      expect(await refusal(built.service.start({ provider: 'google', redirectUri: REDIRECT, browser: BROWSER, userId: 13 }))).toMatchObject({ status: 404 });
      expect(await refusal(built.service.start({ provider: 'google', redirectUri: REDIRECT, browser: BROWSER, userId: 12 }))).toMatchObject({ status: 403, messageCode: { code: 'provider_guests_cannot' } });
      expect(await refusal(built.service.start({ provider: 'google', redirectUri: REDIRECT, browser: BROWSER, userId: 11 }))).toMatchObject({ status: 409, messageCode: { code: 'provider_already_linked' } });
      expect(built.kept.size).toBe(0);
    });

    it('answers 503 while the discovery document cannot be read, and reads it again next time', async () => {
      const built = await build();
      const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
      discovery.mockRejectedValueOnce(new Error('ECONNREFUSED'));
      expect(await refusal(built.service.start({ provider: 'google', redirectUri: REDIRECT, browser: BROWSER }))).toMatchObject({ status: 503 });
      logged.mockRestore();
      await expect(built.service.start({ provider: 'google', redirectUri: REDIRECT, browser: BROWSER })).resolves.toHaveProperty('url');
      await built.service.start({ provider: 'google', redirectUri: REDIRECT, browser: BROWSER });
      expect(discovery).toHaveBeenCalledTimes(2);
    });
  });

  describe("the provider's answer", () => {
    it('signs in the account the identity is linked to, noting the use, and spends the state', async () => {
      const built = await build({ identities: [identityOf()] });
      const state = await started(built, { rememberMe: true });
      answers({ sub: 'sub-mira', email: ' Mira@Example.com ', email_verified: true });
      expect(await built.service.resolve(callback(state))).toMatchObject({ kind: 'account', user: { id: 11 }, rememberMe: true });
      expect(codeGrant).toHaveBeenCalledWith(configuration, expect.any(URL), expect.objectContaining({ expectedState: state, idTokenExpected: true }));
      expect(built.repository.touch).toHaveBeenCalledWith(7, expect.any(Date), 'mira@example.com');
      expect(await refusal(built.service.resolve(callback(state)))).toMatchObject({ status: 400, code: OidcErrorCode.Expired });
    });

    it('refuses an unknown state, another browser or another provider\'s route as expired, spending the state', async () => {
      const built = await build();
      expect(await refusal(built.service.resolve(callback('forged')))).toMatchObject({ status: 400, code: OidcErrorCode.Expired });
      const state = await started(built);
      expect(await refusal(built.service.resolve({ ...callback(state), browser: 'b'.repeat(64) }))).toMatchObject({ code: OidcErrorCode.Expired });
      expect(built.kept.size).toBe(0);
      expect(codeGrant).not.toHaveBeenCalled();
    });

    it('says when the person said no at the provider, and when the provider did not confirm who they are', async () => {
      const built = await build();
      expect(await refusal(built.service.resolve(callback(await started(built), 'error=access_denied')))).toMatchObject({ status: 400, code: OidcErrorCode.Cancelled });
      const logged = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
      codeGrant.mockRejectedValueOnce(new Error('unexpected JWT "nonce" claim value'));
      expect(await refusal(built.service.resolve(callback(await started(built))))).toMatchObject({ status: 400, code: OidcErrorCode.Failed });
      logged.mockRestore();
      answers({ email: 'mira@example.com' });
      expect(await refusal(built.service.resolve(callback(await started(built))))).toMatchObject({ code: OidcErrorCode.Failed });
    });

    it('refuses an identity whose account is gone as expired', async () => {
      const built = await build({ users: [], identities: [identityOf()] });
      answers({ sub: 'sub-mira' });
      expect(await refusal(built.service.resolve(callback(await started(built))))).toMatchObject({ code: OidcErrorCode.Expired });
    });

    it('links a new identity to the account whose address both sides verified, unless a sanction refuses it', async () => {
      const built = await build();
      answers({ sub: 'sub-new', email: 'mira@example.com', email_verified: true });
      expect(await built.service.resolve(callback(await started(built)))).toMatchObject({ kind: 'account', user: { id: 11 } });
      expect(built.sanctions.assertMaySignIn).toHaveBeenCalledWith(11);
      expect(built.repository.link).toHaveBeenCalledWith(expect.objectContaining({ userId: 11, provider: 'google', subject: 'sub-new', email: 'mira@example.com' }));

      const banned = await build();
      banned.sanctions.assertMaySignIn.mockRejectedValueOnce(new Error('banned'));
      answers({ sub: 'sub-new', email: 'mira@example.com', email_verified: true });
      await expect(banned.service.resolve(callback(await started(banned)))).rejects.toThrow('banned');
      expect(banned.repository.link).not.toHaveBeenCalled();
    });

    it('starts a sign-up instead when either side did not verify the address, keeping only a verified one', async () => {
      const unverifiedHere = await build({ users: [userOf({ isVerified: false })] });
      answers({ sub: 'sub-new', email: 'mira@example.com', email_verified: true });
      const signUp = await unverifiedHere.service.resolve(callback(await started(unverifiedHere)));
      expect(signUp).toMatchObject({ kind: 'sign-up', expiresInSeconds: OIDC_SIGN_UP_TTL_SECONDS, provider: 'google' });
      expect(unverifiedHere.repository.link).not.toHaveBeenCalled();
      expect(JSON.parse([...unverifiedHere.kept.values()][0].value)).toEqual({ provider: 'google', subject: 'sub-new', email: 'mira@example.com', rememberMe: false });

      const unverifiedThere = await build();
      answers({ sub: 'sub-new', email: 'mira@example.com', email_verified: false });
      expect(await unverifiedThere.service.resolve(callback(await started(unverifiedThere)))).toMatchObject({ kind: 'sign-up' });
      expect(unverifiedThere.repository.link).not.toHaveBeenCalled();
      expect(JSON.parse([...unverifiedThere.kept.values()][0].value)).toMatchObject({ email: null });
    });

    it("refuses a banned account's verified address a new account (403)", async () => {
      const built = await build({ users: [] });
      built.sanctions.bannedHolderOf.mockResolvedValueOnce({ id: 11, username: 'mira', language: 'en' });
      answers({ sub: 'sub-new', email: 'mira@example.com', email_verified: true });
      expect(await refusal(built.service.resolve(callback(await started(built))))).toMatchObject({ status: 403, code: OidcErrorCode.Refused });
      expect(built.kept.size).toBe(0);
    });

    it('links the identity for a member who asked; a sign-in with it then signs them in', async () => {
      const built = await build();
      answers({ sub: 'sub-new' });
      expect(await built.service.resolve(callback(await started(built, { userId: 11 })))).toEqual({ kind: 'linked', provider: 'google' });
      expect(await refusal(built.service.start({ provider: 'google', redirectUri: REDIRECT, browser: BROWSER, userId: 11 }))).toMatchObject({ status: 409 });
      answers({ sub: 'sub-new' });
      expect(await built.service.resolve(callback(await started(built)))).toMatchObject({ kind: 'account', user: { id: 11 } });
    });

    it("answers linked for an identity the member linked meanwhile, and refuses another account's (409)", async () => {
      const built = await build();
      const state = await started(built, { userId: 11 });
      built.linked.push(identityOf({ subject: 'sub-new' }));
      answers({ sub: 'sub-new' });
      expect(await built.service.resolve(callback(state))).toEqual({ kind: 'linked', provider: 'google' });
      expect(built.repository.link).not.toHaveBeenCalled();

      const other = await build({ identities: [identityOf({ userId: 12, subject: 'sub-omar' })] });
      answers({ sub: 'sub-omar' });
      expect(await refusal(other.service.resolve(callback(await started(other, { userId: 11 }))))).toMatchObject({ status: 409, code: OidcErrorCode.Taken });
      expect(other.repository.link).not.toHaveBeenCalled();
    });

    it('refuses a link that lost a race to either unique key', async () => {
      const sameProvider = await build({ link: 'provider-linked-already' });
      answers({ sub: 'sub-new' });
      expect(await refusal(sameProvider.service.resolve(callback(await started(sameProvider, { userId: 11 }))))).toMatchObject({ status: 409, messageCode: { code: 'provider_already_linked' } });
      const taken = await build({ link: 'identity-taken' });
      answers({ sub: 'sub-new' });
      expect(await refusal(taken.service.resolve(callback(await started(taken, { userId: 11 }))))).toMatchObject({ status: 409, code: OidcErrorCode.Taken });
    });
  });

  describe('choosing a username', () => {
    async function signedUp(built: Built, email: string | null = 'new@example.com') {
      answers({ sub: 'sub-new', ...(email ? { email, email_verified: true } : {}) });
      const outcome = await built.service.resolve(callback(await started(built)));
      if (outcome.kind !== 'sign-up') throw new Error(`no sign-up: ${outcome.kind}`);
      return outcome.token;
    }

    it('makes the account with the verified address, links the identity and spends the token', async () => {
      const built = await build();
      const token = await signedUp(built);
      const { user } = await built.service.createAccount({ token, username: 'nadia', client: { ip: '203.0.113.9' } });
      expect(built.people.create).toHaveBeenCalledWith(expect.objectContaining({ username: 'nadia', email: 'new@example.com', passwordHash: null, role: 'user' }));
      expect(built.repository.link).toHaveBeenCalledWith(expect.objectContaining({ userId: user.id, subject: 'sub-new' }));
      expect(built.people.markEmailVerified).toHaveBeenCalledWith(user.id);
      expect(await refusal(built.service.createAccount({ token, username: 'nadia2', client: { ip: '203.0.113.9' } }))).toMatchObject({ status: 400, fieldCodes: { token: [{ code: 'provider_token_expired' }] } });
    });

    it('leaves out an address another account took meanwhile', async () => {
      const built = await build();
      const token = await signedUp(built, 'late@example.com');
      built.accounts.set(12, userOf({ id: 12, username: 'omar', email: 'late@example.com' }));
      await built.service.createAccount({ token, username: 'nadia', client: { ip: '203.0.113.9' } });
      expect(built.people.create).toHaveBeenCalledWith(expect.objectContaining({ email: null }));
      expect(built.people.markEmailVerified).not.toHaveBeenCalled();
    });

    it('refuses a bad name (400) or a taken one (409) keeping the token for another', async () => {
      const built = await build();
      const token = await signedUp(built);
      expect(await refusal(built.service.createAccount({ token, username: 'x', client: { ip: '203.0.113.9' } }))).toMatchObject({ status: 400, fieldCodes: { username: [{ code: 'username_too_short' }] } });
      expect(await refusal(built.service.createAccount({ token, username: 'omar', client: { ip: '203.0.113.9' } }))).toMatchObject({ status: 409, code: ErrorCode.Conflict, fieldCodes: { username: [{ code: 'username_taken' }] } });
      await expect(built.service.createAccount({ token, username: 'nadia', client: { ip: '203.0.113.9' } })).resolves.toHaveProperty('user');
    });

    it('gives the token back for the time it had left when the name was taken meanwhile', async () => {
      const built = await build();
      const token = await signedUp(built);
      built.people.create.mockRejectedValueOnce(new Error('username taken meanwhile'));
      await expect(built.service.createAccount({ token, username: 'nadia', client: { ip: '203.0.113.9' } })).rejects.toThrow('taken meanwhile');
      expect([...built.kept.values()]).toEqual([expect.objectContaining({ ttl: OIDC_SIGN_UP_TTL_SECONDS })]);
    });

    it('refuses an identity linked since (409), and deletes the account when the identity is linked in the meantime', async () => {
      const built = await build();
      const token = await signedUp(built);
      built.linked.push(identityOf({ userId: 12, subject: 'sub-new' }));
      expect(await refusal(built.service.createAccount({ token, username: 'nadia', client: { ip: '203.0.113.9' } }))).toMatchObject({ status: 409, code: OidcErrorCode.Taken });
      expect(built.people.create).not.toHaveBeenCalled();

      const racing = await build({ link: 'identity-taken' });
      const second = await signedUp(racing);
      expect(await refusal(racing.service.createAccount({ token: second, username: 'nadia', client: { ip: '203.0.113.9' } }))).toMatchObject({ code: OidcErrorCode.Taken });
      const made = racing.people.create.mock.results[0].value as Promise<{ user: User }>;
      expect(racing.repository.deleteUser).toHaveBeenCalledWith((await made).user.id);
    });
  });

  describe('linked providers', () => {
    it('lists them with the provider\'s name', async () => {
      const built = await build({ identities: [identityOf({ lastUsedAt: new Date('2026-11-02T00:00:00Z') })] });
      expect(await built.service.identities(11)).toEqual([
        { id: 7, provider: 'google', providerName: 'Google', email: 'mira@example.com', linkedAt: '2026-11-01T00:00:00.000Z', lastUsedAt: '2026-11-02T00:00:00.000Z' },
      ]);
    });

    it("unlinks one's own; 404 for one nobody has, 403 for another's", async () => {
      const built = await build({ identities: [identityOf(), identityOf({ id: 8, userId: 12, subject: 'sub-omar' })] });
      expect(await refusal(built.service.unlink({ userId: 11, identityId: 9 }))).toMatchObject({ status: 404, messageCode: { code: 'provider_not_found' } });
      expect(await refusal(built.service.unlink({ userId: 11, identityId: 8 }))).toMatchObject({ status: 403, messageCode: { code: 'provider_not_yours' } });
      expect(await built.service.unlink({ userId: 11, identityId: 7 })).toEqual({ ok: true });
      expect(built.linked.map((i) => i.id)).toEqual([8]);
    });

    it('never unlinks the last way in (409): no password, no passkey, no other provider', async () => {
      const built = await build({ users: [userOf({ passwordHash: null })], identities: [identityOf()] });
      expect(await refusal(built.service.unlink({ userId: 11, identityId: 7 }))).toMatchObject({ status: 409, messageCode: { code: 'provider_last_way_in' } });
      expect(built.linked).toHaveLength(1);
      await expect((await build({ users: [userOf({ passwordHash: null })], identities: [identityOf()], passkeys: 1 })).service.unlink({ userId: 11, identityId: 7 })).resolves.toEqual({ ok: true });
    });
  });
});
