/** Two-step sign-in with an authenticator app (TOTP), answered by auth-svc (queue group "auth-svc"). */
export const TwoStepPatterns = {
  /** UserIdDto -> TwoStepStatusDto */
  Status: 'auth.two-step.status',
  /** StartTwoStepRequestDto -> TwoStepSetupDto: a new secret waiting TWO_STEP_SETUP_TTL_SECONDS for its confirmation; 403 for a password-only session of an account with a passkey; 409 when already on */
  Start: 'auth.two-step.start',
  /** ConfirmTwoStepRequestDto -> RecoveryCodesDto (shown once); 400 with fields.code for a wrong code; 403 as for Start */
  Confirm: 'auth.two-step.confirm',
  /** TwoStepCodeRequestDto -> RecoveryCodesDto, replacing every earlier one; 400 with fields.code; 429 past the lockout */
  RegenerateRecoveryCodes: 'auth.two-step.recovery-codes',
  /** DisableTwoStepRequestDto -> TwoStepStatusDto; 400 with fields.password or fields.code; 429 past the lockout */
  Disable: 'auth.two-step.disable',
  /** CompleteTwoStepLoginRequestDto -> SessionIssuedDto; 400 with fields.code; 429 past the lockout */
  CompleteLogin: 'auth.two-step.login',
} as const;

/** A code from an authenticator app: six digits, a new one every 30 seconds. */
export const TWO_STEP_CODE_DIGITS = 6;
export const TWO_STEP_PERIOD_SECONDS = 30;
/** Recovery codes made at once; each works one time. */
export const RECOVERY_CODE_COUNT = 10;
/** How long a sign-in that passed its password waits for its code. */
export const TWO_STEP_CHALLENGE_TTL_SECONDS = 5 * 60;
/** How long a started enrolment waits for its first code. */
export const TWO_STEP_SETUP_TTL_SECONDS = 15 * 60;
/** The name authenticator apps show beside the account. */
export const TWO_STEP_ISSUER = 'Chatmarket';

/** The error code of a moderator's desk request refused until the session was opened with a second factor. */
export const TWO_STEP_REQUIRED_CODE = 'two_step_required';

export const TwoStepMessages = {
  codeRequired: 'Enter the 6-digit code from your authenticator app, or a recovery code.',
  codeWrong: 'That code is not right. Try again.',
  passwordWrong: 'That password is not right.',
  challengeExpired: 'This sign-in has expired. Please sign in again.',
  setupExpired: 'Setting up took too long. Please start again.',
  alreadyOn: 'Two-step sign-in is already on.',
  notOn: 'Two-step sign-in is not on.',
  guestsCannot: 'Guests cannot turn on two-step sign-in.',
  moderatorsNeedIt: 'Turn on two-step sign-in or add a passkey in Settings, then sign in again with it to use the moderation desk.',
  signInWithSecondFactor: 'You signed in with your password alone. Sign in again with your passkey or your two-step code to use the moderation desk.',
  addingNeedsSecondFactor: 'Your account has a second factor already. Sign in with your passkey or your two-step code to add another.',
} as const;

/** Every seeded demo account signs in with this password (documented in the README's demo accounts). */
export const DEMO_PASSWORD = 'chat-demo-2026';

/**
 * The authenticator secret of the seeded demo moderator, for `npm start` and the tests only (the
 * seed leaves it out when NODE_ENV is production). Documented in the README's demo accounts.
 */
export const DEMO_TWO_STEP_SECRET = 'CHATMARKETDEMOMODERATORSECRETKEY';

/**
 * How a session was opened, recorded by auth-svc when it opens it: the password alone, the password
 * and a code (from the authenticator app or a recovery code), a passkey, a sign-in provider
 * (OpenID Connect) alone or with a code, or a guest's entry. Sessions opened before this was
 * recorded count as 'password'.
 */
export type SignInMethod = 'password' | 'password-and-code' | 'passkey' | 'provider' | 'provider-and-code' | 'guest';

/** Whether a session was opened with a second factor: a stolen password (or provider account) alone never opens one such. */
export function openedWithSecondFactor(signedInWith: SignInMethod | undefined): boolean {
  return signedInWith === 'password-and-code' || signedInWith === 'provider-and-code' || signedInWith === 'passkey';
}

/** Whether the account holds a second factor: two-step sign-in or a passkey. */
export function hasSecondFactor(user: { twoStepEnabled?: boolean; hasPasskey?: boolean }): boolean {
  return !!user.twoStepEnabled || !!user.hasPasskey;
}

/** Whether this moderator's session keeps them from the moderation desk: it was not opened with a second factor. */
export function needsSecondFactorForDesk(user: { role: string; signedInWith?: SignInMethod }): boolean {
  return user.role === 'moderator' && !openedWithSecondFactor(user.signedInWith);
}

/**
 * Adding a second factor to an account that holds one needs a session opened with one, so a
 * password thief cannot add their own; an account with none yet starts from its password.
 */
export function mayAddSecondFactor(user: { twoStepEnabled?: boolean; hasPasskey?: boolean }, signedInWith: SignInMethod | undefined): boolean {
  return !hasSecondFactor(user) || openedWithSecondFactor(signedInWith);
}
