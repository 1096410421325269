import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { createRedis, INSTANCE, instanceId, REDIS } from '@app/server';
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { GatewayEnv, gatewayEnv } from '../config/gateway-env';
import { AuthGuard } from './auth.guards';
import { SessionService } from './session.service';

/** What every gateway feature uses: its configuration, sessions, the auth guard and Redis. */
@Global()
@Module({
  providers: [
    SessionService,
    AuthGuard,
    { provide: GatewayEnv, useFactory: () => gatewayEnv() },
    // Presence identity: a restarted gateway never inherits a dead one's entries.
    { provide: INSTANCE, useFactory: () => `${instanceId(gatewayEnv())}-${randomUUID().slice(0, 8)}` },
    { provide: REDIS, useFactory: () => createRedis(gatewayEnv().REDIS_URL) },
  ],
  exports: [SessionService, AuthGuard, GatewayEnv, INSTANCE, REDIS],
})
export class CommonModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  onApplicationShutdown() {
    this.redis.disconnect();
  }
}
