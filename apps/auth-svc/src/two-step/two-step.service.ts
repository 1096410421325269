import { Inject, Injectable } from '@nestjs/common';
import {
  fieldMessage,
  RECOVERY_CODE_COUNT,
  TWO_STEP_CHALLENGE_TTL_SECONDS,
  TWO_STEP_SETUP_TTL_SECONDS,
  type ConfirmTwoStepRequestDto,
  type DisableTwoStepRequestDto,
  type RecoveryCodesDto,
  type StartTwoStepRequestDto,
  type TwoStepChallengeDto,
  type TwoStepCodeRequestDto,
  type TwoStepSetupDto,
  type TwoStepStatusDto,
} from '@app/contracts';
import { fieldRefused, REDIS, RpcErrors } from '@app/server';
import * as argon2 from 'argon2';
import type { Redis } from 'ioredis';
import { createHash, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { IdentityCheck, passwordRequired } from '../accounts/identity-check';
import { attemptSubject, LoginLimiter } from '../accounts/login-limiter';
import { HASH_OPTIONS } from '../accounts/password-hash';
import { assertMayAddSecondFactor } from '../sessions/second-factor';
import { SessionStore } from '../sessions/session.store';
import type { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { asRecoveryCode, asTotpCode, matchingStep, newRecoveryCode, newTotpSecret, otpauthUrl, qrCodeDataUrl } from './totp';
import { TwoStepRepository } from './two-step.repository';

/** A sign-in that passed its password and waits for its code. */
export interface PendingSignIn {
  userId: number;
  rememberMe: boolean;
  /** What passed before the code: the password (when absent) or a sign-in provider. */
  firstFactor?: 'provider';
}

const setupKey = (userId: number) => `two-step-setup:${userId}`;
const challengeKey = (token: string) => `two-step-challenge:${createHash('sha256').update(token).digest('hex')}`;

const wrongCode = () => fieldRefused('code', fieldMessage('two_step_code_wrong'));
const challengeExpired = () => fieldRefused('challenge', fieldMessage('two_step_sign_in_expired'));

/**
 * Two-step sign-in with an authenticator app (TOTP, RFC 6238): enrolment, the code asked after
 * the password, recovery codes, and turning it off. A code's time step is recorded when it is
 * taken, so the same code (or an older one) never works twice; a recovery code is marked used in
 * the same statement that checks it is unused. Failed codes count toward the sign-in lockout of
 * the account from that address (LoginLimiter), like failed passwords.
 */
@Injectable()
export class TwoStepService {
  constructor(
    private readonly store: TwoStepRepository,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly users: UsersService,
    private readonly limiter: LoginLimiter,
    private readonly sessions: SessionStore,
    private readonly identity: IdentityCheck,
  ) {}

  async status(userId: number): Promise<TwoStepStatusDto> {
    const user = await this.account(userId);
    const recoveryCodesLeft = user.twoStepEnabledAt ? await this.store.recoveryCodesLeft(userId) : 0;
    return { enabled: user.twoStepEnabledAt !== null, recoveryCodesLeft };
  }

  /** A new secret, kept aside until a code from it confirms the app has it. */
  async start(dto: StartTwoStepRequestDto): Promise<TwoStepSetupDto> {
    const user = await this.account(dto.userId);
    if (user.role === 'guest') throw RpcErrors.forbidden(fieldMessage('two_step_guests_cannot'));
    if (user.twoStepEnabledAt) throw RpcErrors.conflict(fieldMessage('two_step_already_on'));
    await assertMayAddSecondFactor(this.sessions, user, dto.sessionKey);
    const secret = newTotpSecret();
    await this.redis.set(setupKey(user.id), secret, 'EX', TWO_STEP_SETUP_TTL_SECONDS);
    const url = otpauthUrl(secret, user.username);
    return { secret, otpauthUrl: url, qrCode: await qrCodeDataUrl(url), expiresInSeconds: TWO_STEP_SETUP_TTL_SECONDS };
  }

  async confirm(dto: ConfirmTwoStepRequestDto): Promise<RecoveryCodesDto> {
    const user = await this.account(dto.userId);
    if (user.twoStepEnabledAt) throw RpcErrors.conflict(fieldMessage('two_step_already_on'));
    // Asked again: a passkey may have come since the enrolment started.
    await assertMayAddSecondFactor(this.sessions, user, dto.sessionKey);
    const secret = await this.redis.get(setupKey(user.id));
    if (!secret) throw fieldRefused('code', fieldMessage('two_step_setup_expired'));
    const code = asTotpCode(dto.code);
    const step = code ? matchingStep(secret, code, null) : null;
    if (step === null) throw wrongCode();
    const codes = await this.newRecoveryCodes();
    // Only one of two confirmations racing turns it on; the other finds it on.
    if (!(await this.store.turnOn(user.id, secret, step, codes.hashes))) throw RpcErrors.conflict(fieldMessage('two_step_already_on'));
    await this.redis.del(setupKey(user.id));
    await this.announce(user.id);
    return { codes: codes.plain };
  }

  async regenerateRecoveryCodes(dto: TwoStepCodeRequestDto): Promise<RecoveryCodesDto> {
    const user = await this.enabledAccount(dto.userId);
    await this.checkCode(user, dto.code, dto.client.ip);
    const codes = await this.newRecoveryCodes();
    await this.store.replaceRecoveryCodes(user.id, codes.hashes);
    return { codes: codes.plain };
  }

  /**
   * Needs a current code (or a recovery code), always: the person shows they hold what they turn
   * off. And the password, or in its place one of the account's passkeys or a fresh provider
   * sign-in (IdentityCheck): a stolen session alone cannot turn it off.
   */
  async disable(dto: DisableTwoStepRequestDto): Promise<TwoStepStatusDto> {
    const user = await this.enabledAccount(dto.userId);
    await this.identity.confirm(
      user,
      { password: dto.password, passkey: dto.passkey, providerSignIn: dto.providerSignIn, sessionKey: dto.sessionKey, ip: dto.client.ip },
      { passwordRequired, passwordWrong: () => fieldRefused('password', fieldMessage('password_wrong')) },
    );
    await this.checkCode(user, dto.code, dto.client.ip);
    await this.store.turnOff(user.id);
    await this.announce(user.id);
    return { enabled: false, recoveryCodesLeft: 0 };
  }

  /** After a correct password: no session yet, a single-use challenge that waits a few minutes for the code. */
  async issueChallenge(pending: PendingSignIn): Promise<TwoStepChallengeDto> {
    const challenge = randomBytes(32).toString('base64url');
    await this.redis.set(challengeKey(challenge), JSON.stringify(pending), 'EX', TWO_STEP_CHALLENGE_TTL_SECONDS);
    return { twoStepRequired: true, challenge, expiresInSeconds: TWO_STEP_CHALLENGE_TTL_SECONDS };
  }

  /**
   * The account of a pending sign-in once its code is right; the challenge is then spent (a wrong
   * code leaves it for another try, the lockout counting each). 400 for an unknown, spent or
   * expired challenge.
   */
  async completeSignIn(challenge: string, code: string, ip: string): Promise<{ user: User; rememberMe: boolean; firstFactor: 'password' | 'provider' }> {
    const raw = await this.redis.get(challengeKey(challenge));
    if (!raw) throw challengeExpired();
    const pending = JSON.parse(raw) as PendingSignIn;
    const user = await this.store.findUser(pending.userId);
    if (!user?.twoStepEnabledAt) throw challengeExpired();
    await this.checkCode(user, code, ip);
    // Two right answers racing: one spends the challenge, the other is told to sign in again.
    if ((await this.redis.getdel(challengeKey(challenge))) === null) throw challengeExpired();
    await this.limiter.recordSuccess(attemptSubject('', user.id), ip);
    return { user, rememberMe: pending.rememberMe, firstFactor: pending.firstFactor ?? 'password' };
  }

  /** Takes a current code from the app or an unused recovery code, or counts a failure and refuses (also asked before deleting an account). */
  async checkCode(user: User, typed: string, ip: string): Promise<void> {
    const subject = attemptSubject('', user.id);
    await this.limiter.assertAllowed(subject, ip);
    if (await this.takeCode(user, typed)) return;
    await this.failed(subject, ip);
    throw wrongCode();
  }

  private async failed(subject: string, ip: string): Promise<void> {
    const delayMs = await this.limiter.recordFailure(subject, ip);
    if (delayMs > 0) await sleep(delayMs);
  }

  private async takeCode(user: User, typed: string): Promise<boolean> {
    const totp = asTotpCode(typed);
    if (totp) {
      const fresh = await this.store.findUser(user.id);
      if (!fresh?.totpSecret) return false;
      const step = matchingStep(fresh.totpSecret, totp, fresh.totpLastStep);
      if (step === null) return false;
      // The step is recorded only if no other request took this step (or a later one) meanwhile.
      return this.store.takeStep(user.id, step);
    }
    const recovery = asRecoveryCode(typed);
    if (!recovery) return false;
    for (const stored of await this.store.unusedRecoveryCodes(user.id)) {
      if (!(await argon2.verify(stored.codeHash, recovery))) continue;
      return this.store.useRecoveryCode(stored.id);
    }
    return false;
  }

  private async newRecoveryCodes(): Promise<{ plain: string[]; hashes: string[] }> {
    const plain = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    return { plain, hashes: await Promise.all(plain.map((code) => argon2.hash(code, HASH_OPTIONS))) };
  }

  private async account(userId: number): Promise<User> {
    const user = await this.store.findUser(userId);
    if (!user) throw RpcErrors.notFound(fieldMessage('user_not_found'));
    return user;
  }

  private async enabledAccount(userId: number): Promise<User> {
    const user = await this.account(userId);
    if (!user.twoStepEnabledAt) throw RpcErrors.conflict(fieldMessage('two_step_not_on'));
    return user;
  }

  /** Gateways re-read the account's sessions (the moderation desk opens or closes with it). */
  private async announce(userId: number): Promise<void> {
    const user = await this.store.findUser(userId);
    if (user) await this.users.publishChanged(user);
  }
}
