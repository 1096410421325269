import { Injectable, Logger } from '@nestjs/common';
import {
  DEFAULT_LANGUAGE,
  fieldMessage,
  fieldText,
  GUEST_SESSION_TTL_SECONDS,
  REMEMBER_ME_TTL_SECONDS,
  SESSION_TTL_SECONDS,
  type ClientMetaDto,
  type CompleteOidcSignUpRequestDto,
  type CompleteTwoStepLoginRequestDto,
  type GuestRequestDto,
  type Language,
  type LoginRequestDto,
  type OidcCallbackRequestDto,
  type OidcOutcomeDto,
  type PasskeySignInRequestDto,
  type RegisterRequestDto,
  type SessionIssuedDto,
  type SignInMethod,
  type TwoStepChallengeDto,
  type UserDto,
} from '@app/contracts';
import { countryOfAddress, fieldRefused, RpcErrors } from '@app/server';
import * as argon2 from 'argon2';
import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { CaptchaService } from '../captcha/captcha.service';
import { SanctionsService } from '../sanctions/sanctions.service';
import { describeDevice } from '../sessions/device';
import { NewDeviceAlerts } from '../sessions/new-device-alerts';
import { hashToken, SessionStore } from '../sessions/session.store';
import type { User } from '../users/user.entity';
import { toUserDto } from '../users/user.mapper';
import { USERNAME_TAKEN_MESSAGE, UsersService } from '../users/users.service';
import { RecoveryService } from '../recovery/recovery.service';
import { OidcService } from '../oidc/oidc.service';
import { PasskeysService } from '../passkeys/passkeys.service';
import { TwoStepService } from '../two-step/two-step.service';
import { AccountMailer, type MailRecipient } from './account-mailer';
import { attemptSubject, LoginLimiter } from './login-limiter';
import { SignupLimiter } from './signup-limiter';
import { HASH_OPTIONS } from './password-hash';
import { passwordProblem } from './password-policy';

export const INVALID_CREDENTIALS_MESSAGE = fieldText('sign_in_invalid_credentials');


const GUEST_NAME_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** Sign-up, sign-in, guest entry and the sessions they open. */
@Injectable()
export class AccountsService {
  private readonly logger = new Logger(AccountsService.name);
  /** Verified against when the account does not exist, so both failures take as long. */
  private readonly dummyHash = argon2.hash('not-a-real-password-for-timing', HASH_OPTIONS);

  constructor(
    private readonly users: UsersService,
    private readonly sessions: SessionStore,
    private readonly captcha: CaptchaService,
    private readonly limiter: LoginLimiter,
    private readonly signups: SignupLimiter,
    private readonly mailer: AccountMailer,
    private readonly sanctions: SanctionsService,
    private readonly recovery: RecoveryService,
    private readonly twoStep: TwoStepService,
    private readonly passkeys: PasskeysService,
    private readonly oidc: OidcService,
    private readonly newDevices: NewDeviceAlerts,
  ) {}

  /**
   * An email that already has an account is answered like a new one: the caller gets a new
   * account of their own (the address kept as unconfirmed, see UsersService.create) and its
   * session, never the other account's; the address's owner is told by mail. Same work, same
   * answer, so neither the status, the body nor the time tells whether the address was known.
   */
  async register(dto: RegisterRequestDto): Promise<SessionIssuedDto> {
    // Password problems reveal nothing about other accounts, so they are answered before the
    // captcha is spent; whether a name is taken is told only past the captcha.
    if (dto.confirmPassword !== undefined && dto.confirmPassword !== dto.password) {
      throw fieldRefused('confirmPassword', fieldMessage('passwords_mismatch'));
    }
    const problem = passwordProblem(dto.password, dto.username, dto.email);
    if (problem) throw fieldRefused('password', problem);
    await this.captcha.consume(dto.captchaResponse);
    const email = dto.email.trim();
    // A banned account's address is answered like any taken one; only its mailbox hears why.
    const banned = await this.sanctions.bannedHolderOf(email);
    const { user, addressHolder } = await this.signups.within('member', dto.client.ip, async () =>
      this.users.create(
        {
          username: dto.username,
          email,
          passwordHash: await argon2.hash(dto.password, HASH_OPTIONS),
          role: 'user',
          language: dto.language ?? DEFAULT_LANGUAGE,
        },
        { addressBarred: banned !== null },
      ),
    );
    if (banned) this.tellBannedAddress({ ...banned, email: email.toLowerCase() }, dto.client.ip);
    else if (addressHolder) this.tellAddressHolder(addressHolder, dto.client.ip);
    else this.recovery.sendVerification(user).catch((error: unknown) => this.logger.error(`Verification mail for account ${user.id} failed: ${(error as Error).message}`));
    return this.openSession(user, 'password', dto.rememberMe ? REMEMBER_ME_TTL_SECONDS : SESSION_TTL_SECONDS, !!dto.rememberMe, dto.client, true);
  }

  /** Not awaited: how long a mail takes must not show in the sign-up's answer. */
  private tellAddressHolder(holder: MailRecipient, ip: string): void {
    void this.mailer
      .signUpWithTakenAddress(holder, { ip, at: new Date() })
      .catch((error: unknown) => this.logger.error(`Telling account ${holder.id} of a sign-up with its address failed: ${(error as Error).message}`));
  }

  private tellBannedAddress(holder: MailRecipient, ip: string): void {
    void this.mailer
      .signUpWithBannedAddress(holder, { ip, at: new Date() })
      .catch((error: unknown) => this.logger.error(`Telling banned account ${holder.id} of a sign-up with its address failed: ${(error as Error).message}`));
  }

  /** A session, or, for an account with two-step sign-in on, a challenge that waits for the code. */
  async login(dto: LoginRequestDto): Promise<SessionIssuedDto | TwoStepChallengeDto> {
    const login = dto.email.trim().toLowerCase();
    const ip = dto.client.ip;
    const user = await this.users.findByLogin(login);
    const subject = attemptSubject(login, user?.id ?? null);
    await this.limiter.assertAllowed(subject, ip);
    await this.captcha.consume(dto.captchaResponse);

    const ok = user?.passwordHash
      ? await argon2.verify(user.passwordHash, dto.password)
      : await argon2.verify(await this.dummyHash, dto.password).then(() => false);
    if (!user || !ok) {
      const delayMs = await this.limiter.recordFailure(subject, ip);
      if (delayMs > 0) await sleep(delayMs);
      throw RpcErrors.unauthenticated(fieldMessage('sign_in_invalid_credentials'));
    }
    // Told only past the password, so the refusal says nothing about accounts to strangers.
    await this.sanctions.assertMaySignIn(user.id);
    // The failures so far are forgiven only once the code is right too, so that knowing the
    // password does not buy fresh guesses at the code.
    if (user.twoStepEnabledAt) return this.twoStep.issueChallenge({ userId: user.id, rememberMe: !!dto.rememberMe });
    await this.limiter.recordSuccess(subject, ip);
    return this.openSession(user, 'password', dto.rememberMe ? REMEMBER_ME_TTL_SECONDS : SESSION_TTL_SECONDS, !!dto.rememberMe, dto.client);
  }

  /** The second step: a right code opens the session exactly as a password alone does for other accounts. */
  async completeTwoStepLogin(dto: CompleteTwoStepLoginRequestDto): Promise<SessionIssuedDto> {
    const { user, rememberMe, firstFactor } = await this.twoStep.completeSignIn(dto.challenge, dto.code, dto.client.ip);
    // A sanction may have come while the code was being typed.
    await this.sanctions.assertMaySignIn(user.id);
    const method = firstFactor === 'provider' ? 'provider-and-code' : 'password-and-code';
    return this.openSession(user, method, rememberMe ? REMEMBER_ME_TTL_SECONDS : SESSION_TTL_SECONDS, rememberMe, dto.client);
  }

  /**
   * No password and no captcha: a passkey cannot be guessed, and its own user verification (PIN,
   * fingerprint) makes it two factors, so two-step sign-in asks for no code after it.
   */
  async passkeySignIn(dto: PasskeySignInRequestDto): Promise<SessionIssuedDto> {
    const user = await this.passkeys.signIn(dto);
    await this.sanctions.assertMaySignIn(user.id);
    const rememberMe = !!dto.rememberMe;
    return this.openSession(user, 'passkey', rememberMe ? REMEMBER_ME_TTL_SECONDS : SESSION_TTL_SECONDS, rememberMe, dto.client);
  }

  /**
   * A provider's answer (OpenID Connect): the account it names is signed in as a password would
   * sign it in (sanctions refuse it; two-step sign-in asks its code after it), a new identity gets
   * a token to choose its username with, and a member linking the provider is told it is linked.
   */
  async providerCallback(dto: OidcCallbackRequestDto): Promise<OidcOutcomeDto> {
    const resolved = await this.oidc.resolve(dto);
    if (resolved.kind !== 'account') return resolved;
    const { user, rememberMe, returnTo } = resolved;
    await this.sanctions.assertMaySignIn(user.id);
    const back = returnTo ? { returnTo } : {};
    if (user.twoStepEnabledAt) return { kind: 'two-step', challenge: await this.twoStep.issueChallenge({ userId: user.id, rememberMe, firstFactor: 'provider' }), ...back };
    return { kind: 'session', issued: await this.openSession(user, 'provider', rememberMe ? REMEMBER_ME_TTL_SECONDS : SESSION_TTL_SECONDS, rememberMe, dto.client), ...back };
  }

  /** A new identity's account, with the username chosen on the spot; it has no password until one is set. */
  async completeProviderSignUp(dto: CompleteOidcSignUpRequestDto): Promise<SessionIssuedDto> {
    const { user, rememberMe } = await this.signups.within('member', dto.client.ip, () => this.oidc.createAccount(dto));
    return this.openSession(user, 'provider', rememberMe ? REMEMBER_ME_TTL_SECONDS : SESSION_TTL_SECONDS, rememberMe, dto.client, true);
  }

  async guest(dto: GuestRequestDto): Promise<SessionIssuedDto> {
    await this.captcha.consume(dto.captchaResponse);
    const user = await this.signups.within('guest', dto.client.ip, () => this.createGuest(dto.username, dto.language ?? DEFAULT_LANGUAGE));
    return this.openSession(user, 'guest', GUEST_SESSION_TTL_SECONDS, true, dto.client);
  }

  private async createGuest(username: string | undefined, language: Language): Promise<User> {
    if (username) return (await this.users.create({ username, email: null, passwordHash: null, role: 'guest', language })).user;
    // A generated name can collide with one taken since (or spell a word the filter refuses); a few draws make that vanishingly rare.
    for (let attempt = 0; ; attempt++) {
      const user = await this.users
        .create({ username: generatedGuestName(), email: null, passwordHash: null, role: 'guest', language })
        .then((created) => created.user)
        .catch((error: unknown) => {
          if ((isUsernameConflict(error) || isRefusedName(error)) && attempt < 4) return undefined;
          throw error;
        });
      if (user) return user;
    }
  }

  /** Each token's user and how its session was opened, or null (no such session, or its account is sanctioned), in the tokens' order. */
  async resolve(tokens: string[]): Promise<Array<UserDto | null>> {
    const sessions = await this.sessions.getMany(tokens);
    const accounts = await this.sanctions.accountsForSessions(sessions.flatMap((session) => (session ? [session.userId] : [])));
    const users = tokens.map((token, i) => {
      const account = accounts.get(sessions[i]?.userId ?? 0);
      return account && !account.sanctioned ? account.user : null;
    });
    // A session opened while a sanction was being applied outlives destroyAll; it ends here.
    const sanctioned = tokens.filter((_, i) => accounts.get(sessions[i]?.userId ?? 0)?.sanctioned);
    for (const token of sanctioned) await this.sessions.destroy(token);
    await this.users.touchLastSeen(...new Set(users.filter((user) => user !== null)));
    const used = tokens.flatMap((token, i) => {
      const session = sessions[i];
      return session && users[i] ? [{ tokenHash: hashToken(token), session }] : [];
    });
    await this.sessions.noteActivity(used);
    // Sessions opened before the way was recorded count as opened with the password alone.
    return users.map((user, i) => (user ? { ...toUserDto(user), signedInWith: sessions[i]?.signedInWith ?? 'password', signedInAt: sessions[i]?.createdAt } : null));
  }

  async logout(token: string, everywhere: boolean): Promise<{ ok: true }> {
    const ended = await this.sessions.destroy(token);
    if (!ended) return { ok: true };
    if (everywhere) {
      await this.sessions.destroyAll(ended.userId);
      await this.users.invalidateSessions({ userId: ended.userId });
    } else {
      await this.users.invalidateSessions({ userId: ended.userId, tokenHash: ended.tokenHash });
    }
    return { ok: true };
  }

  private async openSession(
    user: User,
    signedInWith: SignInMethod,
    ttlSeconds: number,
    persistentCookie: boolean,
    client: ClientMetaDto,
    signUp = false,
  ): Promise<SessionIssuedDto> {
    const origin = { device: describeDevice(client.userAgent), countryCode: await countryOfAddress(client.ip) };
    // Signing in during the grace is how a person takes back the deletion they asked for.
    const deletionCancelled = user.deletionDueAt !== null && (await this.users.cancelDeletion(user.id));
    // Past the grace the erasure may have begun since the password was checked: it is not undone.
    if (user.deletionDueAt !== null && !deletionCancelled && (await this.users.isErased(user.id))) throw RpcErrors.unauthenticated(fieldMessage('sign_in_invalid_credentials'));
    // A guest's cookie outlives the browser too, but no one chose that: only a member's choice is kept, for "Sign in again".
    const rememberMe = persistentCookie && signedInWith !== 'guest';
    const { token, tokenHash, session } = await this.sessions.create(user.id, ttlSeconds, signedInWith, origin, rememberMe);
    await this.users.touchLastSeen(user);
    this.newDevices.noteSignIn(user, { tokenHash, stored: session }, client, signUp);
    return {
      user: { ...toUserDto(user), signedInWith, signedInAt: session.createdAt },
      token,
      cookieMaxAgeSeconds: persistentCookie ? ttlSeconds : null,
      ...(deletionCancelled ? { deletionCancelled: true as const } : {}),
    };
  }
}

function generatedGuestName(): string {
  let suffix = '';
  for (let i = 0; i < 6; i++) suffix += GUEST_NAME_ALPHABET[randomInt(GUEST_NAME_ALPHABET.length)];
  return `guest_${suffix}`;
}

function isRefusedName(error: unknown): boolean {
  const body = (error as { getError?: () => unknown }).getError?.() as { status?: number; fields?: Record<string, string[]> } | undefined;
  return body?.status === 400 && !!body.fields?.username;
}

function isUsernameConflict(error: unknown): boolean {
  const body = (error as { getError?: () => unknown }).getError?.() as { status?: number; message?: string } | undefined;
  return body?.status === 409 && body.message === USERNAME_TAKEN_MESSAGE;
}
