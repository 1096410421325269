import { fieldMessage, mayAddSecondFactor } from '@app/contracts';
import { RpcErrors } from '@app/server';
import type { User } from '../users/user.entity';
import { secondFactorsOf } from '../users/user.mapper';
import type { SessionStore } from './session.store';

/**
 * A password thief must not add their own second factor (an authenticator, a passkey) beside
 * the one the account holds: on such an account, only a session opened with that factor may.
 */
export async function assertMayAddSecondFactor(sessions: SessionStore, user: User, sessionKey: string): Promise<void> {
  if (!mayAddSecondFactor(secondFactorsOf(user), await sessions.signedInWith(sessionKey))) {
    throw RpcErrors.forbidden(fieldMessage('second_factor_adding_needs_one'));
  }
}
