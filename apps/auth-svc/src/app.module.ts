import { Module } from '@nestjs/common';
import { ServiceName } from '@app/contracts';
import { ServiceCoreModule } from '@app/server';
import { authEnv } from './config/auth-env';
import { User } from './users/user.entity';
import { migrations } from './migrations';

@Module({
  imports: [
    ServiceCoreModule.forRoot({
      service: ServiceName.Auth,
      config: () => {
        const env = authEnv();
        return { databaseUrl: env.AUTH_DATABASE_URL, redisUrl: env.REDIS_URL, natsUrl: env.NATS_URL };
      },
      entities: [User],
      migrations,
    }),
  ],
})
export class AppModule {}
