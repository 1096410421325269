import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  EMAIL_VERIFICATION_TTL_SECONDS,
  fieldMessage,
  PASSWORD_RESET_TTL_SECONDS,
  type ForgotPasswordRequestDto,
  type ResetPasswordDto,
  type UserDto,
} from '@app/contracts';
import { fieldRefused, REDIS, rpcError, RpcErrors } from '@app/server';
import * as argon2 from 'argon2';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { AccountMailer, type MailRecipient } from '../accounts/account-mailer';
import { HASH_OPTIONS } from '../accounts/password-hash';
import { passwordProblem } from '../accounts/password-policy';
import { refusedFor } from '../common/refusal';
import { AuthEnv } from '../config/auth-env';
import { SessionStore } from '../sessions/session.store';
import type { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { SingleUseTokens } from './single-use-tokens';

const HOUR_SECONDS = 60 * 60;

/**
 * E-mail verification and password reset. A reset request is answered the same whether or not
 * the address has an account, and mail is sent after the answer, so neither the answer nor its
 * time tells which addresses are known.
 */
@Injectable()
export class RecoveryService {
  private readonly logger = new Logger(RecoveryService.name);
  private readonly resetsPerAddress: RateLimiterRedis;
  private readonly mailsPerAccount: RateLimiterRedis;

  constructor(
    private readonly users: UsersService,
    private readonly tokens: SingleUseTokens,
    private readonly mailer: AccountMailer,
    private readonly sessions: SessionStore,
    @Inject(REDIS) redis: Redis,
    env: AuthEnv,
  ) {
    const limiter = (keyPrefix: string, points: number) => new RateLimiterRedis({ storeClient: redis, keyPrefix, points, duration: HOUR_SECONDS });
    this.resetsPerAddress = limiter('password-reset-ip', env.PASSWORD_RESETS_PER_ADDRESS_PER_HOUR);
    this.mailsPerAccount = limiter('account-mail', env.ACCOUNT_MAILS_PER_HOUR);
  }

  async requestPasswordReset(dto: ForgotPasswordRequestDto): Promise<{ ok: true }> {
    try {
      await this.resetsPerAddress.consume(dto.client.ip);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      throw refusedFor(error.msBeforeNext, 'password_reset_too_many');
    }
    const user = await this.users.findByLogin(dto.email);
    // An account made through a sign-in provider has no password until it sets one this way, from its verified address.
    if (user?.email && (user.passwordHash || user.isVerified) && (await this.mayMail(user.id))) {
      const token = await this.tokens.issue('password-reset', user.id, PASSWORD_RESET_TTL_SECONDS);
      this.deliver(() => this.mailer.passwordReset(recipient(user), token), user.id);
    }
    return { ok: true };
  }

  /** Sets the new password and ends every session of the account, everywhere. */
  async resetPassword(dto: ResetPasswordDto): Promise<{ ok: true }> {
    if (dto.confirmPassword !== dto.password) throw fieldRefused('confirmPassword', fieldMessage('passwords_mismatch'));
    // A refused password leaves the link good for a better one: look before redeeming.
    const userId = await this.tokens.peek('password-reset', dto.token);
    const user = userId === null ? null : await this.users.findById(userId);
    if (!user?.email) throw invalidLink('recovery_reset_link_invalid');
    const problem = passwordProblem(dto.password, user.username, user.email);
    if (problem) throw fieldRefused('password', problem);
    const hash = await argon2.hash(dto.password, HASH_OPTIONS);
    if ((await this.tokens.redeem('password-reset', dto.token)) !== user.id) throw invalidLink('recovery_reset_link_invalid');
    await this.users.setPasswordHash(user.id, hash);
    await this.sessions.destroyAll(user.id);
    await this.users.invalidateSessions({ userId: user.id });
    this.deliver(() => this.mailer.passwordChanged(recipient(user)), user.id);
    return { ok: true };
  }

  /** Mails a new member the link that verifies their address (not for an address held by another account). */
  async sendVerification(user: User): Promise<void> {
    if (!user.email || user.isVerified) return;
    const token = await this.tokens.issue('email-verification', user.id, EMAIL_VERIFICATION_TTL_SECONDS);
    this.deliver(() => this.mailer.verifyEmail(recipient(user), token), user.id);
  }

  async verifyEmail(token: string): Promise<UserDto> {
    const userId = await this.tokens.redeem('email-verification', token);
    const verified = userId === null ? null : await this.users.markEmailVerified(userId);
    if (!verified) throw invalidLink('recovery_verify_link_invalid');
    return verified;
  }

  async resendVerification(userId: number): Promise<{ ok: true }> {
    const user = await this.users.findById(userId);
    if (!user?.email) throw RpcErrors.badRequest(fieldMessage('recovery_no_email'));
    if (user.isVerified) throw rpcError(409, 'already_verified', fieldMessage('recovery_already_verified'));
    if (!(await this.mayMail(user.id))) {
      throw rpcError(429, 'too_many_attempts', fieldMessage('recovery_too_many_links'));
    }
    await this.sendVerification(user);
    return { ok: true };
  }

  private async mayMail(userId: number): Promise<boolean> {
    return this.mailsPerAccount.consume(String(userId)).then(
      () => true,
      (error: unknown) => {
        if (error instanceof RateLimiterRes) return false;
        throw error;
      },
    );
  }

  /** Not awaited: how long a mail takes must not show in the answer. */
  private deliver(send: () => Promise<void>, userId: number): void {
    void send().catch((error: unknown) => this.logger.error(`Mail to account ${userId} failed: ${(error as Error).message}`));
  }
}

function recipient(user: User): MailRecipient {
  return { id: user.id, username: user.username, email: user.email as string, language: user.language };
}

/** A link that no longer works: refused on its token. */
function invalidLink(code: 'recovery_reset_link_invalid' | 'recovery_verify_link_invalid') {
  return fieldRefused('token', fieldMessage(code));
}
