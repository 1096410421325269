import { DELETED_USER_NAME, withDefaultSettings, type UserDto, type UserSummary } from '@app/contracts';
import type { User } from './user.entity';

/** Seen within this long counts as online for profile views; live presence is chat-svc's. */
const ONLINE_WINDOW_MS = 5 * 60 * 1000;

export function toUserDto(user: User, now = Date.now()): UserDto {
  return {
    id: user.id,
    username: user.username,
    email: user.email ?? user.unconfirmedEmail,
    role: user.role,
    avatar: user.avatar,
    bio: user.bio,
    categories: user.categories,
    isVerified: user.isVerified,
    isOnline: !!user.lastSeen && now - user.lastSeen.getTime() < ONLINE_WINDOW_MS,
    lastSeen: user.lastSeen?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
    joinedAt: user.createdAt.toISOString(),
    settings: withDefaultSettings(user.settings),
    language: user.language,
    vipUntil: user.vipUntil?.toISOString() ?? null,
    hasPassword: user.passwordHash !== null,
    ...secondFactorsOf(user),
  };
}

/** The second factors the account holds, as the rules in @app/contracts read them. */
export function secondFactorsOf(user: User): { twoStepEnabled: boolean; hasPasskey: boolean } {
  return { twoStepEnabled: user.twoStepEnabledAt !== null, hasPasskey: user.passkeyCount > 0 };
}

/** An erased account is shown as "Deleted user" wherever its name was, never by its tombstone name. */
export function toUserSummary(user: User): UserSummary {
  if (user.erasedAt) return { id: user.id, username: DELETED_USER_NAME, avatar: null, role: 'user' };
  return { id: user.id, username: user.username, avatar: user.avatar, role: user.role };
}
