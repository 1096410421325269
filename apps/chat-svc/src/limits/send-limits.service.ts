import { Inject, Injectable } from '@nestjs/common';
import {
  DUPLICATE_LIMIT,
  DUPLICATE_WINDOW_MS,
  ErrorCode,
  FLOOD_WINDOW_MS,
  HOUR_MS,
  HOURLY_MESSAGE_LIMIT,
  LINK_MESSAGE_LIMIT,
  LINK_WINDOW_MS,
  describeWaitValues,
  fieldMessage,
  type SendWaitDto,
} from '@app/contracts';
import { comparableText, Metrics, REDIS, rpcError } from '@app/server';
import type { Redis } from 'ioredis';
import { createHash, randomUUID } from 'node:crypto';
import { ChatEnv } from '../config/chat-env';
import { Clock } from './clock';

/**
 * Checks and records a send in one script, so replicas racing for the same user never let
 * them past a limit. Returns { verdict, waitMs }.
 *   flood     : every sender, a fixed window far above human speed
 *   duplicate : the same text too often within 5 minutes (regular users in public rooms)
 *   links     : more than 2 messages with links within 10 minutes (idem), refused as spam
 *   cooldown  : the room's messageCooldown since the previous send (idem)
 *   hourly    : 50 sends per rolling hour (idem)
 * Every window is measured from the time the service passes in (ARGV[1]), never from the age
 * of a key: the stored values are times, and a key's expiry only clears it away once the
 * window it serves is over.
 */
const SEND_SCRIPT = `
local now = tonumber(ARGV[1])
local floodWindow = tonumber(ARGV[3])
local floodStart = tonumber(redis.call('HGET', KEYS[1], 'start') or '')
if not floodStart or now - floodStart >= floodWindow then
  floodStart = now
  redis.call('HSET', KEYS[1], 'start', now, 'count', 0)
  redis.call('PEXPIRE', KEYS[1], floodWindow)
end
if redis.call('HINCRBY', KEYS[1], 'count', 1) > tonumber(ARGV[2]) then return {'flood', floodStart + floodWindow - now} end
if ARGV[4] ~= '1' then return {'ok', 0} end

local dupWindow = tonumber(ARGV[9])
redis.call('ZREMRANGEBYSCORE', KEYS[4], '-inf', now - dupWindow)
if redis.call('ZCARD', KEYS[4]) >= tonumber(ARGV[8]) - 1 then
  local oldest = redis.call('ZRANGE', KEYS[4], 0, 0, 'WITHSCORES')
  return {'duplicate', tonumber(oldest[2]) + dupWindow - now}
end

local linkWindow = tonumber(ARGV[13])
if ARGV[11] == '1' then
  redis.call('ZREMRANGEBYSCORE', KEYS[5], '-inf', now - linkWindow)
  if redis.call('ZCARD', KEYS[5]) >= tonumber(ARGV[12]) then
    local oldest = redis.call('ZRANGE', KEYS[5], 0, 0, 'WITHSCORES')
    return {'links', tonumber(oldest[2]) + linkWindow - now}
  end
end

local cooldownUntil = tonumber(redis.call('GET', KEYS[2]) or '')
if cooldownUntil and cooldownUntil > now then return {'cooldown', cooldownUntil - now} end

local hourMs = tonumber(ARGV[7])
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now - hourMs)
if redis.call('ZCARD', KEYS[3]) >= tonumber(ARGV[6]) then
  local oldest = redis.call('ZRANGE', KEYS[3], 0, 0, 'WITHSCORES')
  return {'hourly', tonumber(oldest[2]) + hourMs - now}
end

if tonumber(ARGV[5]) > 0 then redis.call('SET', KEYS[2], now + tonumber(ARGV[5]), 'PX', ARGV[5]) end
redis.call('ZADD', KEYS[3], now, ARGV[10])
redis.call('PEXPIRE', KEYS[3], hourMs)
redis.call('ZADD', KEYS[4], now, ARGV[10])
redis.call('PEXPIRE', KEYS[4], dupWindow)
if ARGV[11] == '1' then
  redis.call('ZADD', KEYS[5], now, ARGV[10])
  redis.call('PEXPIRE', KEYS[5], linkWindow)
end
return {'ok', 0}
`;

export interface SendAttempt {
  userId: number;
  roomId: number;
  content: string;
  /** Regular users in public rooms get the cooldown, hourly, duplicate and link limits. */
  limited: boolean;
  cooldownSeconds: number;
  /** The message carries a link (counted against the link limit when limited). */
  hasLink?: boolean;
}

@Injectable()
export class SendLimitsService {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly clock: Clock,
    private readonly env: ChatEnv,
  ) {
    this.redis.defineCommand('chatSendCheck', { numberOfKeys: 5, lua: SEND_SCRIPT });
  }

  /** Throws the spec's 429 when the send is over a limit; otherwise counts it. */
  async consume(attempt: SendAttempt): Promise<void> {
    const now = this.clock.now();
    const key = keysOf(attempt.userId);
    const keys = [key.flood, key.cooldownUntil(attempt.roomId), key.hour, key.duplicate(attempt.content), key.links];
    const args = [
      now,
      this.env.MESSAGES_PER_USER_PER_10_SECONDS,
      FLOOD_WINDOW_MS,
      attempt.limited ? '1' : '0',
      attempt.cooldownSeconds * 1000,
      HOURLY_MESSAGE_LIMIT,
      HOUR_MS,
      DUPLICATE_LIMIT,
      DUPLICATE_WINDOW_MS,
      `${now}-${randomUUID()}`,
      attempt.hasLink ? '1' : '0',
      LINK_MESSAGE_LIMIT,
      LINK_WINDOW_MS,
    ];
    const [verdict, wait] = (await (
      this.redis as unknown as { chatSendCheck(...a: unknown[]): Promise<[string, number]> }
    ).chatSendCheck(...keys, ...args)) as [string, number];
    if (verdict === 'ok') return;
    Metrics.sendRefusals.inc({ reason: verdict });
    const waitTime = Math.max(1, Math.ceil(Number(wait)));
    const seconds = Math.ceil(waitTime / 1000);
    const code = verdict === 'duplicate' ? ErrorCode.RateLimitDuplicate : verdict === 'links' ? ErrorCode.RateLimitLinks : ErrorCode.RateLimit;
    const message =
      verdict === 'duplicate'
        ? fieldMessage('message_duplicate')
        : verdict === 'links'
          ? fieldMessage('link_spam', { max: LINK_MESSAGE_LIMIT, ...describeWaitValues(waitTime) })
        : verdict === 'hourly'
          ? fieldMessage('message_hourly_limit')
          : verdict === 'flood'
            ? fieldMessage('message_flood')
            : fieldMessage('message_cooldown', { seconds });
    throw rpcError(429, code, message, { details: { error: code, waitTime, retryAfterSeconds: seconds } });
  }

  /**
   * How long the next send of a limited person into the room would be refused for, by the
   * room's cooldown or the hourly quota (whichever ends later), counted nothing; null when it
   * may go now. A room shows it on entry, so a reload or a second tab counts down the same wait.
   */
  async pendingWait(userId: number, roomId: number): Promise<SendWaitDto | null> {
    const now = this.clock.now();
    const key = keysOf(userId);
    const [cooldownUntil, inHour] = await Promise.all([
      this.redis.get(key.cooldownUntil(roomId)),
      this.redis.zrangebyscore(key.hour, `(${now - HOUR_MS}`, '+inf', 'WITHSCORES'),
    ]);
    const cooldown = Number(cooldownUntil ?? 0) - now;
    const scores = inHour.filter((_, i) => i % 2 === 1).map(Number);
    const hourly = scores.length >= HOURLY_MESSAGE_LIMIT ? scores[scores.length - HOURLY_MESSAGE_LIMIT] + HOUR_MS - now : 0;
    if (cooldown <= 0 && hourly <= 0) return null;
    return hourly > cooldown ? { reason: 'hourly', waitMs: Math.ceil(hourly) } : { reason: 'cooldown', waitMs: Math.ceil(cooldown) };
  }
}

/** Hash-tagged by user so the keys of one check live in one slot of a Redis cluster. */
function keysOf(userId: number) {
  const tag = `{u:${userId}}`;
  return {
    flood: `chat:limit:${tag}:flood-window`,
    cooldownUntil: (roomId: number) => `chat:limit:${tag}:cooldown-until:${roomId}`,
    hour: `chat:limit:${tag}:hour`,
    duplicate: (content: string) => `chat:limit:${tag}:dup:${textHash(content)}`,
    links: `chat:limit:${tag}:links`,
  };
}

/**
 * The same text as a reader sees it (case, spacing, invisible characters, fullwidth and
 * look-alike letters ignored), so tricks that change only the bytes still count as a repeat.
 */
function textHash(content: string): string {
  return createHash('sha1').update(comparableText(content)).digest('hex');
}
