import type { DependencyHealth, HealthReport, ServiceName } from '@app/contracts';
import { hostname } from 'node:os';
import type { BaseEnv } from './service-env';

/** This process's name in health reports and presence: INSTANCE_ID, else host name and pid. */
export function instanceId(env: Pick<BaseEnv, 'INSTANCE_ID'>): string {
  return env.INSTANCE_ID || `${hostname()}-${process.pid}`;
}

/** Times a dependency check; a failure or a slow answer (over 2 s) marks it down. */
export async function checkDependency(check: () => Promise<unknown>): Promise<DependencyHealth> {
  const started = Date.now();
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => setTimeout(() => reject(new Error('timed out after 2000 ms')), 2000).unref()),
    ]);
    return { ok: true, latencyMs: Date.now() - started };
  } catch (error) {
    return { ok: false, latencyMs: Date.now() - started, error: (error as Error).message };
  }
}

export async function healthReport(
  service: ServiceName | 'gateway',
  instance: string,
  checks: Record<string, () => Promise<unknown>>,
): Promise<HealthReport> {
  const names = Object.keys(checks);
  const results = await Promise.all(names.map((name) => checkDependency(checks[name])));
  const dependencies = Object.fromEntries(names.map((name, i) => [name, results[i]]));
  return {
    service,
    ok: results.every((r) => r.ok),
    instance,
    uptimeSeconds: Math.round(process.uptime()),
    dependencies,
  };
}
