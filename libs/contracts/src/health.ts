export const ServiceName = {
  Auth: 'auth-svc',
  Chat: 'chat-svc',
  Marketplace: 'marketplace-svc',
  Media: 'media-svc',
} as const;
export type ServiceName = (typeof ServiceName)[keyof typeof ServiceName];

/** Every service answers `<service>.health.check` with a HealthReport. */
export function healthPattern<S extends ServiceName>(service: S): `${S}.health.check` {
  return `${service}.health.check`;
}

export interface DependencyHealth {
  ok: boolean;
  latencyMs?: number;
  error?: string;
}

export interface HealthReport {
  service: ServiceName | 'gateway';
  ok: boolean;
  instance: string;
  uptimeSeconds: number;
  dependencies: Record<string, DependencyHealth>;
}
