import { gatewayEnv } from '../config/gateway-env';

/** Origins allowed to make unsafe requests and open sockets. */
export function allowedOrigins(): Set<string> {
  const env = gatewayEnv();
  const extra = env.EXTRA_ORIGINS.split(',').map((o) => o.trim()).filter(Boolean);
  return new Set([env.PUBLIC_ORIGIN, ...extra]);
}
