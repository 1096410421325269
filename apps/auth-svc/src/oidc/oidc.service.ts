import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  DEFAULT_LANGUAGE,
  fieldMessage,
  OIDC_SIGN_UP_TTL_SECONDS,
  OIDC_STATE_TTL_SECONDS,
  OidcErrorCode,
  OidcMessages,
  type CompleteOidcSignUpRequestDto,
  type LinkedIdentityDto,
  type OidcCallbackRequestDto,
  type OidcProviderDto,
  type OidcReturnTo,
  type OidcStartDto,
  type StartOidcRequestDto,
  type UnlinkIdentityRequestDto,
} from '@app/contracts';
import { fieldRefused, REDIS, rpcError, RpcErrors } from '@app/server';
import type { Redis } from 'ioredis';
import { createHash, randomBytes } from 'node:crypto';
import * as oidc from 'openid-client';
import { SanctionsService } from '../sanctions/sanctions.service';
import { AuthEnv } from '../config/auth-env';
import { SessionStore } from '../sessions/session.store';
import type { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { oidcProvidersOf, type OidcProviderConfig } from './oidc-providers';
import { OidcRepository } from './oidc.repository';

/** A started sign-in waiting for the provider to send the browser back (kept by its state). */
interface PendingAuthorization {
  provider: string;
  codeVerifier: string;
  nonce: string;
  /** The SHA-256 of the starting browser's cookie: the answer must come back to that browser. */
  browser: string;
  redirectUri: string;
  rememberMe: boolean;
  /** The member linking the provider; null for a sign-in. */
  userId: number | null;
  /** Where a sign-in lands (Settings, after "Sign in again"); the home page when absent. */
  returnTo?: OidcReturnTo;
}

/** A new identity waiting for its username (kept by its token). */
interface PendingSignUp {
  provider: string;
  subject: string;
  /** The provider's address when it said it verified it; null otherwise. */
  email: string | null;
  rememberMe: boolean;
}

/** What a provider's answer came to, before any session is opened. */
export type OidcResolution =
  | { kind: 'account'; user: User; rememberMe: boolean; returnTo?: OidcReturnTo }
  | { kind: 'sign-up'; token: string; expiresInSeconds: number; provider: string }
  | { kind: 'linked'; provider: string };

const digest = (value: string) => createHash('sha256').update(value).digest('hex');
const stateKey = (state: string) => `oidc-state:${digest(state)}`;
const signUpKey = (token: string) => `oidc-sign-up:${digest(token)}`;

const expired = () => rpcError(400, OidcErrorCode.Expired, OidcMessages.expired);
const failed = () => rpcError(400, OidcErrorCode.Failed, OidcMessages.failed);
const tokenExpired = () => fieldRefused('token', fieldMessage('provider_token_expired'));

/**
 * Sign-in with OpenID Connect providers through openid-client: the authorization code flow with
 * PKCE (S256), `state` and `nonce`. Each started sign-in keeps its verifier and nonce in Redis
 * under its state for a few minutes, tied to the browser that started it; the first answer takes
 * it out (GETDEL), so no state, code or id token serves twice. openid-client checks the id token
 * (signature against the provider's keys, issuer, audience, expiry, nonce) and the code exchange
 * proves the verifier.
 *
 * An answer signs in the account its identity is linked to; else the account whose address the
 * provider says it verified, when that account verified it here too (the identity is linked to
 * it); else the identity waits, server-side and single-use, for the person to choose a username.
 * An address the provider did not verify never links.
 */
@Injectable()
export class OidcService {
  private readonly logger = new Logger(OidcService.name);
  private readonly providers: Map<string, OidcProviderConfig>;
  /** Each provider's discovery document, fetched at its first use; fetched again after a failure. */
  private readonly configurations = new Map<string, Promise<oidc.Configuration>>();

  constructor(
    private readonly store: OidcRepository,
    @Inject(REDIS) private readonly redis: Redis,
    env: AuthEnv,
    private readonly users: UsersService,
    private readonly sanctions: SanctionsService,
    private readonly sessions: SessionStore,
  ) {
    this.providers = new Map(oidcProvidersOf(env).map((provider) => [provider.id, provider]));
  }

  list(): OidcProviderDto[] {
    return [...this.providers.values()].map(({ id, name }) => ({ id, name }));
  }

  /** Where to send the browser: the provider's authorization page with a fresh state, nonce and PKCE challenge. */
  async start(dto: StartOidcRequestDto): Promise<OidcStartDto> {
    const provider = this.provider(dto.provider);
    if (dto.userId !== undefined) {
      const user = await this.store.findUser(dto.userId);
      if (!user) throw RpcErrors.notFound(fieldMessage('user_not_found'));
      if (user.role === 'guest') throw RpcErrors.forbidden(fieldMessage('provider_guests_cannot'));
      if (await this.store.hasLinked(user.id, provider.id)) throw RpcErrors.conflict(fieldMessage('provider_already_linked'));
    }
    const config = await this.configuration(provider);
    // "Sign in again" (Settings) renews the browser's session and asks nothing of Remember me: the
    // new session keeps the choice the old one was opened with.
    const rememberMe = dto.rememberMe ?? (dto.sessionKey ? (await this.sessions.getByHash(dto.sessionKey))?.rememberMe === true : false);
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const pending: PendingAuthorization = {
      provider: provider.id,
      codeVerifier,
      nonce,
      browser: dto.browser,
      redirectUri: dto.redirectUri,
      rememberMe,
      userId: dto.userId ?? null,
      ...(dto.returnTo ? { returnTo: dto.returnTo } : {}),
    };
    await this.redis.set(stateKey(state), JSON.stringify(pending), 'EX', OIDC_STATE_TTL_SECONDS);
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: dto.redirectUri,
      scope: 'openid email profile',
      response_type: 'code',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url: url.href };
  }

  /** The provider's answer: the state is spent whatever comes of it. */
  async resolve(dto: OidcCallbackRequestDto): Promise<OidcResolution> {
    const answer = new URL(dto.callbackUrl);
    const state = answer.searchParams.get('state');
    const raw = state ? await this.redis.getdel(stateKey(state)) : null;
    if (!raw || !state) throw expired();
    const pending = JSON.parse(raw) as PendingAuthorization;
    // Another provider's route, or another browser than the one that started: a forged or stolen answer.
    if (pending.provider !== dto.provider || pending.browser !== dto.browser) throw expired();
    const provider = this.provider(pending.provider);
    if (answer.searchParams.get('error') === 'access_denied') throw rpcError(400, OidcErrorCode.Cancelled, OidcMessages.cancelled);

    // The answer's parameters on the address the authorization was asked for.
    const currentUrl = new URL(pending.redirectUri);
    currentUrl.search = answer.search;
    let claims: oidc.IDToken | undefined;
    try {
      const tokens = await oidc.authorizationCodeGrant(await this.configuration(provider), currentUrl, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims();
    } catch (error) {
      this.logger.warn(`Sign-in with ${provider.id} refused: ${(error as Error).message}`);
      throw failed();
    }
    if (!claims?.sub) throw failed();
    const subject = claims.sub;
    const email = typeof claims.email === 'string' && claims.email.length <= 254 ? claims.email.trim().toLowerCase() : null;
    const verifiedEmail = claims.email_verified === true ? email : null;

    if (pending.userId !== null) return this.link(pending.userId, provider.id, subject, email);

    const linked = await this.store.findIdentity(provider.id, subject);
    if (linked) {
      const user = await this.store.findUser(linked.userId);
      if (!user) throw expired();
      await this.store.touch(linked.id, new Date(), email);
      return { kind: 'account', user, rememberMe: pending.rememberMe, returnTo: pending.returnTo };
    }

    if (verifiedEmail) {
      // Both sides must have verified the address: an account whose address was never proven here
      // may be someone else's sign-up with it, and must not be handed to the address's owner (nor
      // the other way round).
      const holder = await this.store.findUserByEmail(verifiedEmail);
      if (holder && holder.isVerified && holder.role !== 'guest') {
        // A banned or suspended account gets nothing linked.
        await this.sanctions.assertMaySignIn(holder.id);
        await this.insertIdentity(holder.id, provider.id, subject, email);
        return { kind: 'account', user: holder, rememberMe: pending.rememberMe, returnTo: pending.returnTo };
      }
      // A banned account's address does not start a new account either.
      if (await this.sanctions.bannedHolderOf(verifiedEmail)) throw rpcError(403, OidcErrorCode.Refused, OidcMessages.refused);
    }

    const token = randomBytes(32).toString('base64url');
    const signUp: PendingSignUp = { provider: provider.id, subject, email: verifiedEmail, rememberMe: pending.rememberMe };
    await this.redis.set(signUpKey(token), JSON.stringify(signUp), 'EX', OIDC_SIGN_UP_TTL_SECONDS);
    return { kind: 'sign-up', token, expiresInSeconds: OIDC_SIGN_UP_TTL_SECONDS, provider: provider.id };
  }

  /**
   * The account for a new identity, with the username chosen. The username is checked before the
   * token is spent, so a taken one can be changed; the token then serves once.
   */
  async createAccount(dto: CompleteOidcSignUpRequestDto): Promise<{ user: User; rememberMe: boolean }> {
    const key = signUpKey(dto.token);
    if (!(await this.redis.exists(key))) throw tokenExpired();
    const refusal = await this.users.usernameRefusal(dto.username);
    if (refusal) throw fieldRefused('username', refusal, refusal.code === 'username_taken' ? 409 : 400);
    const ttl = await this.redis.ttl(key);
    const raw = await this.redis.getdel(key);
    if (!raw) throw tokenExpired();
    const pending = JSON.parse(raw) as PendingSignUp;
    if (await this.store.findIdentity(pending.provider, pending.subject)) throw rpcError(409, OidcErrorCode.Taken, OidcMessages.taken);
    // The provider's verified address is the account's when no other account holds it; the account then starts verified.
    const email = pending.email && !(await this.store.findUserByEmail(pending.email)) ? pending.email : null;
    const { user } = await this.users
      .create({ username: dto.username, email, passwordHash: null, role: 'user', language: dto.language ?? DEFAULT_LANGUAGE })
      .catch(async (error: unknown) => {
        // The name was taken meanwhile: the token stays good for another, for the time it had left.
        if (ttl > 0) await this.redis.set(key, raw, 'EX', ttl, 'NX');
        throw error;
      });
    try {
      await this.insertIdentity(user.id, pending.provider, pending.subject, pending.email);
    } catch (error) {
      // The same identity finished a second sign-up meanwhile: this account is not kept.
      await this.store.deleteUser(user.id);
      throw error;
    }
    if (email) await this.users.markEmailVerified(user.id);
    return { user: (await this.store.findUser(user.id)) ?? user, rememberMe: pending.rememberMe };
  }

  async identities(userId: number): Promise<LinkedIdentityDto[]> {
    return (await this.store.identitiesOf(userId)).map((identity) => ({
      id: identity.id,
      provider: identity.provider,
      providerName: this.providers.get(identity.provider)?.name ?? identity.provider,
      email: identity.email,
      linkedAt: identity.createdAt.toISOString(),
      lastUsedAt: identity.lastUsedAt?.toISOString() ?? null,
    }));
  }

  /** Never the last way in: an account without a password or a passkey keeps its last provider. */
  async unlink(dto: UnlinkIdentityRequestDto): Promise<{ ok: true }> {
    const identity = await this.store.findIdentityById(dto.identityId);
    if (!identity) throw RpcErrors.notFound(fieldMessage('provider_not_found'));
    if (identity.userId !== dto.userId) throw RpcErrors.forbidden(fieldMessage('provider_not_yours'));
    // On the account's locked row, so removals racing (of a passkey or another provider) cannot each think the other remains.
    await this.store.unlink(dto.userId, identity.id, ({ user, otherIdentities, passkeys }) => {
      if (!user.passwordHash && passkeys === 0 && otherIdentities === 0) throw RpcErrors.conflict(fieldMessage('provider_last_way_in'));
    });
    return { ok: true };
  }

  private async link(userId: number, provider: string, subject: string, email: string | null): Promise<OidcResolution> {
    const holder = await this.store.findIdentity(provider, subject);
    if (holder && holder.userId !== userId) throw rpcError(409, OidcErrorCode.Taken, OidcMessages.taken);
    if (!holder) await this.insertIdentity(userId, provider, subject, email);
    return { kind: 'linked', provider };
  }

  private async insertIdentity(userId: number, provider: string, subject: string, email: string | null): Promise<void> {
    const outcome = await this.store.link({ userId, provider, subject, email, lastUsedAt: new Date() });
    // Linked meanwhile: this account linked another identity of the provider, or the identity went to another account.
    if (outcome === 'provider-linked-already') throw RpcErrors.conflict(fieldMessage('provider_already_linked'));
    if (outcome === 'identity-taken') throw rpcError(409, OidcErrorCode.Taken, OidcMessages.taken);
  }

  private provider(id: string): OidcProviderConfig {
    const provider = this.providers.get(id);
    if (!provider) throw RpcErrors.notFound(fieldMessage('provider_unknown'));
    return provider;
  }

  private configuration(provider: OidcProviderConfig): Promise<oidc.Configuration> {
    let config = this.configurations.get(provider.id);
    if (!config) {
      config = oidc
        .discovery(provider.issuer, provider.clientId, undefined, oidc.ClientSecretPost(provider.clientSecret), {
          ...(provider.allowHttp ? { execute: [oidc.allowInsecureRequests] } : {}),
        })
        .catch((error: unknown) => {
          this.configurations.delete(provider.id);
          this.logger.error(`The discovery document of ${provider.id} could not be read: ${(error as Error).message}`);
          throw RpcErrors.unavailable();
        });
      this.configurations.set(provider.id, config);
    }
    return config;
  }
}
