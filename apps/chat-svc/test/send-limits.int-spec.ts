import 'reflect-metadata';
import {
  ChatMessages,
  DUPLICATE_WINDOW_MS,
  ErrorCode,
  FLOOD_LIMIT,
  FLOOD_WINDOW_MS,
  HOUR_MS,
  HOURLY_MESSAGE_LIMIT,
  LINK_WINDOW_MS,
  type RpcErrorBody,
} from '@app/contracts';
import { ManualClock, startRedisServer } from '@app/testing';
import { RpcException } from '@nestjs/microservices';
import { Redis } from 'ioredis';
import type { ChildProcess } from 'node:child_process';
import { ChatEnv } from '../src/config/chat-env';
import { SendLimitsService, type SendAttempt } from '../src/limits/send-limits.service';

const MINUTE = 60_000;


/**
 * The windows of the send limits, on a real Redis with the time under the test's control:
 * each limit is checked a millisecond before its window ends and again when it does.
 */
describe('send limits over time', () => {
  let redisServer: { url: string; process: ChildProcess };
  let redis: Redis;
  let clock: ManualClock;
  let limits: SendLimitsService;
  let nextUserId = 1;

  beforeAll(async () => {
    redisServer = await startRedisServer();
    redis = new Redis(redisServer.url);
  });

  afterAll(() => {
    redis?.disconnect();
    redisServer?.process.kill('SIGKILL');
  });

  beforeEach(() => {
    clock = new ManualClock(Date.parse('2026-03-01T12:00:00Z'));
    limits = new SendLimitsService(redis, clock, new ChatEnv());
  });

  /** A regular user in a public room (the limited case), each test with a user of its own. */
  const sender = (attempt: Partial<SendAttempt> = {}) => {
    const userId = nextUserId++;
    return (content: string, more: Partial<SendAttempt> = {}) =>
      refusal({ userId, roomId: 1, content, limited: true, cooldownSeconds: 0, ...attempt, ...more });
  };

  /** The 429 a send is refused with, or null when it is let through (and counted). */
  async function refusal(attempt: SendAttempt): Promise<RpcErrorBody | null> {
    try {
      await limits.consume(attempt);
      return null;
    } catch (error) {
      if (error instanceof RpcException) return error.getError() as RpcErrorBody;
      throw error;
    }
  }

  it("lets a regular user send again once the room's cooldown has passed, and not a millisecond before", async () => {
    const send = sender({ cooldownSeconds: 30 });
    expect(await send('first')).toBeNull();
    expect(await send('right away')).toMatchObject({
      status: 429,
      code: ErrorCode.RateLimit,
      message: 'Please wait 30 seconds before sending another message',
      details: { waitTime: 30_000 },
    });
    clock.advance(29_999);
    expect(await send('nearly')).toMatchObject({ code: ErrorCode.RateLimit, details: { waitTime: 1 } });
    clock.advance(1);
    expect(await send('on time')).toBeNull();
    // The refused attempts did not stretch the cooldown; the accepted send started a new one.
    clock.advance(29_999);
    expect(await send('nearly again')).toMatchObject({ code: ErrorCode.RateLimit, details: { waitTime: 1 } });
    // Each room has a cooldown of its own.
    expect(await send('elsewhere', { roomId: 2 })).toBeNull();
  });

  it('tells the wait ahead before a send is tried: the cooldown, then the hourly quota when it ends later, nothing counted', async () => {
    const userId = nextUserId++;
    const attempt = { userId, roomId: 1, limited: true, cooldownSeconds: 30 };
    expect(await limits.pendingWait(userId, 1)).toBeNull();
    await limits.consume({ ...attempt, content: 'first' });
    expect(await limits.pendingWait(userId, 1)).toEqual({ reason: 'cooldown', waitMs: 30_000 });
    clock.advance(12_000);
    // Asking twice changes nothing: the answer is read, not counted.
    expect(await limits.pendingWait(userId, 1)).toEqual({ reason: 'cooldown', waitMs: 18_000 });
    expect(await limits.pendingWait(userId, 1)).toEqual({ reason: 'cooldown', waitMs: 18_000 });
    expect(await limits.pendingWait(userId, 2)).toBeNull();
    clock.advance(18_000);
    expect(await limits.pendingWait(userId, 1)).toBeNull();
    for (let n = 2; n <= HOURLY_MESSAGE_LIMIT; n++) {
      clock.advance(MINUTE);
      await limits.consume({ ...attempt, content: `message ${n}` });
    }
    // The 50th send started a 30 s cooldown, but the hour is full until the first send turns an hour old.
    const firstAt = clock.now() - 30_000 - (HOURLY_MESSAGE_LIMIT - 1) * MINUTE;
    const ahead = await limits.pendingWait(userId, 1);
    expect(ahead).toEqual({ reason: 'hourly', waitMs: firstAt + HOUR_MS - clock.now() });
    // Once the cooldown is over, the send is refused for exactly the wait that was told.
    clock.advance(30_000);
    const told = (ahead?.waitMs ?? 0) - 30_000;
    expect(await refusal({ ...attempt, content: 'too many' })).toMatchObject({ message: ChatMessages.RateLimit, details: { waitTime: told } });
    expect(await limits.pendingWait(userId, 1)).toEqual({ reason: 'hourly', waitMs: told });
  });

  it('allows 50 sends in any rolling hour, freeing a slot as each send turns an hour old', async () => {
    const send = sender();
    const start = clock.now();
    for (let n = 1; n <= HOURLY_MESSAGE_LIMIT; n++) {
      expect(await send(`message ${n}`)).toBeNull();
      clock.advance(MINUTE);
    }
    // 50 minutes in: the hour holds 50 sends, the oldest leaves it in 10 minutes.
    expect(await send('one too many')).toMatchObject({
      code: ErrorCode.RateLimit,
      message: ChatMessages.RateLimit,
      details: { waitTime: HOUR_MS - HOURLY_MESSAGE_LIMIT * MINUTE },
    });
    clock.advance(start + HOUR_MS - 1 - clock.now());
    expect(await send('still too many')).toMatchObject({ code: ErrorCode.RateLimit, details: { waitTime: 1 } });
    clock.advance(1);
    expect(await send('the first is an hour old')).toBeNull();
    // A rolling window, not a fixed one: the next slot frees when the second send turns an hour old.
    expect(await send('and another')).toMatchObject({ code: ErrorCode.RateLimit, details: { waitTime: MINUTE } });
    clock.advance(MINUTE);
    expect(await send('the second is an hour old')).toBeNull();
  });

  it('refuses the same text a third time within 5 minutes of the first, and takes it once the first is 5 minutes old', async () => {
    const send = sender();
    expect(await send('Buy my stuff')).toBeNull();
    clock.advance(MINUTE);
    expect(await send('buy  my STUFF ')).toBeNull();
    // A minute before the first send is 5 minutes old.
    clock.advance(DUPLICATE_WINDOW_MS - 2 * MINUTE);
    expect(await send('Buy my stuff')).toMatchObject({
      code: ErrorCode.RateLimitDuplicate,
      message: ChatMessages.Duplicate,
      details: { error: ErrorCode.RateLimitDuplicate, waitTime: MINUTE },
    });
    expect(await send('Something else')).toBeNull();
    clock.advance(MINUTE - 1);
    expect(await send('Buy my stuff')).toMatchObject({ code: ErrorCode.RateLimitDuplicate, details: { waitTime: 1 } });
    clock.advance(1);
    expect(await send('Buy my stuff')).toBeNull();
    // Now the second and the third are within the window: the second leaves it a minute later.
    expect(await send('BUY MY STUFF')).toMatchObject({ code: ErrorCode.RateLimitDuplicate, details: { waitTime: MINUTE } });
  });

  it('stops a flood from any role for the rest of its window, then lets it send again', async () => {
    const send = sender({ limited: false });
    for (let n = 1; n <= FLOOD_LIMIT; n++) expect(await send(`flood ${n}`)).toBeNull();
    expect(await send('one more')).toMatchObject({ code: ErrorCode.RateLimit, message: ChatMessages.Flood, details: { waitTime: FLOOD_WINDOW_MS } });
    clock.advance(FLOOD_WINDOW_MS - 1);
    expect(await send('still flooding')).toMatchObject({ code: ErrorCode.RateLimit, message: ChatMessages.Flood, details: { waitTime: 1 } });
    clock.advance(1);
    for (let n = 1; n <= FLOOD_LIMIT; n++) expect(await send(`next window ${n}`)).toBeNull();
    expect(await send('one more again')).toMatchObject({ message: ChatMessages.Flood });
  });

  it('holds the flood guard at what the operator set (a load test raises it)', async () => {
    limits = new SendLimitsService(redis, clock, Object.assign(new ChatEnv(), { MESSAGES_PER_USER_PER_10_SECONDS: 5 }));
    const send = sender({ limited: false });
    for (let n = 1; n <= 5; n++) expect(await send(`burst ${n}`)).toBeNull();
    expect(await send('sixth')).toMatchObject({ code: ErrorCode.RateLimit, message: ChatMessages.Flood, details: { waitTime: FLOOD_WINDOW_MS } });
  });

  it('takes at most 2 messages with links in 10 minutes from a regular user, counting only sends that were let through', async () => {
    const send = sender({ cooldownSeconds: 30 });
    const link = { hasLink: true };
    expect(await send('see example.com', link)).toBeNull();
    // Refused by the cooldown: not counted against the links.
    expect(await send('and example.org', link)).toMatchObject({ code: ErrorCode.RateLimit });
    clock.advance(MINUTE);
    expect(await send('also example.net', link)).toBeNull();
    clock.advance(MINUTE);
    expect(await send('third example.io', link)).toMatchObject({
      code: ErrorCode.RateLimitLinks,
      details: { error: ErrorCode.RateLimitLinks, waitTime: LINK_WINDOW_MS - 2 * MINUTE },
    });
    expect(await send('words only')).toBeNull();
    clock.advance(LINK_WINDOW_MS - 2 * MINUTE - 1);
    expect(await send('still too soon example.io', link)).toMatchObject({ code: ErrorCode.RateLimitLinks, details: { waitTime: 1 } });
    clock.advance(1);
    expect(await send('the first is 10 minutes old: example.io', link)).toBeNull();
    // Premium roles (not limited) share links freely.
    const premium = sender({ limited: false });
    for (let n = 1; n <= 5; n++) expect(await premium(`link ${n} example.com`, link)).toBeNull();
  });
});
