import { PASSWORD_MAX, PASSWORD_MIN } from '@app/contracts';
import commonPasswords from 'fxa-common-password-list';

export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose a less predictable one.';

/**
 * Why a password cannot be used, or null when it can. Length is counted in characters and the
 * whole password is hashed (argon2 does not truncate), so long passphrases keep their strength.
 */
export function passwordProblem(password: string, username?: string, email?: string): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN) return `Password must be at least ${PASSWORD_MIN} characters`;
  if (length > PASSWORD_MAX) return `Password must be at most ${PASSWORD_MAX} characters`;
  const lowered = password.toLowerCase();
  if (commonPasswords.test(password) || commonPasswords.test(lowered)) return COMMON_PASSWORD_MESSAGE;
  if (username && lowered === username.toLowerCase()) return 'Password must not be the same as your username';
  if (email && lowered === email.toLowerCase()) return 'Password must not be the same as your email';
  return null;
}
