import { authenticator } from 'otplib';
import { setTimeout as sleep } from 'node:timers/promises';
import { TWO_STEP_CODE_DIGITS, TWO_STEP_PERIOD_SECONDS } from '@app/contracts';

/** The authenticator app's code for this secret at this moment. */
export function totpCode(secret: string, atMs = Date.now()): string {
  return authenticator.clone({ digits: TWO_STEP_CODE_DIGITS, step: TWO_STEP_PERIOD_SECONDS, epoch: atMs }).generate(secret);
}

const lastStepUsed = new Map<string, number>();

/**
 * A code the server has not seen yet from this process: the server refuses a time step used
 * before, and accepts the next step's code too (clock drift), so two sign-ins fit in one step;
 * a third waits for the clock to reach the next step. For helpers that sign the same account in
 * again and again (the seeded moderator).
 */
export async function freshTotpCode(secret: string): Promise<string> {
  for (;;) {
    const now = Date.now();
    const step = Math.floor(now / 1000 / TWO_STEP_PERIOD_SECONDS);
    const last = lastStepUsed.get(secret) ?? -1;
    const next = Math.max(step, last + 1);
    if (next <= step + 1) {
      lastStepUsed.set(secret, next);
      return totpCode(secret, next * TWO_STEP_PERIOD_SECONDS * 1000);
    }
    await sleep((step + 1) * TWO_STEP_PERIOD_SECONDS * 1000 - now);
  }
}
