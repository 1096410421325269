import type { CaptchaChallengeDto, PowChallengeDto } from '@app/contracts';
import { createHash } from 'node:crypto';

/** Reads the captcha's "a op b = ?" as a person would and works it out. */
export function solveArithmetic(question: string): number {
  const match = /(\d+)\s*([+\-−×x*])\s*(\d+)/.exec(question);
  if (!match) throw new Error(`Not an arithmetic question: ${question}`);
  const [a, op, b] = [Number(match[1]), match[2], Number(match[3])];
  if (op === '+') return a + b;
  if (op === '-' || op === '−') return a - b;
  return a * b;
}

/** Finds the number a browser finds, and answers ALTCHA's payload (base64 JSON) for `pow`. */
export function solvePow(pow: PowChallengeDto): string {
  for (let number = 0; number <= pow.maxnumber; number++) {
    if (createHash('sha256').update(pow.salt + number).digest('hex') === pow.challenge) {
      const { algorithm, challenge, salt, signature } = pow;
      return Buffer.from(JSON.stringify({ algorithm, challenge, number, salt, signature })).toString('base64');
    }
  }
  throw new Error(`No solution to the proof of work up to ${pow.maxnumber}`);
}

/** The body of POST /api/auth/captcha/verify for a question: both answers, as the page sends them. */
export function captchaAnswers(challenge: CaptchaChallengeDto) {
  return { challengeId: challenge.id, answer: solveArithmetic(challenge.question), pow: solvePow(challenge.pow) };
}
