import type { PowChallengeDto } from '@app/contracts';
import { randomBytes, createHash } from 'node:crypto';

let held: Array<() => void> | null = null;

/** Holds every solution back until the answer is called: a person who types faster than the page works. */
export function holdPowSolutions(): () => void {
  held = [];
  return () => {
    const waiting = held ?? [];
    held = null;
    for (const deliver of waiting) deliver();
  };
}

/**
 * What Vite builds from src/features/auth/pow/pow.worker.ts, for jsdom (which has no Workers):
 * the same search, answered as a message a moment later.
 */
export default class PowWorkerInProcess {
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  private ended = false;

  postMessage(pow: PowChallengeDto) {
    const deliver = () =>
      setTimeout(() => {
        if (!this.ended) this.onmessage?.({ data: solvePow(pow) } as MessageEvent);
      });
    if (held) held.push(deliver);
    else deliver();
  }

  terminate() {
    this.ended = true;
  }
}

/** The number under a challenge, found as the page's worker finds it; ALTCHA's payload for `pow`. */
export function solvePow(pow: PowChallengeDto): string | null {
  for (let number = 0; number <= pow.maxnumber; number++) {
    if (createHash('sha256').update(pow.salt + number).digest('hex') === pow.challenge) {
      const { algorithm, challenge, salt, signature } = pow;
      return btoa(JSON.stringify({ algorithm, challenge, number, salt, signature }));
    }
  }
  return null;
}

/** A small real challenge, as auth-svc makes them (its signature is the server's business). */
export function powChallenge(maxnumber = 50): PowChallengeDto {
  const salt = `${randomBytes(6).toString('hex')}?expires=${Math.floor(Date.now() / 1000) + 300}&`;
  const number = Math.floor(Math.random() * maxnumber);
  const challenge = createHash('sha256').update(salt + number).digest('hex');
  return { algorithm: 'SHA-256', challenge, maxnumber, salt, signature: 'f'.repeat(64) };
}
