/** Sign-in with an OpenID Connect provider (Google and the like), answered by auth-svc (queue group "auth-svc"). */
export const OidcPatterns = {
  /** {} -> OidcProviderDto[]: the providers configured, in the order OIDC_PROVIDERS names them */
  Providers: 'auth.oidc.providers',
  /** StartOidcRequestDto -> OidcStartDto: where to send the browser; 404 for a provider not configured; 403 for a guest linking */
  Start: 'auth.oidc.start',
  /** OidcCallbackRequestDto -> OidcOutcomeDto; 400 with code oidc_expired or oidc_failed; 403 for a banned or suspended account; 409 oidc_taken when linking another account's identity */
  Callback: 'auth.oidc.callback',
  /** CompleteOidcSignUpRequestDto -> SessionIssuedDto: the account made for a new identity, with the username chosen; 400 with fields.username or fields.token; 409 for a taken username */
  CompleteSignUp: 'auth.oidc.complete-sign-up',
  /** UserIdDto -> LinkedIdentityDto[], oldest first */
  Identities: 'auth.oidc.identities',
  /** UnlinkIdentityRequestDto -> { ok: true }; 404 unknown; 403 another account's; 409 when it is the last way to sign in */
  Unlink: 'auth.oidc.unlink',
} as const;

/** A provider's id in OIDC_PROVIDERS and in the routes: lowercase letters and digits. */
export const OIDC_PROVIDER_ID_PATTERN = /^[a-z][a-z0-9]{0,19}$/;
/** How long a started sign-in (its state, nonce and PKCE verifier) waits for the provider to send the browser back. */
export const OIDC_STATE_TTL_SECONDS = 10 * 60;
/**
 * How long a session opened with a sign-in provider stands in for the password of an account
 * that has none (or any account): deleting it, turning two-step sign-in off. After that, "Sign in
 * again with <provider>" opens a fresh one and comes back to Settings.
 */
export const RECENT_PROVIDER_SIGN_IN_SECONDS = 10 * 60;
/** Where a provider sign-in may send the browser back to instead of the home page. */
export const OIDC_RETURN_TO = ['settings'] as const;
export type OidcReturnTo = (typeof OIDC_RETURN_TO)[number];
/** How long a new identity waits for its username to be chosen. */
export const OIDC_SIGN_UP_TTL_SECONDS = 15 * 60;
/** The cookie that ties a started sign-in to the browser that started it (httpOnly, SameSite=Lax, the callback's path only). */
export const OIDC_BROWSER_COOKIE = 'oidc_browser';
/** The pending sign-up token: 32 random bytes, base64url. */
export const OIDC_TOKEN_PATTERN = /^[\w-]{43}$/;

/** Where the callback sends the browser on, in the web app (its fragment carries the outcome). */
export const OIDC_LANDING_PATH = '/auth/provider';

/** Why a provider sign-in ended without a session: the landing page's #error= says which. */
export const OidcErrorCode = {
  /** The sign-in took too long, was finished already, or came back to another browser. */
  Expired: 'oidc_expired',
  /** The provider refused, or its answer could not be verified. */
  Failed: 'oidc_failed',
  /** The person said no at the provider. */
  Cancelled: 'oidc_cancelled',
  /** The identity is linked to another account here. */
  Taken: 'oidc_taken',
  /** The account is banned or suspended. */
  Refused: 'oidc_refused',
} as const;
export type OidcErrorCode = (typeof OidcErrorCode)[keyof typeof OidcErrorCode];

export const OidcMessages = {
  signInAgain: 'Sign in again with your sign-in provider, then try again within 10 minutes.',
  unknownProvider: 'This sign-in provider is not available.',
  expired: 'This sign-in has expired or was used already. Please start again.',
  failed: 'The provider did not confirm who you are. Please try again.',
  cancelled: 'Sign-in was cancelled at the provider.',
  taken: 'This account of the provider is linked to another account here.',
  refused: 'This address belongs to an account that is not allowed to sign in.',
  alreadyLinked: 'This provider is linked to your account already.',
  guestsCannot: 'Guests cannot link a sign-in provider.',
  tokenExpired: 'Choosing a username took too long. Please sign in with the provider again.',
  notFound: 'Linked provider not found',
  notYours: 'This linked provider belongs to another account.',
  lastWayIn: 'This provider is the only way into your account. Set a password or add a passkey before removing it.',
} as const;
