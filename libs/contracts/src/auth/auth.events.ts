import type { UserSummary } from '../common/user';

/** Events published by auth-svc. Other services keep read models of users from them. */
export const AuthEvents = {
  UserRegistered: 'user.registered',
  UserUpdated: 'user.updated',
  /** A session ended (logout) or every session of a user must be re-read (role change). */
  SessionsInvalidated: 'user.sessions.invalidated',
} as const;

export type UserRegisteredEvent = UserSummary;
export type UserUpdatedEvent = UserSummary;
export interface SessionsInvalidatedEvent {
  userId: number;
  /** sha256 of one token; absent means every session of the user. */
  tokenHash?: string;
}
