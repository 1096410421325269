import { ErrorCode } from '@app/contracts';
import { rpcError } from '@app/server';

/** A 429 that tells when to try again: in minutes in the text, in seconds for Retry-After. */
export function refusedFor(waitMs: number, message: (wait: string) => string) {
  const retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return rpcError(429, ErrorCode.TooManyAttempts, message(`${minutes} minute${minutes === 1 ? '' : 's'}`), {
    details: { retryAfterSeconds },
  });
}
