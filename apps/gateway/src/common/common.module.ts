import { Global, Module } from '@nestjs/common';
import { createRedis, REDIS } from '@app/server';
import { gatewayEnv } from '../config/gateway-env';
import { AuthGuard } from './auth.guards';
import { SessionService } from './session.service';

/** What every gateway feature uses: sessions, the auth guard and Redis. */
@Global()
@Module({
  providers: [SessionService, AuthGuard, { provide: REDIS, useFactory: () => createRedis(gatewayEnv().REDIS_URL) }],
  exports: [SessionService, AuthGuard, REDIS],
})
export class CommonModule {}
