import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import {
  CONNECTED_SOCKETS_KEY_TTL_SECONDS,
  CONNECTED_SOCKETS_RENEW_MS,
  CONNECTED_SOCKETS_TTL_SECONDS,
  connectedSocketsKey,
  gatewayBootKey,
} from '@app/contracts';
import { INSTANCE, REDIS } from '@app/server';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { ClientSocket, SocketRegistry } from './socket-registry';

/** Takes one socket off the count, and the field away at none (atomically: an add may race it). */
const RELEASE = `
local left = redis.call('HINCRBY', KEYS[1], ARGV[1], -1)
if left <= 0 then redis.call('HDEL', KEYS[1], ARGV[1]) end
return left`;

type ConnectedRedis = Redis & { releaseConnectedSocket(key: string, boot: string): Promise<number> };

/**
 * Tells Redis how many sockets of each person this gateway holds, so that any chat-svc can
 * tell whether someone has the app open anywhere (contracts: connected-sockets). A boot id
 * beside the instance id keeps a restarted gateway from inheriting the counts of the one before.
 */
@Injectable()
export class ConnectedSockets implements OnModuleDestroy {
  private readonly logger = new Logger(ConnectedSockets.name);
  private readonly boot: string;
  private readonly renewal: NodeJS.Timeout;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(INSTANCE) instance: string,
    registry: SocketRegistry,
  ) {
    this.boot = `${instance}:${randomUUID().slice(0, 8)}`;
    redis.defineCommand('releaseConnectedSocket', { numberOfKeys: 1, lua: RELEASE });
    registry.onAdd((socket) => this.connected(socket));
    registry.onClose((socket) => this.disconnected(socket));
    const renew = () => void this.redis.set(gatewayBootKey(this.boot), '1', 'EX', CONNECTED_SOCKETS_TTL_SECONDS).catch((error: Error) => this.warn(error));
    renew();
    this.renewal = setInterval(renew, CONNECTED_SOCKETS_RENEW_MS).unref();
  }

  async onModuleDestroy() {
    clearInterval(this.renewal);
    // Every socket of this boot goes now: its counts stop counting at once, not when the key lapses.
    await this.redis.del(gatewayBootKey(this.boot)).catch((error: Error) => this.warn(error));
  }

  private connected(socket: ClientSocket) {
    const key = connectedSocketsKey(socket.user.id);
    this.redis
      .multi()
      .hincrby(key, this.boot, 1)
      .expire(key, CONNECTED_SOCKETS_KEY_TTL_SECONDS)
      .exec()
      .catch((error: Error) => this.warn(error));
  }

  private disconnected(socket: ClientSocket) {
    (this.redis as ConnectedRedis).releaseConnectedSocket(connectedSocketsKey(socket.user.id), this.boot).catch((error: Error) => this.warn(error));
  }

  private warn(error: Error) {
    // A count that could not be written costs at most a push too many or too few; sockets go on.
    this.logger.warn(`Connected sockets not recorded: ${error.message}`);
  }
}
