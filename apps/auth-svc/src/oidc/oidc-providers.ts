import { OIDC_PROVIDER_ID_PATTERN } from '@app/contracts';
import { readFileSync } from 'node:fs';

/** A sign-in provider as OIDC_PROVIDERS and its OIDC_<ID>_* variables describe it. */
export interface OidcProviderConfig {
  id: string;
  name: string;
  issuer: URL;
  clientId: string;
  clientSecret: string;
  /** Plain http is let through only for an issuer on this machine or under `.localhost` (a development or test provider). */
  allowHttp: boolean;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Plain http only for a provider on this machine, or under `localhost` (RFC 6761: no such name
 * is ever a public one; compose's development stand-in is `oidc.localhost`, its network alias).
 */
function plainHttpAllowed(url: URL): boolean {
  return url.protocol === 'http:' && (LOOPBACK_HOSTS.has(url.hostname) || url.hostname.endsWith('.localhost'));
}

type EnvValues = Record<string, unknown>;

function value(env: EnvValues, name: string): string {
  const direct = env[name];
  if (typeof direct === 'string' && direct.trim()) return direct.trim();
  // Like every secret here, the client secret may come from a file (Docker and Kubernetes secrets).
  const file = env[`${name}_FILE`];
  if (typeof file === 'string' && file) {
    try {
      return readFileSync(file, 'utf8').trim();
    } catch {
      return '';
    }
  }
  return '';
}

function idsOf(env: EnvValues): string[] {
  const list = typeof env.OIDC_PROVIDERS === 'string' ? env.OIDC_PROVIDERS : '';
  return list
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
}

/** What is wrong with the providers' variables, naming each variable at fault; null when nothing is. */
export function oidcProvidersProblem(env: EnvValues): string | null {
  const ids = idsOf(env);
  const problems: string[] = [];
  if (new Set(ids).size !== ids.length) problems.push('OIDC_PROVIDERS names a provider twice');
  for (const id of ids) {
    if (!OIDC_PROVIDER_ID_PATTERN.test(id)) {
      problems.push(`OIDC_PROVIDERS: "${id}" must be lowercase letters and digits, starting with a letter (at most 20)`);
      continue;
    }
    const prefix = `OIDC_${id.toUpperCase()}_`;
    const issuer = value(env, `${prefix}ISSUER`);
    let url: URL | null = null;
    try {
      url = new URL(issuer);
    } catch {
      problems.push(`${prefix}ISSUER must be the provider's issuer URL, such as https://accounts.google.com`);
    }
    if (url && url.protocol !== 'https:' && !plainHttpAllowed(url)) {
      problems.push(`${prefix}ISSUER must be an https URL (plain http only on localhost, 127.0.0.1 or a name under .localhost)`);
    }
    if (!value(env, `${prefix}CLIENT_ID`)) problems.push(`${prefix}CLIENT_ID must be the client id the provider gave`);
    if (!value(env, `${prefix}CLIENT_SECRET`)) problems.push(`${prefix}CLIENT_SECRET must be the client secret the provider gave`);
  }
  return problems.length > 0 ? problems.join('; ') : null;
}

/** The configured providers, in the order OIDC_PROVIDERS names them (checked at start by AuthEnv). */
export function oidcProvidersOf(env: object): OidcProviderConfig[] {
  const values = env as EnvValues;
  return idsOf(values).map((id) => {
    const prefix = `OIDC_${id.toUpperCase()}_`;
    const issuer = new URL(value(values, `${prefix}ISSUER`));
    return {
      id,
      name: value(values, `${prefix}NAME`) || id.charAt(0).toUpperCase() + id.slice(1),
      issuer,
      clientId: value(values, `${prefix}CLIENT_ID`),
      clientSecret: value(values, `${prefix}CLIENT_SECRET`),
      allowHttp: issuer.protocol === 'http:',
    };
  });
}
