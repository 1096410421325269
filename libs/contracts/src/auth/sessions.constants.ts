import type { SignInMethod } from './two-step.constants';

/** A person's sessions (Settings → Devices) and the link in the new-device mail, answered by auth-svc. */
export const SessionPatterns = {
  /** ListSessionsRequestDto -> SessionInfoDto[], the current one first, then the most recently active */
  List: 'auth.sessions.list',
  /** EndSessionRequestDto -> { ok: true }; 404 when it is not a live session of this account; 409 for the session asking */
  End: 'auth.sessions.end',
  /** ListSessionsRequestDto -> { ended } every session of the account but the one asking */
  EndOthers: 'auth.sessions.end-others',
  /** EndSessionByLinkDto -> { ended }: whether the session was still live; 400 with fields.token for a forged, used or expired link */
  EndByLink: 'auth.sessions.end-by-link',
} as const;

/** The public id of a session: 128 bits derived from its token hash, never the hash itself. */
export const SESSION_ID_PATTERN = /^[0-9a-f]{32}$/;
/** The cookie that tells a browser this account has signed in from before (32 random bytes, base64url). */
export const DEVICE_COOKIE = 'did';
export const DEVICE_ID_PATTERN = /^[\w-]{43}$/;
/** Kept about as long as browsers allow a cookie to live (Chrome caps them at 400 days). */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;
/** How long the "end that session" link in a new-device mail works. */
export const END_SESSION_LINK_TTL_SECONDS = 7 * 24 * 60 * 60;
/**
 * New-device mails one account gets in a day: enough to show someone who keeps signing in from
 * fresh browsers (the sessions list in Settings shows every one), never a stream of mail a
 * sign-in script could send to the owner's inbox.
 */
export const NEW_DEVICE_MAILS_PER_DAY = 5;
/** A session's last activity is written at most this often, not at every request. */
export const SESSION_ACTIVITY_RESOLUTION_MS = 60_000;

export type DeviceType = 'desktop' | 'mobile' | 'tablet' | 'tv';

/** One session of the signed-in person, as Settings lists it. */
export interface SessionInfoDto {
  id: string;
  /** "Chrome", "Firefox"; null when the browser did not say (or the session predates the record). */
  browser: string | null;
  /** "Windows", "Android"; null when unknown. */
  os: string | null;
  deviceType: DeviceType | null;
  /** ISO 3166 code of where it signed in from, by its address; null for private or unknown addresses. */
  countryCode: string | null;
  signedInWith: SignInMethod;
  createdAt: string;
  lastActiveAt: string;
  /** The session this list was asked from ("This device"). */
  current: boolean;
}

export const SessionMessages = {
  notFound: 'Session not found',
  current: 'This is the session you are using. Sign out instead.',
  linkInvalid: 'This link is not valid. Open the whole link from the mail, or end the session in Settings.',
  linkUsed: 'This link was used already. Open Settings to see where you are signed in.',
  linkExpired: 'This link has expired. Open Settings to see where you are signed in.',
} as const;
