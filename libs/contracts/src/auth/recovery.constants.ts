/** E-mail verification and password reset, answered by auth-svc (queue group "auth-svc"). */
export const RecoveryPatterns = {
  /** ForgotPasswordRequestDto -> { ok: true }, the same whether or not the address has an account; 429 per address. */
  RequestPasswordReset: 'auth.password.request-reset',
  /** ResetPasswordDto -> { ok: true }; 400 for an unknown, used or expired link. Ends every session of the account. */
  ResetPassword: 'auth.password.reset',
  /** VerifyEmailDto -> UserDto with isVerified; 400 for an unknown, used or expired link. */
  VerifyEmail: 'auth.email.verify',
  /** UserIdDto-like { userId } -> { ok: true }: mails a new verification link; 429 when asked too often. */
  ResendVerification: 'auth.email.resend-verification',
} as const;

export const RecoveryMessages = {
  resetRequested: 'If an account uses that email, we have sent it a link to choose a new password. The link works for 1 hour.',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Please ask for a new one.',
  passwordChanged: 'Your password has been changed. Please sign in with your new password.',
  verifyLinkInvalid: 'This verification link is invalid or has expired. Please ask for a new one.',
  alreadyVerified: 'Your email address is already verified.',
  verificationSent: 'We have sent you a new verification link.',
} as const;

/** Links in mail: a reset link lasts an hour, a verification link a day; each works once. */
export const PASSWORD_RESET_TTL_SECONDS = 60 * 60;
export const EMAIL_VERIFICATION_TTL_SECONDS = 24 * 60 * 60;
