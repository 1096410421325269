import 'reflect-metadata';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BaseEnv, loadEnv } from '@app/server';
import { parse } from 'yaml';

/**
 * No Docker engine runs the compose file in CI, so this reads it as data: every app service
 * runs a command whose program the build produces, and sets every variable its env class
 * needs inside a container (anything that defaults to this machine's loopback).
 */
const ROOT = join(__dirname, '../..');

interface ComposeService {
  command?: string[] | string;
  environment?: Record<string, string>;
  build?: unknown;
  image?: string;
  healthcheck?: unknown;
}

const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, ComposeService>;
};

type EnvClass = new () => BaseEnv;

/** The env classes of an app's src/config/*-env.ts: the service's, and its seed's if it has one. */
function envClassesOf(app: string): { service: EnvClass; seed: EnvClass } {
  const dir = join(ROOT, 'apps', app, 'src/config');
  const file = readdirSync(dir).find((f) => f.endsWith('-env.ts'));
  if (!file) throw new Error(`${app} has no src/config/*-env.ts`);
  // The file is found at run time, so it is loaded with require rather than a static import.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const exports = require(join(dir, file)) as Record<string, unknown>;
  const classes = Object.values(exports).filter(
    (value): value is EnvClass => typeof value === 'function' && value.prototype instanceof BaseEnv,
  );
  const service = classes.find((envClass) => !envClass.name.endsWith('SeedEnv'));
  if (!service) throw new Error(`${file} exports no class extending BaseEnv`);
  return { service, seed: classes.find((envClass) => envClass.name.endsWith('SeedEnv')) ?? service };
}

/** Valid, and every variable that defaults to this machine's loopback is set for the container. */
function expectContainerEnvironment(envClass: EnvClass, service: ComposeService) {
  const environment = Object.fromEntries(Object.entries(service.environment ?? {}).map(([key, value]) => [key, String(value)]));
  expect(() => loadEnv(envClass, environment)).not.toThrow();
  const defaults = new envClass() as unknown as Record<string, unknown>;
  for (const [variable, value] of Object.entries(defaults)) {
    if (typeof value === 'string' && /127\.0\.0\.1|localhost/.test(value) && variable !== 'PUBLIC_ORIGIN') {
      expect({ variable, set: variable in environment }).toEqual({ variable, set: true });
    }
  }
}

const APPS = readdirSync(join(ROOT, 'apps')).filter((app) => existsSync(join(ROOT, 'apps', app, 'src/main.ts')));

const appServices = Object.entries(compose.services)
  .map(([name, service]) => {
    const command = Array.isArray(service.command) ? service.command : [];
    const match = command.join(' ').match(/^node apps\/([\w-]+)\/dist\/main\.js$/);
    return match ? { name, app: match[1], service } : null;
  })
  .filter((entry): entry is { name: string; app: string; service: ComposeService } => entry !== null);

describe('docker-compose.yml', () => {
  it('runs every app from the one image the Dockerfile builds, built once', () => {
    expect(appServices.map((s) => s.app).sort()).toEqual(APPS.filter((a) => a !== 'web').sort());
    const builders = Object.entries(compose.services).filter(([, service]) => service.build !== undefined);
    expect(builders.map(([name, service]) => [name, service.build, service.image])).toEqual([['auth-svc', '.', 'chatmarket-app']]);
    for (const { service } of appServices) {
      expect(service.image).toBe('chatmarket-app');
      expect(service.healthcheck).toBeDefined();
    }
    expect(compose.services.seed.image).toBe('chatmarket-app');
  });

  it.each(appServices.map((s) => [s.name, s.app, s.service] as const))(
    '%s: its program is built and its environment is complete for a container',
    (_name, app, service) => {
      expect(existsSync(join(ROOT, 'apps', app, 'src/main.ts'))).toBe(true);
      const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
      expect(dockerfile).toContain(`/app/apps/${app}/dist ./apps/${app}/dist`);

      expectContainerEnvironment(envClassesOf(app).service, service);
    },
  );

  it('the seed job runs every app seed with the environment each needs', () => {
    const seed = compose.services.seed;
    const script = (Array.isArray(seed.command) ? seed.command : [seed.command ?? '']).join(' ');
    const seeded = [...script.matchAll(/node apps\/([\w-]+)\/dist\/seed\.js/g)].map((m) => m[1]);
    const withSeeds = APPS.filter((app) => existsSync(join(ROOT, 'apps', app, 'src/seed.ts')));
    expect(seeded.sort()).toEqual(withSeeds.sort());
    for (const app of seeded) expectContainerEnvironment(envClassesOf(app).seed, seed);
  });

  it('the gateways sit behind the load balancer and publish no port of their own', () => {
    expect((compose.services.gateway as { ports?: unknown }).ports).toBeUndefined();
    expect((compose.services['chat-svc'] as { ports?: unknown }).ports).toBeUndefined();
    // On loopback port 3000 unless CHATMARKET_ADDRESS / CHATMARKET_PORT say otherwise.
    expect((compose.services.lb as { ports: string[] }).ports).toEqual(['${CHATMARKET_ADDRESS:-127.0.0.1}:${CHATMARKET_PORT:-3000}:80']);
  });

  it('.env.example lists every variable every app reads', () => {
    const example = readFileSync(join(ROOT, '.env.example'), 'utf8');
    const listed = new Set([...example.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));
    for (const app of APPS.filter((a) => a !== 'web')) {
      const { service, seed } = envClassesOf(app);
      const variables = [...Object.keys(new service()), ...Object.keys(new seed())];
      for (const variable of variables) expect({ app, variable, listed: listed.has(variable) }).toEqual({ app, variable, listed: true });
    }
  });
});
