import { DEFAULT_LANGUAGE, DEFAULT_USER_SETTINGS, USERNAME_MAX, type UserDto, type UserRole, type UserSummary } from '@app/contracts';
import { ContentFilter } from '@app/server';

let sequence = 0;
let words: ContentFilter | undefined;

/**
 * A name made with a random part that the service's content filter lets through: a random
 * tail can spell a word sign-up or a room name refuses (in letters or leetspeak), so such a
 * name is drawn again.
 */
export function politeName(draw: () => string): string {
  words ??= new ContentFilter();
  for (;;) {
    const name = draw();
    if (!words.isOffensive(name)) return name;
  }
}

/**
 * A name no other test of this run uses: the prefix, a counter and a random tail, at most
 * 20 characters of letters, digits and underscore, so it is also a valid username.
 */
export function uniqueName(prefix = 'user'): string {
  return politeName(() => {
    sequence += 1;
    const tail = `${sequence.toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
    return `${prefix.slice(0, USERNAME_MAX - tail.length)}${tail}`;
  });
}

let nextUserId = 1000;

/**
 * A user as auth-svc would answer for one, for tests that stand in for auth-svc: a fresh id,
 * the username given or `<role><id>`, and the defaults of a new, signed-in account.
 */
export function testUser(role: UserRole, username?: string): UserDto {
  const id = nextUserId++;
  const name = username ?? `${role}${id}`;
  const now = new Date().toISOString();
  return {
    id,
    username: name,
    email: role === 'guest' ? null : `${name}@example.com`,
    role,
    avatar: null,
    bio: null,
    categories: [],
    isVerified: false,
    isOnline: true,
    lastSeen: null,
    createdAt: now,
    joinedAt: now,
    settings: DEFAULT_USER_SETTINGS,
    language: DEFAULT_LANGUAGE,
    // Moderators must sign in with a second factor to use the desk; the stand-in ones have.
    twoStepEnabled: role === 'moderator',
    signedInWith: role === 'guest' ? 'guest' : role === 'moderator' ? 'password-and-code' : 'password',
  };
}

/** What other services know of a user: the sender of a message, the actor of a request. */
export function userSummary({ id, username, avatar, role }: UserDto): UserSummary {
  return { id, username, avatar, role };
}
