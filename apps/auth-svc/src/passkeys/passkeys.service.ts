import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  fieldMessage,
  openedWithSecondFactor,
  PASSKEY_CHALLENGE_TTL_SECONDS,
  PASSKEY_RP_NAME,
  PASSKEYS_PER_ACCOUNT_MAX,
  type AuthenticationCredentialDto,
  type PasskeyConfirmationOptionsRequestDto,
  type PasskeyDto,
  type PasskeyRegistrationOptionsRequestDto,
  type PasskeySignInChallengeDto,
  type PasskeySignInOptionsRequestDto,
  type PasskeySignInRequestDto,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegisterPasskeyRequestDto,
  type RemovePasskeyRequestDto,
  type RenamePasskeyRequestDto,
} from '@app/contracts';
import { fieldRefused, REDIS, RpcErrors } from '@app/server';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Redis } from 'ioredis';
import { createHash, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { attemptSubject, LoginLimiter } from '../accounts/login-limiter';
import { refusedFor } from '../common/refusal';
import { AuthEnv } from '../config/auth-env';
import { assertMayAddSecondFactor } from '../sessions/second-factor';
import { SessionStore } from '../sessions/session.store';
import type { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import type { Passkey } from './passkey.entity';
import { PasskeysRepository } from './passkeys.repository';
import { relyingParty, type RelyingParty } from './relying-party';

/** EdDSA, ES256, RS256: what authenticators make, ES256 the one every platform has. */
const ALGORITHMS = [-8, -7, -257];

/** A passkey sign-in that waits for the authenticator's answer. */
interface PendingSignIn {
  challenge: string;
  /** The email or username typed before, if any: the passkey must then be that account's. */
  login: string | null;
}

const registrationKey = (userId: number, sessionKey: string) => `passkey-registration:${userId}:${sessionKey}`;
const confirmationKey = (userId: number, sessionKey: string) => `passkey-confirmation:${userId}:${sessionKey}`;
const signInKey = (attempt: string) => `passkey-sign-in:${createHash('sha256').update(attempt).digest('hex')}`;

const notVerified = () => fieldRefused('response', fieldMessage('passkey_not_verified'));
const confirmationRefused = () => fieldRefused('passkey', fieldMessage('passkey_confirmation_refused'), 403);
const expired = (field: 'response' | 'attempt' | 'passkey') => fieldRefused(field, fieldMessage('passkey_expired'));

/**
 * Passkeys (WebAuthn, verified by @simplewebauthn/server): registration by a signed-in member,
 * renaming and removal, and sign-in without a password. Every challenge lives in Redis for a few
 * minutes and is taken out (GETDEL) by the first answer, so none serves twice: a registration's
 * is bound to the user and the session that asked, a sign-in's to its attempt. A passkey's
 * signature counter must grow with each use (an authenticator that keeps none answers 0), and the
 * new count is stored only if no other sign-in took it meanwhile. Failed sign-ins count toward
 * the sign-in lockout of the account from that address, as wrong passwords do.
 */
@Injectable()
export class PasskeysService {
  private readonly logger = new Logger(PasskeysService.name);
  private readonly rp: RelyingParty;
  /** Every started sign-in keeps a challenge until it expires, so starting one is bounded per address. */
  private readonly signInsByIp: RateLimiterRedis;

  constructor(
    private readonly passkeys: PasskeysRepository,
    @Inject(REDIS) private readonly redis: Redis,
    env: AuthEnv,
    private readonly users: UsersService,
    private readonly limiter: LoginLimiter,
    private readonly sessions: SessionStore,
  ) {
    this.rp = relyingParty(env);
    this.signInsByIp = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: 'passkey-sign-in-ip',
      points: env.PASSKEY_SIGN_INS_PER_ADDRESS_PER_MINUTE,
      duration: 60,
    });
  }

  async list(userId: number): Promise<PasskeyDto[]> {
    return (await this.passkeys.listOf(userId)).map(toPasskeyDto);
  }

  async registrationOptions(dto: PasskeyRegistrationOptionsRequestDto): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const user = await this.account(dto.userId);
    if (user.role === 'guest') throw RpcErrors.forbidden(fieldMessage('passkey_guests_cannot'));
    await assertMayAddSecondFactor(this.sessions, user, dto.sessionKey);
    const existing = await this.passkeys.listOf(user.id);
    if (existing.length >= PASSKEYS_PER_ACCOUNT_MAX) throw RpcErrors.conflict(fieldMessage('passkey_too_many', { max: PASSKEYS_PER_ACCOUNT_MAX }));
    const options = await generateRegistrationOptions({
      rpName: PASSKEY_RP_NAME,
      rpID: this.rp.rpId,
      userName: user.username,
      userDisplayName: user.username,
      userID: Buffer.from(await this.userHandle(user), 'base64url'),
      timeout: PASSKEY_CHALLENGE_TTL_SECONDS * 1000,
      attestationType: 'none',
      // The authenticators the person has already are not offered again.
      excludeCredentials: existing.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })),
      // Discoverable, so signing in needs no username; verified (PIN, fingerprint), so it is a factor of its own.
      authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
      supportedAlgorithmIDs: ALGORITHMS,
    });
    await this.redis.set(registrationKey(user.id, dto.sessionKey), options.challenge, 'EX', PASSKEY_CHALLENGE_TTL_SECONDS);
    return options;
  }

  async register(dto: RegisterPasskeyRequestDto): Promise<PasskeyDto> {
    const user = await this.account(dto.userId);
    if (user.role === 'guest') throw RpcErrors.forbidden(fieldMessage('passkey_guests_cannot'));
    const challenge = await this.redis.getdel(registrationKey(user.id, dto.sessionKey));
    if (!challenge) throw expired('response');
    const verification = await verifyRegistrationResponse({
      response: dto.response as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: this.rp.origins,
      expectedRPID: this.rp.rpId,
      requireUserVerification: true,
      supportedAlgorithmIDs: ALGORITHMS,
    }).catch((error: unknown) => this.refused('registration', user.id, error));
    if (!verification.verified) throw notVerified();
    const { credential } = verification.registrationInfo;

    const passkey = await this.passkeys.add(
      {
        userId: user.id,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? dto.response.response.transports ?? [],
        name: dto.name.trim(),
      },
      // On the account's locked row, so two registrations racing cannot pass the cap together.
      async (locked, count) => {
        // Asked again under the lock: another factor may have come since the options were given.
        await assertMayAddSecondFactor(this.sessions, locked, dto.sessionKey);
        if (count >= PASSKEYS_PER_ACCOUNT_MAX) throw RpcErrors.conflict(fieldMessage('passkey_too_many', { max: PASSKEYS_PER_ACCOUNT_MAX }));
      },
    );
    if (!passkey) throw RpcErrors.conflict(fieldMessage('passkey_already_registered'));
    await this.announce(user.id);
    return toPasskeyDto(passkey);
  }

  async rename(dto: RenamePasskeyRequestDto): Promise<PasskeyDto> {
    const passkey = await this.owned(dto.userId, dto.passkeyId);
    passkey.name = dto.name.trim();
    await this.passkeys.rename(passkey.id, passkey.name);
    return toPasskeyDto(passkey);
  }

  /**
   * Never the last way in: an account without a password or a linked sign-in provider keeps its
   * last passkey (accounts made through a provider have no password until they set one). Nor the last second factor from a session opened with the
   * password alone: an account left with none may enrol from such a session, so removing it
   * would let a password thief add their own.
   */
  async remove(dto: RemovePasskeyRequestDto): Promise<{ ok: true }> {
    await this.owned(dto.userId, dto.passkeyId);
    const signedInWith = await this.sessions.signedInWith(dto.sessionKey);
    // On the account's locked row, so two removals racing cannot each think the other passkey remains.
    await this.passkeys.remove(dto.userId, dto.passkeyId, ({ user, passkeysLeft, providers }) => {
      if (!user.passwordHash && passkeysLeft === 0 && providers === 0) throw RpcErrors.conflict(fieldMessage('passkey_last_way_in'));
      if (passkeysLeft === 0 && !user.twoStepEnabledAt && !openedWithSecondFactor(signedInWith)) throw RpcErrors.forbidden(fieldMessage('passkey_last_second_factor'));
    });
    await this.announce(dto.userId);
    return { ok: true };
  }

  /**
   * The same answer for any login or none: nothing is looked up here, so neither the body nor
   * the time tells whether an account exists. The browser offers the site's passkeys itself.
   */
  async signInOptions(dto: PasskeySignInOptionsRequestDto): Promise<PasskeySignInChallengeDto> {
    try {
      await this.signInsByIp.consume(dto.client.ip);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      throw refusedFor(error.msBeforeNext, 'passkey_too_many_sign_ins');
    }
    const options = await generateAuthenticationOptions({
      rpID: this.rp.rpId,
      userVerification: 'required',
      timeout: PASSKEY_CHALLENGE_TTL_SECONDS * 1000,
    });
    const attempt = randomBytes(32).toString('base64url');
    const pending: PendingSignIn = { challenge: options.challenge, login: dto.login?.trim().toLowerCase() || null };
    await this.redis.set(signInKey(attempt), JSON.stringify(pending), 'EX', PASSKEY_CHALLENGE_TTL_SECONDS);
    return { attempt, options, expiresInSeconds: PASSKEY_CHALLENGE_TTL_SECONDS };
  }

  /**
   * The account whose passkey answered the attempt's challenge. The attempt is spent by this
   * call whatever its outcome: a second answer to it is refused as expired.
   */
  async signIn(dto: PasskeySignInRequestDto): Promise<User> {
    const raw = await this.redis.getdel(signInKey(dto.attempt));
    if (!raw) throw expired('attempt');
    const pending = JSON.parse(raw) as PendingSignIn;
    const ip = dto.client.ip;
    const passkey = dto.response.id === dto.response.rawId ? await this.passkeys.findByCredential(dto.response.id) : null;
    const owner = passkey ? await this.passkeys.findUser(passkey.userId) : null;
    // An unknown passkey counts on its own, like a name without an account.
    const subject = owner ? attemptSubject('', owner.id) : attemptSubject(`passkey:${dto.response.id}`, null);
    await this.limiter.assertAllowed(subject, ip);
    if (!passkey || !owner) return this.failed(subject, ip, fieldRefused('response', fieldMessage('passkey_unknown')));
    if (pending.login !== null && pending.login !== owner.username && pending.login !== owner.email) {
      return this.failed(subject, ip, fieldRefused('response', fieldMessage('passkey_other_account')));
    }
    const handle = dto.response.response.userHandle;
    if (handle !== undefined && handle !== owner.passkeyUserHandle) return this.failed(subject, ip, notVerified());

    if (!(await this.verifyAndTake(passkey, dto.response, pending.challenge, owner.id))) return this.failed(subject, ip, notVerified());
    await this.limiter.recordSuccess(subject, ip);
    return owner;
  }

  /**
   * A challenge for this session to confirm that its person holds one of the account's passkeys,
   * before deleting the account or turning two-step sign-in off. Only the account's passkeys are
   * allowed, with user verification; the challenge is bound to the account and the session.
   */
  async confirmationOptions(dto: PasskeyConfirmationOptionsRequestDto): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const user = await this.account(dto.userId);
    const passkeys = await this.passkeys.listOf(user.id);
    if (passkeys.length === 0) throw RpcErrors.conflict(fieldMessage('passkey_none_to_confirm'));
    const options = await generateAuthenticationOptions({
      rpID: this.rp.rpId,
      userVerification: 'required',
      timeout: PASSKEY_CHALLENGE_TTL_SECONDS * 1000,
      allowCredentials: passkeys.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })),
    });
    await this.redis.set(confirmationKey(user.id, dto.sessionKey), options.challenge, 'EX', PASSKEY_CHALLENGE_TTL_SECONDS);
    return options;
  }

  /**
   * Takes the answer to this session's confirmation challenge, which is spent whatever comes of it
   * (a replay finds it gone: 400). Another account's passkey, a bad signature or an answer without
   * user verification is a 403 that counts toward the sign-in lockout, like a wrong password.
   */
  async confirm(user: User, sessionKey: string, response: AuthenticationCredentialDto, ip: string): Promise<void> {
    const subject = attemptSubject('', user.id);
    await this.limiter.assertAllowed(subject, ip);
    const challenge = await this.redis.getdel(confirmationKey(user.id, sessionKey));
    if (!challenge) throw expired('passkey');
    const passkey = response.id === response.rawId ? await this.passkeys.findByCredential(response.id, user.id) : null;
    const handle = response.response.userHandle;
    if (!passkey || (handle !== undefined && handle !== user.passkeyUserHandle)) return this.failed(subject, ip, confirmationRefused());
    if (!(await this.verifyAndTake(passkey, response, challenge, user.id))) return this.failed(subject, ip, confirmationRefused());
  }

  /**
   * Verifies an answer against the passkey and the challenge, user verification required, and
   * stores the new signature count only over the one checked: of two requests racing with one
   * answer, one wins.
   */
  private async verifyAndTake(passkey: Passkey, response: AuthenticationCredentialDto, challenge: string, userId: number): Promise<boolean> {
    let newCounter: number;
    try {
      const verification = await verifyAuthenticationResponse({
        response: response as AuthenticationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: this.rp.origins,
        expectedRPID: this.rp.rpId,
        credential: { id: passkey.credentialId, publicKey: new Uint8Array(passkey.publicKey), counter: passkey.counter, transports: passkey.transports },
        requireUserVerification: true,
      });
      if (!verification.verified) return false;
      newCounter = verification.authenticationInfo.newCounter;
    } catch (error) {
      this.logger.warn(`Passkey answer for account ${userId} refused: ${(error as Error).message}`);
      return false;
    }
    return this.passkeys.takeCounter(passkey.id, newCounter, new Date());
  }

  /** The account's WebAuthn user handle, made at its first passkey (two first registrations racing share one). */
  private async userHandle(user: User): Promise<string> {
    if (user.passkeyUserHandle) return user.passkeyUserHandle;
    return this.passkeys.keepUserHandle(user.id, randomBytes(32).toString('base64url'));
  }

  private async failed(subject: string, ip: string, refusal: Error): Promise<never> {
    const delayMs = await this.limiter.recordFailure(subject, ip);
    if (delayMs > 0) await sleep(delayMs);
    throw refusal;
  }

  private refused(what: string, userId: number, error: unknown): never {
    this.logger.warn(`Passkey ${what} for account ${userId} refused: ${(error as Error).message}`);
    throw notVerified();
  }

  private async account(userId: number): Promise<User> {
    const user = await this.passkeys.findUser(userId);
    if (!user) throw RpcErrors.notFound(fieldMessage('user_not_found'));
    return user;
  }

  /** 404 for a passkey nobody has, 403 for someone else's. */
  private async owned(userId: number, passkeyId: number): Promise<Passkey> {
    const passkey = await this.passkeys.findById(passkeyId);
    if (!passkey) throw RpcErrors.notFound(fieldMessage('passkey_not_found'));
    if (passkey.userId !== userId) throw RpcErrors.forbidden(fieldMessage('passkey_not_yours'));
    return passkey;
  }

  /** Gateways re-read the account's sessions: the moderation desk opens or closes with its first or last passkey. */
  private async announce(userId: number): Promise<void> {
    const user = await this.passkeys.findUser(userId);
    if (user) await this.users.publishChanged(user);
  }
}

function toPasskeyDto(passkey: Passkey): PasskeyDto {
  return {
    id: passkey.id,
    name: passkey.name,
    createdAt: passkey.createdAt.toISOString(),
    lastUsedAt: passkey.lastUsedAt?.toISOString() ?? null,
    transports: passkey.transports,
  };
}
