import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { createRedis, REDIS } from '@app/server';
import type { Redis } from 'ioredis';
import { gatewayEnv } from '../config/gateway-env';
import { AuthGuard } from './auth.guards';
import { SessionService } from './session.service';

/** What every gateway feature uses: sessions, the auth guard and Redis. */
@Global()
@Module({
  providers: [SessionService, AuthGuard, { provide: REDIS, useFactory: () => createRedis(gatewayEnv().REDIS_URL) }],
  exports: [SessionService, AuthGuard, REDIS],
})
export class CommonModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  onApplicationShutdown() {
    this.redis.disconnect();
  }
}
