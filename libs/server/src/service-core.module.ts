import { Controller, DynamicModule, Inject, Module, OnModuleInit, Optional } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { MikroORM } from '@mikro-orm/postgresql';
import type { MigrationObject } from '@mikro-orm/core';
import { healthPattern, type HealthReport, type ServiceName } from '@app/contracts';
import type { Redis } from 'ioredis';
import type { Server } from 'node:http';
import { ensureDatabase, migrate, ormOptions } from './database';
import type { AppConfig } from './env';
import { healthReport, instanceId } from './health';
import { observeGauge, startMetricsServer } from './metrics';
import type { BaseEnv } from './service-env';
import { REDIS, createRedis } from './redis';
import { RpcClientModule } from './rpc-client.module';

export interface ServiceCoreOptions<E extends BaseEnv> {
  service: ServiceName;
  /** The service's configuration; read when the module is created, so tests can set the environment first. */
  env: AppConfig<E>;
  databaseUrl: (env: E) => string;
  entities: Function[];
  migrations: MigrationObject[];
}

/** The injection token of this process's name (INSTANCE_ID, or host and pid). */
export const INSTANCE = Symbol('INSTANCE');
const METRICS_PORT = Symbol('METRICS_PORT');

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
      @Inject(INSTANCE) private readonly instance: string,
      private readonly orm: MikroORM,
      @Inject(REDIS) private readonly redis: Redis,
      @Optional() @Inject(EXTRA_HEALTH_CHECKS) private readonly extra: HealthChecks = {},
    ) {}

    @MessagePattern(healthPattern(service))
    check(): Promise<HealthReport> {
      return healthReport(service, this.instance, {
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
  private metrics?: Server;

  constructor(
    private readonly orm: MikroORM,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(METRICS_PORT) private readonly metricsPort: number,
  ) {}

  static forRoot<E extends BaseEnv>(options: ServiceCoreOptions<E>): DynamicModule {
    const { env } = options;
    return {
      module: ServiceCoreModule,
      global: true,
      imports: [
        MikroOrmModule.forRootAsync({
          useFactory: async () => {
            const databaseUrl = options.databaseUrl(env());
            await ensureDatabase(databaseUrl);
            return ormOptions({ databaseUrl, entities: options.entities, migrations: options.migrations });
          },
        }),
        RpcClientModule.forRoot(() => env().NATS_URL, options.service),
      ],
      controllers: [healthController(options.service)],
      providers: [
        // Services inject their env class (`constructor(private readonly env: ChatEnv)`).
        { provide: env.envClass, useFactory: () => env() },
        { provide: INSTANCE, useFactory: () => instanceId(env()) },
        { provide: REDIS, useFactory: () => createRedis(env().REDIS_URL) },
        { provide: METRICS_PORT, useFactory: () => env().METRICS_PORT },
      ],
      exports: [env.envClass, INSTANCE, REDIS],
    };
  }

  async onModuleInit() {
    await migrate(this.orm);
    const pool = this.orm.em.getConnection().getKnex().client.pool as { numUsed(): number; numPendingAcquires(): number };
    observeGauge('db_pool_connections_in_use', 'PostgreSQL connections checked out of the pool', () => pool.numUsed());
    observeGauge('db_pool_pending_acquires', 'Queries waiting for a PostgreSQL connection', () => pool.numPendingAcquires());
    observeGauge('redis_pending_commands', 'Redis commands sent and not yet answered', () => (this.redis as unknown as { commandQueue: { length: number } }).commandQueue.length);
    this.metrics = await startMetricsServer(this.metricsPort);
  }

  async onApplicationShutdown() {
    this.redis.disconnect();
    await new Promise((resolve) => (this.metrics ? this.metrics.close(resolve) : resolve(undefined)));
  }
}
