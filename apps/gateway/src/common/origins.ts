import { gatewayEnv } from '../config/gateway-env';

/**
 * The names of this machine's loopback interface, as a browser writes them in an Origin. Not
 * [::1]: these origins also make the Content-Security-Policy's connect-src, whose sources cannot
 * be IPv6 addresses (browsers drop such a source with a warning on every page).
 */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1'];

/**
 * Origins allowed to make unsafe requests and open sockets: PUBLIC_ORIGIN and EXTRA_ORIGINS,
 * each also under the other loopback names when it is on loopback (see loopbackAliases).
 */
export function allowedOrigins(): Set<string> {
  const env = gatewayEnv();
  const configured = [env.PUBLIC_ORIGIN, ...env.EXTRA_ORIGINS.split(',')].map((o) => o.trim()).filter(Boolean);
  const origins = new Set<string>();
  for (const origin of configured) {
    origins.add(origin);
    for (const alias of loopbackAliases(origin)) origins.add(alias);
  }
  return origins;
}

/**
 * A site served on loopback is the same site whichever loopback name the browser was given:
 * http://localhost:3000 is also http://127.0.0.1:3000 (same scheme, same port; a browser leaves
 * a default port out of an Origin). Nothing else is added: not another port, which is another
 * program, nor any name that merely starts with a loopback name, nor an origin anywhere but
 * loopback, which only its configuration can allow.
 */
export function loopbackAliases(origin: string): string[] {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return [];
  }
  if (!LOOPBACK_HOSTS.includes(url.hostname) || (url.protocol !== 'http:' && url.protocol !== 'https:')) return [];
  const port = url.port ? `:${url.port}` : '';
  return LOOPBACK_HOSTS.map((host) => `${url.protocol}//${host}${port}`);
}
