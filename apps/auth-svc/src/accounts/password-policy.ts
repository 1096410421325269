import { fieldMessage, PASSWORD_MAX, PASSWORD_MIN, type FieldMessage } from '@app/contracts';
import commonPasswords from 'fxa-common-password-list';

/**
 * Why a password cannot be used, or null when it can. Length is counted in characters and the
 * whole password is hashed (argon2 does not truncate), so long passphrases keep their strength.
 */
export function passwordProblem(password: string, username?: string, email?: string): FieldMessage | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN) return fieldMessage('password_too_short', { min: PASSWORD_MIN });
  if (length > PASSWORD_MAX) return fieldMessage('password_too_long', { max: PASSWORD_MAX });
  const lowered = password.toLowerCase();
  if (commonPasswords.test(password) || commonPasswords.test(lowered)) return fieldMessage('password_common');
  if (username && lowered === username.toLowerCase()) return fieldMessage('password_is_username');
  if (email && lowered === email.toLowerCase()) return fieldMessage('password_is_email');
  return null;
}
