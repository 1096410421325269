import type { Language } from '../common/languages';
import type { UserSettings, UserSummary } from '../common/user';

/** Events published by auth-svc. Other services keep read models of users from them. */
export const AuthEvents = {
  UserRegistered: 'user.registered',
  /** Profile, role, settings or language changed. */
  UserUpdated: 'user.updated',
  /** A session ended (logout) or every session of a user must be re-read (role change). */
  SessionsInvalidated: 'user.sessions.invalidated',
} as const;

/**
 * The notification settings other services enforce: chat-svc stores mention notifications by
 * `mentions` and pushes to devices by the rest (message text only with `messagePreview`).
 */
export type EnforcedNotificationSettings = Pick<UserSettings['notifications'], 'mentions'> &
  Partial<Pick<UserSettings['notifications'], 'push' | 'messageSound' | 'doNotDisturb'> & Pick<UserSettings['chat'], 'messagePreview'>>;
/** A user as other services may keep them, with the settings they enforce (absent from older publishers). */
/** `language`: what the person reads the product in, so other services word what they send them in it. */
/** `deletionPending`: the owner asked to delete the account and the grace runs (a sign-in cancels it); the marketplace lists no such seller meanwhile. */
export type UserRegisteredEvent = UserSummary & { privacy?: UserSettings['privacy']; notifications?: EnforcedNotificationSettings; language?: Language; deletionPending?: boolean };
export type UserUpdatedEvent = UserRegisteredEvent;
export interface SessionsInvalidatedEvent {
  userId: number;
  /** sha256 of one token; absent means every session of the user. */
  tokenHash?: string;
}
