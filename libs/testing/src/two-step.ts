import { authenticator } from 'otplib';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { TWO_STEP_CODE_DIGITS, TWO_STEP_PERIOD_SECONDS } from '@app/contracts';

/** The authenticator app's code for this secret at this moment. */
export function totpCode(secret: string, atMs = Date.now()): string {
  return authenticator.clone({ digits: TWO_STEP_CODE_DIGITS, step: TWO_STEP_PERIOD_SECONDS, epoch: atMs }).generate(secret);
}

/**
 * The newest time step handed out for a secret, kept in a file rather than in memory: Jest loads
 * this module afresh for every test file, and the browser tests' files share one server, which
 * refuses a step any earlier file used. Past steps are harmless, so the file is never cleaned.
 */
const STEPS_DIR = join(tmpdir(), 'chatmarket-totp-steps');

function lastStepUsed(secret: string): number {
  try {
    return Number(readFileSync(stepFile(secret), 'utf8')) || -1;
  } catch {
    return -1;
  }
}

function recordStep(secret: string, step: number): void {
  mkdirSync(STEPS_DIR, { recursive: true });
  writeFileSync(stepFile(secret), String(step));
}

function stepFile(secret: string): string {
  return join(STEPS_DIR, createHash('sha256').update(secret).digest('hex').slice(0, 16));
}

/**
 * A code the server has not seen yet: the server refuses a time step used before, and accepts
 * the next step's code too (clock drift), so two sign-ins fit in one step; a third waits for the
 * clock to reach the next step. For helpers that sign the same account in again and again (the
 * seeded moderator).
 */
export async function freshTotpCode(secret: string): Promise<string> {
  for (;;) {
    const now = Date.now();
    const step = Math.floor(now / 1000 / TWO_STEP_PERIOD_SECONDS);
    const next = Math.max(step, lastStepUsed(secret) + 1);
    if (next <= step + 1) {
      recordStep(secret, next);
      return totpCode(secret, next * TWO_STEP_PERIOD_SECONDS * 1000);
    }
    await sleep((step + 1) * TWO_STEP_PERIOD_SECONDS * 1000 - now);
  }
}
