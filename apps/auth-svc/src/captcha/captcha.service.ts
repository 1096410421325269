import { Inject, Injectable } from '@nestjs/common';
import {
  CAPTCHA_MAX_TRIES,
  ErrorCode,
  fieldMessage,
  type CaptchaChallengeDto,
  type CaptchaTokenDto,
  type FieldMessage,
} from '@app/contracts';
import { REDIS, rpcError } from '@app/server';
import type { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { refusedFor } from '../common/refusal';
import { AuthEnv } from '../config/auth-env';
import { generateCaptcha } from './captcha-generator';
import { ProofOfWork, type PowOutcome } from './proof-of-work';

const challengeKey = (id: string) => `captcha:challenge:${id}`;
const tokenKey = (token: string) => `captcha:token:${token}`;

/**
 * Counts a try and compares the answer in one step, so parallel guesses cannot exceed the
 * allowed tries. Returns 1 right, 0 wrong, -1 unknown or expired, -2 wrong and used up.
 */
const VERIFY_SCRIPT = `
local answer = redis.call('HGET', KEYS[1], 'answer')
if not answer then return -1 end
local tries = redis.call('HINCRBY', KEYS[1], 'tries', 1)
if answer == ARGV[1] then
  redis.call('DEL', KEYS[1])
  return 1
end
if tries >= tonumber(ARGV[2]) then
  redis.call('DEL', KEYS[1])
  return -2
end
return 0
`;

export const CAPTCHA_REQUIRED_MESSAGE = 'Please complete the security verification';
const CAPTCHA_STALE = fieldMessage('captcha_stale');

/** The server side of the arithmetic captcha: it keeps the answer and hands out single-use tokens. */
@Injectable()
export class CaptchaService {
  /** Every question is kept until it expires, so asking must be bounded per address. */
  private readonly questionsByIp: RateLimiterRedis;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly env: AuthEnv,
    private readonly pow: ProofOfWork,
  ) {
    this.questionsByIp = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: 'captcha-ip',
      points: this.env.CAPTCHAS_PER_ADDRESS_PER_MINUTE,
      duration: 60,
    });
  }

  async create(ip: string): Promise<CaptchaChallengeDto> {
    try {
      await this.questionsByIp.consume(ip);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      throw refusedFor(error.msBeforeNext, 'captcha_too_many_questions');
    }
    const { question, answer } = generateCaptcha();
    const id = randomBytes(16).toString('hex');
    await this.redis
      .multi()
      .hset(challengeKey(id), { answer: String(answer), tries: '0' })
      .expire(challengeKey(id), this.env.CAPTCHA_TTL_SECONDS)
      .exec();
    return { id, question, pow: await this.pow.create() };
  }

  /** Both answers: the person's to the question, the browser's proof of work. */
  async verify(challengeId: string, answer: number, pow: string): Promise<CaptchaTokenDto> {
    const work = await this.pow.spend(pow, challengeId);
    if (work !== 'accepted') throw captchaError(POW_MESSAGES[work], 'pow');
    const outcome = Number(
      await this.redis.eval(VERIFY_SCRIPT, 1, challengeKey(challengeId), String(answer), String(CAPTCHA_MAX_TRIES)),
    );
    if (outcome === -1) {
      throw captchaError(fieldMessage('captcha_question_expired'), 'challengeId');
    }
    if (outcome === -2) {
      throw captchaError(fieldMessage('captcha_too_many_wrong'), 'answer');
    }
    if (outcome === 0) throw captchaError(fieldMessage('captcha_wrong'), 'answer');

    const token = randomBytes(32).toString('base64url');
    const ttl = this.env.CAPTCHA_TOKEN_TTL_SECONDS;
    await this.redis.set(tokenKey(token), '1', 'EX', ttl);
    return { token, expiresInSeconds: ttl };
  }

  /** Spends a token: each solved captcha admits exactly one login, registration or guest entry. */
  async consume(token: string): Promise<void> {
    const found = await this.redis.getdel(tokenKey(token));
    if (!found) throw captchaError(CAPTCHA_STALE, 'captchaResponse');
  }
}

const POW_MESSAGES: Record<Exclude<PowOutcome, 'accepted'>, FieldMessage> = {
  invalid: fieldMessage('captcha_pow_invalid'),
  expired: fieldMessage('captcha_pow_expired'),
  spent: fieldMessage('captcha_pow_spent'),
};

function captchaError(problem: FieldMessage, field: string) {
  return rpcError(400, ErrorCode.CaptchaInvalid, problem.message, { fields: { [field]: [problem] } });
}
