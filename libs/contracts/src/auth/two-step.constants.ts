/** Two-step sign-in with an authenticator app (TOTP), answered by auth-svc (queue group "auth-svc"). */
export const TwoStepPatterns = {
  /** UserIdDto -> TwoStepStatusDto */
  Status: 'auth.two-step.status',
  /** UserIdDto -> TwoStepSetupDto: a new secret waiting TWO_STEP_SETUP_TTL_SECONDS for its confirmation; 409 when already on */
  Start: 'auth.two-step.start',
  /** ConfirmTwoStepRequestDto -> RecoveryCodesDto (shown once); 400 with fields.code for a wrong code */
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

/** The error code of a moderator's request refused until two-step sign-in is on or a passkey is added. */
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
  moderatorsNeedIt: 'Turn on two-step sign-in or add a passkey in Settings to use the moderation desk.',
} as const;

/**
 * The authenticator secret of the seeded demo moderator, for `npm start` and the tests only (the
 * seed leaves it out when NODE_ENV is production). Documented in the README's demo accounts.
 */
export const DEMO_TWO_STEP_SECRET = 'CHATMARKETDEMOMODERATORSECRETKEY';

/** Whether this account must turn on two-step sign-in or add a passkey (its second factor) before it may use the moderation desk. */
export function needsSecondFactorForDesk(user: { role: string; twoStepEnabled?: boolean; hasPasskey?: boolean }): boolean {
  return user.role === 'moderator' && !user.twoStepEnabled && !user.hasPasskey;
}
