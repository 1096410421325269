import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';

/**
 * Reads process.env into a validated class. A bad or missing value stops the app with a
 * message naming each variable at fault.
 */
export function loadEnv<T extends object>(envClass: new () => T, source: NodeJS.ProcessEnv = process.env): T {
  const env = plainToInstance(envClass, { ...source }, { enableImplicitConversion: true, exposeDefaultValues: true });
  const errors = validateSync(env, { whitelist: false, forbidUnknownValues: false });
  if (errors.length > 0) {
    const lines = errors.map((e) => `  ${e.property}: ${Object.values(e.constraints ?? {}).join('; ')}`);
    throw new Error(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  return env;
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
