import type { SignInMethod } from '../auth/two-step.constants';
import type { Language } from './languages';

export const UserRole = {
  Guest: 'guest',
  User: 'user',
  Vip: 'vip',
  Seller: 'seller',
  Moderator: 'moderator',
} as const;
export type UserRole = (typeof UserRole)[keyof typeof UserRole];
export const USER_ROLES = Object.values(UserRole);

/** Order of the online list: moderator, vip, seller, user, guest. */
export const ROLE_RANK: Record<UserRole, number> = {
  moderator: 0,
  vip: 1,
  seller: 2,
  user: 3,
  guest: 4,
};


/**
 * Hours in which push notifications wait silently (kept in the notification list, not sent to
 * devices): from `from` to `to` in the person's time zone, across midnight when `to` is earlier.
 * Incoming calls still ring through when `allowCalls` is on.
 */
export interface DoNotDisturbSettings {
  enabled: boolean;
  /** 'HH:MM', 24-hour clock. */
  from: string;
  to: string;
  /** An IANA time zone name (the browser's when the person set the hours). */
  timeZone: string;
  allowCalls: boolean;
}

export interface UserSettings {
  notifications: { email: boolean; push: boolean; messageSound: boolean; mentions: boolean; doNotDisturb: DoNotDisturbSettings };
  privacy: { showOnlineStatus: boolean; showLastSeen: boolean; allowDirectMessages: boolean };
  /** linkPreviews: show the previews of links in messages ("Show link previews"). */
  chat: { theme: 'light' | 'dark' | 'system'; messagePreview: boolean; enterToSend: boolean; linkPreviews: boolean };
}

export const DEFAULT_USER_SETTINGS: UserSettings = {
  notifications: {
    email: true,
    push: true,
    messageSound: true,
    mentions: true,
    doNotDisturb: { enabled: false, from: '22:00', to: '07:00', timeZone: 'UTC', allowCalls: true },
  },
  privacy: { showOnlineStatus: true, showLastSeen: true, allowDirectMessages: true },
  chat: { theme: 'system', messagePreview: true, enterToSend: true, linkPreviews: true },
};

/** Stored settings with what they lack (settings saved before a field existed) filled from the defaults. */
export function withDefaultSettings(stored: Partial<UserSettings> | null | undefined): UserSettings {
  const notifications: Partial<UserSettings['notifications']> = stored?.notifications ?? {};
  return {
    notifications: {
      ...DEFAULT_USER_SETTINGS.notifications,
      ...notifications,
      doNotDisturb: { ...DEFAULT_USER_SETTINGS.notifications.doNotDisturb, ...notifications.doNotDisturb },
    },
    privacy: { ...DEFAULT_USER_SETTINGS.privacy, ...stored?.privacy },
    chat: { ...DEFAULT_USER_SETTINGS.chat, ...stored?.chat },
  };
}

/** Whether `at` falls within the person's do-not-disturb hours. */
export function inDoNotDisturb(dnd: DoNotDisturbSettings, at: Date = new Date()): boolean {
  if (!dnd.enabled || dnd.from === dnd.to) return false;
  const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-GB', { timeZone: dnd.timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  } catch {
    return false; // a zone this runtime does not know: nothing is held back rather than everything
  }
  const now = Number(parts.find((p) => p.type === 'hour')?.value) * 60 + Number(parts.find((p) => p.type === 'minute')?.value);
  const from = minutes(dnd.from);
  const to = minutes(dnd.to);
  return from < to ? now >= from && now < to : now >= from || now < to;
}

/** The user as the API shows it to its owner (GET /api/users/me). */
export interface UserDto {
  id: number;
  username: string;
  email: string | null;
  role: UserRole;
  avatar: string | null;
  bio: string | null;
  categories: string[];
  isVerified: boolean;
  isOnline: boolean;
  lastSeen: string | null;
  createdAt: string;
  joinedAt: string;
  settings: UserSettings;
  /** The language the product speaks to this person: screens, and later e-mails and push. */
  language: Language;
  /** The end of a VIP period a moderator granted; absent or null when none runs. */
  vipUntil?: string | null;
  /** Two-step sign-in (an authenticator app) is on: a second factor. */
  twoStepEnabled?: boolean;
  /** The account has at least one passkey: a second factor. */
  hasPasskey?: boolean;
  /** The account has a password (one made through a sign-in provider has none until it sets one). */
  hasPassword?: boolean;
  /**
   * How the session this answer belongs to was opened; the moderation desk needs one opened with a
   * second factor. Present on answers about the signed-in person's own session.
   */
  signedInWith?: SignInMethod;
  /** When that session was opened: a provider's stands in for the password for RECENT_PROVIDER_SIGN_IN_SECONDS. */
  signedInAt?: string;
}

/** What other services need to know of a user (stamping senders, permissions). */
export interface UserSummary {
  id: number;
  username: string;
  avatar: string | null;
  role: UserRole;
}
