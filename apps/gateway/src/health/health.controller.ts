import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { healthPattern, ServiceName, type HealthReport } from '@app/contracts';
import { healthReport, INSTANCE, NATS_CLIENT, REDIS, RpcClient } from '@app/server';
import type { ClientNats } from '@nestjs/microservices';
import type { Request, Response } from 'express';
import { clientIp } from '../common/auth.guards';
import { isInternalAddress } from '../common/internal-address';
import type { Redis } from 'ioredis';

export interface PublicHealth {
  ok: boolean;
}

export interface SystemHealth {
  ok: boolean;
  gateway: HealthReport;
  services: Record<string, HealthReport | { service: string; ok: false; error: string }>;
  postgres: { ok: boolean };
  redis: { ok: boolean };
  nats: { ok: boolean };
}

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(NATS_CLIENT) private readonly nats: ClientNats,
    @Inject(INSTANCE) private readonly instance: string,
  ) {}

  /**
   * Each service's own report, and PostgreSQL, Redis and NATS as the system sees them; 503 when
   * any is down. Instance names, latencies and errors are for the internal network: anyone
   * else learns only whether all is well.
   */
  @Get()
  async check(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<SystemHealth | PublicHealth> {
    const gateway = await healthReport('gateway', this.instance, {
      redis: () => this.redis.ping(),
      // A round trip to the server: a connection waiting to reconnect has no answer to give.
      nats: async () => {
        await (await this.nats.connect()).flush();
      },
    });
    const names = Object.values(ServiceName);
    const answers = await Promise.all(
      names.map((name) =>
        this.rpc.request(healthPattern(name), {}, 2000).catch((error: Error) => ({
          service: name,
          ok: false as const,
          error: error.message,
        })),
      ),
    );
    const services = Object.fromEntries(names.map((name, i) => [name, answers[i]]));
    const reports = answers.filter((a): a is HealthReport => 'dependencies' in a);
    const postgresOk = reports.length === names.length && reports.every((r) => r.dependencies.postgres?.ok !== false);
    const ok = gateway.ok && answers.every((a) => a.ok);
    res.status(ok ? 200 : 503);
    res.setHeader('Cache-Control', 'no-store');
    if (!isInternalAddress(clientIp(req))) return { ok };
    return {
      ok,
      gateway,
      services,
      postgres: { ok: postgresOk },
      redis: { ok: gateway.dependencies.redis.ok },
      nats: { ok: gateway.dependencies.nats.ok && reports.length > 0 },
    };
  }
}
