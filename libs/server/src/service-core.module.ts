import { Controller, DynamicModule, Inject, Module, OnModuleInit, Optional } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { MikroORM } from '@mikro-orm/postgresql';
import type { MigrationObject } from '@mikro-orm/core';
import { healthPattern, type HealthReport, type ServiceName } from '@app/contracts';
import type { Redis } from 'ioredis';
import { ensureDatabase, migrate, ormOptions } from './database';
import { healthReport } from './health';
import { REDIS, createRedis } from './redis';
import { RpcClientModule } from './rpc-client.module';

export interface ServiceCoreOptions {
  service: ServiceName;
  /** Read lazily so that tests can set the environment before the module is created. */
  config: () => { databaseUrl: string; redisUrl: string; natsUrl: string };
  entities: Function[];
  migrations: MigrationObject[];
}

/**
 * Checks a service adds to its health report beyond PostgreSQL and Redis (media-svc: storage).
 * Provide it from a global module of the service.
 */
export const EXTRA_HEALTH_CHECKS = Symbol('EXTRA_HEALTH_CHECKS');
export type HealthChecks = Record<string, () => Promise<unknown>>;

function healthController(service: ServiceName) {
  @Controller()
  class HealthController {
    constructor(
      private readonly orm: MikroORM,
      @Inject(REDIS) private readonly redis: Redis,
      @Optional() @Inject(EXTRA_HEALTH_CHECKS) private readonly extra: HealthChecks = {},
    ) {}

    @MessagePattern(healthPattern(service))
    check(): Promise<HealthReport> {
      return healthReport(service, {
        postgres: () => this.orm.em.getConnection().execute('select 1'),
        redis: () => this.redis.ping(),
        ...this.extra,
      });
    }
  }
  return HealthController;
}

/**
 * What every service has: its own database (created and migrated at start), Redis, a NATS
 * client for events and calls, and the health answer.
 */
@Module({})
export class ServiceCoreModule implements OnModuleInit {
  constructor(
    private readonly orm: MikroORM,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  static forRoot(options: ServiceCoreOptions): DynamicModule {
    return {
      module: ServiceCoreModule,
      global: true,
      imports: [
        MikroOrmModule.forRootAsync({
          useFactory: async () => {
            const { databaseUrl } = options.config();
            await ensureDatabase(databaseUrl);
            return ormOptions({ databaseUrl, entities: options.entities, migrations: options.migrations });
          },
        }),
        RpcClientModule.forRoot(() => options.config().natsUrl, options.service),
      ],
      controllers: [healthController(options.service)],
      providers: [{ provide: REDIS, useFactory: () => createRedis(options.config().redisUrl) }],
      exports: [REDIS],
    };
  }

  async onModuleInit() {
    await migrate(this.orm);
  }

  async onApplicationShutdown() {
    this.redis.disconnect();
  }
}
