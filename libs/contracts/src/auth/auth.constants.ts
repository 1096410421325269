export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;
export const USERNAME_PATTERN = /^[a-zA-Z0-9_]+$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const BIO_MAX = 500;
export const AVATAR_URL_MAX = 2048;
/** Days between asking to delete an account and its erasure; signing in meanwhile cancels it. */
export const ACCOUNT_DELETION_GRACE_DAYS = 7;

export const CAPTCHA_MAX_TRIES = 3;
export const CAPTCHA_TTL_SECONDS = 300;
export const CAPTCHA_TOKEN_TTL_SECONDS = 300;
/** The proof of work's range: about a second of SHA-256 in a browser, real CPU per question for a farm. */
export const POW_MAX_NUMBER = 250_000;

/** Session lifetimes. Without Remember me the cookie dies with the browser; Redis keeps it a day. */
export const SESSION_TTL_SECONDS = 24 * 60 * 60;
export const REMEMBER_ME_TTL_SECONDS = 30 * 24 * 60 * 60;
export const GUEST_SESSION_TTL_SECONDS = 12 * 60 * 60;
export const SESSION_COOKIE = 'sid';
