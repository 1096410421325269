import { randomInt } from 'node:crypto';

export type CaptchaOperation = 'add' | 'subtract' | 'multiply';

export interface CaptchaQuestion {
  operation: CaptchaOperation;
  a: number;
  b: number;
  answer: number;
  question: string;
}

const SYMBOLS: Record<CaptchaOperation, string> = { add: '+', subtract: '-', multiply: '×' };
const OPERATIONS: CaptchaOperation[] = ['add', 'subtract', 'multiply'];

/** randomInt's upper bound is exclusive; the spec's ranges are inclusive. */
const between = (min: number, max: number) => randomInt(min, max + 1);

/**
 * An arithmetic question with the spec's operand ranges: add 1-50 each, subtract 25-74 minus
 * 1-25 (never negative), multiply 1-12 each. Drawn with a CSPRNG so answers are not predictable.
 */
export function generateCaptcha(operation: CaptchaOperation = OPERATIONS[randomInt(OPERATIONS.length)]): CaptchaQuestion {
  let a: number;
  let b: number;
  let answer: number;
  switch (operation) {
    case 'add':
      a = between(1, 50);
      b = between(1, 50);
      answer = a + b;
      break;
    case 'subtract':
      a = between(25, 74);
      b = between(1, 25);
      answer = a - b;
      break;
    case 'multiply':
      a = between(1, 12);
      b = between(1, 12);
      answer = a * b;
      break;
  }
  return { operation, a, b, answer, question: `${a} ${SYMBOLS[operation]} ${b} = ?` };
}
