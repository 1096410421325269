import { Inject, Injectable } from '@nestjs/common';
import type { PowChallengeDto } from '@app/contracts';
import { REDIS } from '@app/server';
import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import type { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { AuthEnv } from '../config/auth-env';

/** Every replica signs and checks with the same key; it is made once and never leaves Redis. */
const HMAC_KEY = 'captcha:pow:hmac-key';
const KEY_SCRIPT = `
redis.call('SET', KEYS[1], ARGV[1], 'NX')
return redis.call('GET', KEYS[1])
`;
const spentKey = (challenge: string) => `captcha:pow:spent:${challenge}`;

/**
 * Marks a solution spent on a question. The same solution may try that question again (its
 * tries are bounded), never another one. Returns 1 accepted, 0 spent elsewhere.
 */
const SPEND_SCRIPT = `
local holder = redis.call('GET', KEYS[1])
if not holder then
  redis.call('SET', KEYS[1], ARGV[1], 'EX', tonumber(ARGV[2]))
  return 1
end
if holder == ARGV[1] then return 1 end
return 0
`;

export type PowOutcome = 'accepted' | 'invalid' | 'expired' | 'spent';

/** ALTCHA's proof of work: the page spends about a second of SHA-256 per question, a farm real CPU. */
@Injectable()
export class ProofOfWork {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly env: AuthEnv,
  ) {}

  async create(): Promise<PowChallengeDto> {
    const challenge = await createChallenge({
      hmacKey: await this.hmacKey(),
      maxnumber: this.env.POW_MAX_NUMBER,
      expires: new Date(Date.now() + this.env.CAPTCHA_TTL_SECONDS * 1000),
    });
    return { ...challenge, maxnumber: this.env.POW_MAX_NUMBER };
  }

  /** Checks a solution (base64 JSON, ALTCHA's payload) and spends it on the question `questionId`. */
  async spend(payload: string, questionId: string): Promise<PowOutcome> {
    const solution = parse(payload);
    if (!solution) return 'invalid';
    const expires = Number(extractParams(solution).expires);
    if (!Number.isInteger(expires)) return 'invalid';
    const secondsLeft = expires - Math.floor(Date.now() / 1000);
    if (!(await verifySolution(solution, await this.hmacKey(), false))) return 'invalid';
    // Checked past the signature, so a forged date cannot pass for an expired challenge.
    if (secondsLeft <= 0) return 'expired';
    const spent = await this.redis.eval(SPEND_SCRIPT, 1, spentKey(solution.challenge), questionId, String(secondsLeft));
    return Number(spent) === 1 ? 'accepted' : 'spent';
  }

  /** Read each time, so a Redis that lost its data gives every replica the same new key. */
  private async hmacKey(): Promise<string> {
    return String(await this.redis.eval(KEY_SCRIPT, 1, HMAC_KEY, randomBytes(32).toString('hex')));
  }
}

interface PowSolution {
  algorithm: 'SHA-256';
  challenge: string;
  number: number;
  salt: string;
  signature: string;
}

function parse(payload: string): PowSolution | null {
  try {
    const value = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as Partial<PowSolution> | null;
    if (
      value?.algorithm !== 'SHA-256' ||
      !Number.isInteger(value.number) ||
      typeof value.challenge !== 'string' ||
      typeof value.salt !== 'string' ||
      typeof value.signature !== 'string'
    ) {
      return null;
    }
    return value as PowSolution;
  } catch {
    return null;
  }
}

