import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import {
  CONNECTED_SOCKETS_KEY_TTL_SECONDS,
  CONNECTED_SOCKETS_RENEW_MS,
  CONNECTED_SOCKETS_TTL_SECONDS,
  GATEWAY_BOOT_KEY_PREFIX,
  connectedSocketsKey,
  gatewayBootKey,
  sessionSocketsKey,
} from '@app/contracts';
import { INSTANCE, REDIS } from '@app/server';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { hashToken } from '../common/session.service';
import { GatewayEnv } from '../config/gateway-env';

/**
 * Counts the live sockets of the person (KEYS[1]) and of the session (KEYS[2]) over every boot
 * still alive, forgetting the boots that died, and takes one more for this boot (ARGV[1]) unless
 * that would pass a cap. Answers 0 when admitted, 1 past the account's cap, 2 past the session's.
 * ARGV: boot, boot key prefix, account cap, session cap, hash TTL.
 */
const ADMIT = `
local function live(key)
  local boots = redis.call('HGETALL', key)
  local count = 0
  for i = 1, #boots, 2 do
    if boots[i] == ARGV[1] or redis.call('EXISTS', ARGV[2] .. boots[i]) == 1 then
      count = count + tonumber(boots[i + 1])
    else
      redis.call('HDEL', key, boots[i])
    end
  end
  return count
end
if live(KEYS[1]) >= tonumber(ARGV[3]) then return 1 end
if live(KEYS[2]) >= tonumber(ARGV[4]) then return 2 end
for _, key in ipairs(KEYS) do
  redis.call('HINCRBY', key, ARGV[1], 1)
  redis.call('EXPIRE', key, ARGV[5])
end
return 0`;

/** Takes one socket off each count, and the field away at none. */
const RELEASE = `
for _, key in ipairs(KEYS) do
  if redis.call('HINCRBY', key, ARGV[1], -1) <= 0 then redis.call('HDEL', key, ARGV[1]) end
end
return 0`;

type ConnectedRedis = Redis & {
  admitSocket(userKey: string, sessionKey: string, ...args: Array<string | number>): Promise<number>;
  releaseSocket(userKey: string, sessionKey: string, boot: string): Promise<number>;
};

export type Admission = 'admitted' | 'account' | 'session';
const VERDICTS: Record<number, Admission> = { 0: 'admitted', 1: 'account', 2: 'session' };

/**
 * How many sockets each person and each session holds, over every gateway, in Redis: a socket
 * past WS_SOCKETS_PER_SESSION or WS_SOCKETS_PER_ACCOUNT is refused, and any chat-svc can tell
 * whether someone has the app open anywhere (contracts: connected-sockets). A boot id beside the
 * instance id keeps a restarted gateway from inheriting the counts of the one before.
 */
@Injectable()
export class ConnectedSockets implements OnModuleDestroy {
  private readonly logger = new Logger(ConnectedSockets.name);
  private readonly boot: string;
  private readonly renewal: NodeJS.Timeout;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(INSTANCE) instance: string,
    private readonly env: GatewayEnv,
  ) {
    this.boot = `${instance}:${randomUUID().slice(0, 8)}`;
    redis.defineCommand('admitSocket', { numberOfKeys: 2, lua: ADMIT });
    redis.defineCommand('releaseSocket', { numberOfKeys: 2, lua: RELEASE });
    const renew = () => void this.redis.set(gatewayBootKey(this.boot), '1', 'EX', CONNECTED_SOCKETS_TTL_SECONDS).catch((error: Error) => this.warn(error));
    renew();
    this.renewal = setInterval(renew, CONNECTED_SOCKETS_RENEW_MS).unref();
  }

  async onModuleDestroy() {
    clearInterval(this.renewal);
    // Every socket of this boot goes now: its counts stop counting at once, not when the key lapses.
    await this.redis.del(gatewayBootKey(this.boot)).catch((error: Error) => this.warn(error));
  }

  /**
   * Counts the socket in, or says which cap it would pass. With Redis away the socket is let in
   * uncounted: the caps guard against abuse, and refusing everyone would be the worse failure.
   */
  async admit(userId: number, sessionToken: string): Promise<Admission | 'uncounted'> {
    try {
      const verdict = await (this.redis as ConnectedRedis).admitSocket(
        connectedSocketsKey(userId),
        sessionSocketsKey(hashToken(sessionToken)),
        this.boot,
        GATEWAY_BOOT_KEY_PREFIX,
        this.env.WS_SOCKETS_PER_ACCOUNT,
        this.env.WS_SOCKETS_PER_SESSION,
        CONNECTED_SOCKETS_KEY_TTL_SECONDS,
      );
      return VERDICTS[verdict];
    } catch (error) {
      this.warn(error as Error);
      return 'uncounted';
    }
  }

  release(userId: number, sessionToken: string) {
    (this.redis as ConnectedRedis)
      .releaseSocket(connectedSocketsKey(userId), sessionSocketsKey(hashToken(sessionToken)), this.boot)
      .catch((error: Error) => this.warn(error));
  }

  private warn(error: Error) {
    this.logger.warn(`Connected sockets not counted: ${error.message}`);
  }
}
