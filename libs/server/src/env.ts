import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { readFileSync } from 'node:fs';

/**
 * Reads process.env into a validated class. A bad or missing value stops the app with a
 * message naming each variable at fault, and so does a known default secret in production.
 * `VAR_FILE` names a file holding VAR (Docker and Kubernetes secrets); VAR itself wins.
 */
export function loadEnv<T extends object>(envClass: new () => T, source: NodeJS.ProcessEnv = process.env): T {
  const env = plainToInstance(envClass, withSecretFiles(envClass, source), { enableImplicitConversion: true, exposeDefaultValues: true });
  const errors = validateSync(env, { whitelist: false, forbidUnknownValues: false });
  const lines = errors.map((e) => `  ${e.property}: ${Object.values(e.constraints ?? {}).join('; ')}`);
  if (lines.length === 0 && source.NODE_ENV === 'production') {
    lines.push(...defaultSecretsIn(env as Record<string, unknown>).map((variable) => `  ${variable}: ${DEFAULT_SECRET_MESSAGE}`));
  }
  if (lines.length > 0) throw new Error(`Invalid environment configuration:\n${lines.join('\n')}`);
  return env;
}

function withSecretFiles(envClass: new () => object, source: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const values = { ...source };
  for (const variable of Object.keys(new envClass())) {
    const file = source[`${variable}_FILE`];
    if (values[variable] !== undefined || !file) continue;
    try {
      values[variable] = readFileSync(file, 'utf8').replace(/\r?\n$/, '');
    } catch (error) {
      throw new Error(`Invalid environment configuration:\n  ${variable}_FILE: cannot read ${file} (${(error as Error).message})`);
    }
  }
  return values;
}

/**
 * Passwords and secrets that are published defaults (this repository's, the official images',
 * the usual placeholders): anyone can guess them.
 */
const KNOWN_DEFAULT_SECRETS: readonly string[] = ['postgres', 'password', 'secret', 'changeme', 'change-me', 'admin', 'root', 'redis', 'nats', 'guest', 'minioadmin', 's3rver', 'chatmarket'];

const DEFAULT_SECRET_MESSAGE = 'is a known default secret; production needs one of its own';

function parseUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;
const isKnownDefault = (value: string) => value === '' || KNOWN_DEFAULT_SECRETS.includes(value.toLowerCase());

/**
 * The variables whose secret is a known default: *_SECRET values, and passwords in URLs of
 * servers beyond loopback (a database only this machine reaches, as `npm start` runs, is
 * not exposed by its well-known password).
 */
function defaultSecretsIn(env: Record<string, unknown>): string[] {
  const found: string[] = [];
  for (const [variable, value] of Object.entries(env)) {
    if (typeof value !== 'string') continue;
    if (/_SECRET$/.test(variable)) {
      // An empty secret is "not used" (TURN_SECRET without TURN_URLS); the env class requires it where it is.
      if (value !== '' && isKnownDefault(value)) found.push(variable);
      continue;
    }
    const url = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? parseUrl(value) : null;
    if (!url || LOOPBACK.test(url.hostname) || (!url.username && !url.password)) continue;
    if (isKnownDefault(decodeURIComponent(url.password))) found.push(variable);
  }
  return found;
}

/**
 * An app's configuration: its env class read and validated once, on first use. Call it for the
 * values; Nest code injects the env class itself (ServiceCoreModule provides it). `reset` is for
 * tests that point a fresh app at other infrastructure.
 */
export interface AppConfig<T extends object> {
  (): T;
  readonly envClass: new () => T;
  reset(): void;
}

export function appConfig<T extends object>(envClass: new () => T): AppConfig<T> {
  let cached: T | undefined;
  const get = () => (cached ??= loadEnv(envClass));
  return Object.assign(get, {
    envClass,
    reset: () => {
      cached = undefined;
    },
  });
}
