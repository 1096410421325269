import { Injectable } from '@nestjs/common';
import { fieldMessage, RECENT_PROVIDER_SIGN_IN_SECONDS, type AuthenticationCredentialDto } from '@app/contracts';
import { fieldRefused } from '@app/server';
import * as argon2 from 'argon2';
import { setTimeout as sleep } from 'node:timers/promises';
import { PasskeysService } from '../passkeys/passkeys.service';
import { SessionStore } from '../sessions/session.store';
import type { User } from '../users/user.entity';
import { attemptSubject, LoginLimiter } from './login-limiter';

/** What a signed-in person offers to show it is them, from the session asking. */
export interface IdentityProof {
  password?: string;
  /** The answer to this session's passkey confirmation challenge. */
  passkey?: AuthenticationCredentialDto;
  /** The session asking was opened with a sign-in provider moments ago. */
  providerSignIn?: boolean;
  sessionKey: string;
  ip: string;
}

/** How the person showed it: a passkey with user verification is two factors in itself; a provider stands for the password. */
export type ConfirmedBy = 'password' | 'passkey' | 'provider';

/**
 * The check before an act a stolen session alone must not do (deleting the account, turning
 * two-step sign-in off): the password, one of the account's passkeys answering a challenge of
 * this session, or this session itself when a sign-in provider opened it within
 * RECENT_PROVIDER_SIGN_IN_SECONDS (so an account made through a provider, which has no password,
 * is never stuck). Wrong passwords and passkeys count toward the sign-in lockout, as at sign-in.
 */
@Injectable()
export class IdentityCheck {
  constructor(
    private readonly limiter: LoginLimiter,
    private readonly passkeys: PasskeysService,
    private readonly sessions: SessionStore,
  ) {}

  async confirm(user: User, proof: IdentityProof, refusals: { passwordRequired: () => Error; passwordWrong: () => Error }): Promise<ConfirmedBy> {
    if (proof.passkey) {
      await this.passkeys.confirm(user, proof.sessionKey, proof.passkey, proof.ip);
      return 'passkey';
    }
    if (proof.providerSignIn) {
      await this.assertRecentProviderSignIn(user, proof.sessionKey);
      return 'provider';
    }
    if (proof.password === undefined) throw refusals.passwordRequired();
    const subject = attemptSubject('', user.id);
    await this.limiter.assertAllowed(subject, proof.ip);
    if (!user.passwordHash || !(await argon2.verify(user.passwordHash, proof.password))) {
      const delayMs = await this.limiter.recordFailure(subject, proof.ip);
      if (delayMs > 0) await sleep(delayMs);
      throw refusals.passwordWrong();
    }
    return 'password';
  }

  /** The session's own record says how and when it was opened; nothing the browser sends can. */
  private async assertRecentProviderSignIn(user: User, sessionKey: string, now = Date.now()): Promise<void> {
    const session = await this.sessions.getByHash(sessionKey);
    const byProvider = session?.signedInWith === 'provider' || session?.signedInWith === 'provider-and-code';
    const recent = !!session && now - Date.parse(session.createdAt) <= RECENT_PROVIDER_SIGN_IN_SECONDS * 1000;
    if (!session || session.userId !== user.id || !byProvider || !recent) {
      throw fieldRefused('providerSignIn', fieldMessage('provider_sign_in_again'), 403);
    }
  }
}

/** "Password is required" on the password field, as the DTOs word it. */
export const passwordRequired = () => fieldRefused('password', fieldMessage('password_required'));
