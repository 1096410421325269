import { ErrorCode, fieldMessage } from '@app/contracts';
import { rpcError } from '@app/server';

/** The refusals that say when to try again, in whole minutes. */
export type WaitRefusal = 'sign_in_too_many_failures' | 'sign_up_too_many' | 'captcha_too_many_questions' | 'passkey_too_many_sign_ins' | 'password_reset_too_many';

/** A 429 that tells when to try again: in minutes in the text (and its code's values), in seconds for Retry-After. */
export function refusedFor(waitMs: number, refusal: WaitRefusal) {
  const retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return rpcError(429, ErrorCode.TooManyAttempts, fieldMessage(refusal, { amount: minutes, unit: minutes === 1 ? 'minute' : 'minutes' }), {
    details: { retryAfterSeconds },
  });
}
