import 'reflect-metadata';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BaseEnv, loadEnv } from '@app/server';
import { parse } from 'yaml';
import { AuthEnv } from '@app/auth-svc/src/config/auth-env';
import { oidcProvidersOf } from '@app/auth-svc/src/oidc/oidc-providers';

/**
 * No Docker engine runs the compose file in CI, so this reads it as data: every app service
 * runs a command whose program the build produces, and sets every variable its env class
 * needs inside a container (anything that defaults to this machine's loopback).
 */
const ROOT = join(__dirname, '../..');

interface ComposeService {
  command?: string[] | string;
  ports?: string[];
  volumes?: string[];
  environment?: Record<string, string>;
  build?: unknown;
  image?: string;
  healthcheck?: unknown;
  networks?: Record<string, { aliases?: string[] } | null>;
}

const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, ComposeService>;
};

// scripts/ is plain CommonJS: how npm run backup and restore read the environment.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { bucketSettings, databaseTargets } = require('../../scripts/lib/data-sources.js');

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

/** The secrets volume as docker/secrets.sh fills it at the first start, made here in a folder of its own. */
const secretsDir = mkdtempSync(join(tmpdir(), 'compose-secrets-'));
execFileSync('sh', [join(ROOT, 'docker/secrets.sh')], { env: { PATH: process.env.PATH, SECRETS_DIR: secretsDir } });
afterAll(() => rmSync(secretsDir, { recursive: true, force: true }));

/**
 * A service's environment, its *_FILE paths under /run/secrets pointing at those secrets. As
 * compose reads it with the caller's variables `given` and every other one unset: ${VAR:-default}
 * is the default when VAR is unset or empty, ${VAR-default} only when it is unset.
 */
function environmentOf(service: ComposeService, given: Record<string, string> = {}): Record<string, string> {
  return Object.fromEntries(
    Object.entries(service.environment ?? {}).map(([key, value]) => [
      key,
      String(value)
        .replace(/\$\{([A-Z_]+)(:?)-([^}]*)\}/g, (_all, name: string, colon: string, fallback: string) =>
          given[name] === undefined || (colon && given[name] === '') ? fallback : given[name],
        )
        .replace(/^\/run\/secrets\//, `${secretsDir}/`),
    ]),
  );
}

/**
 * Valid (in production: no default secret), and every variable that defaults to this machine's
 * loopback is set for the container, directly or through VAR_FILE.
 */
function expectContainerEnvironment(envClass: EnvClass, service: ComposeService) {
  const environment = environmentOf(service);
  expect(environment.NODE_ENV).toBe('production');
  expect(() => loadEnv(envClass, environment)).not.toThrow();
  const defaults = new envClass() as unknown as Record<string, unknown>;
  for (const [variable, value] of Object.entries(defaults)) {
    if (typeof value === 'string' && /127\.0\.0\.1|localhost/.test(value) && variable !== 'PUBLIC_ORIGIN') {
      expect({ variable, set: variable in environment || `${variable}_FILE` in environment }).toEqual({ variable, set: true });
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
    expect(builders.map(([name, service]) => [name, service.build, service.image])).toEqual([
      ['oidc', { context: '.', dockerfile: 'docker/oidc-stand-in/Dockerfile' }, 'chatmarket-oidc-stand-in'],
      ['auth-svc', '.', 'chatmarket-app'],
      ['backup', { context: '.', dockerfile: 'docker/backup/Dockerfile', args: { POSTGRES_IMAGE: compose.services.postgres.image } }, 'chatmarket-backup'],
    ]);
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

  it('the backup service finds every database and the bucket where the services do, with the postgres image’s own pg_dump', () => {
    const backup = compose.services.backup;
    const environment = environmentOf(backup);
    const targets = databaseTargets(environment);
    // Each app's database, read from the same secret file as the app reads it.
    for (const { app, service } of appServices) {
      const variable = Object.keys(service.environment ?? {}).find((name) => /_DATABASE_URL_FILE$/.test(name));
      if (!variable) continue;
      const target = targets.find((t: { variable: string }) => `${t.variable}_FILE` === variable);
      expect({ app, url: target?.url }).toEqual({ app, url: readFileSync(environmentOf(service)[variable], 'utf8') });
    }
    expect(targets.map((t: { name: string }) => t.name)).toEqual(['auth', 'chat', 'marketplace', 'media']);
    // The media bucket as media-svc reaches it.
    const media = environmentOf(compose.services['media-svc']);
    expect(bucketSettings(environment)).toMatchObject({
      endPoint: media.S3_ENDPOINT,
      port: Number(media.S3_PORT),
      useSSL: false,
      accessKey: media.S3_ACCESS_KEY,
      secretKey: readFileSync(media.S3_SECRET_KEY_FILE, 'utf8').trim(),
      bucket: media.S3_BUCKET,
    });
    expect(backup.volumes).toEqual(['backups:/backups', 'secrets:/run/secrets:ro']);
    // Built on the postgres service's image; its first stage on the app Dockerfile's base.
    const dockerfile = readFileSync(join(ROOT, 'docker/backup/Dockerfile'), 'utf8');
    const appBase = /^FROM (\S+)/m.exec(readFileSync(join(ROOT, 'Dockerfile'), 'utf8'))![1];
    expect(dockerfile).toMatch(/^FROM \$\{POSTGRES_IMAGE\}$/m);
    expect(dockerfile).toContain(`ARG NODE_IMAGE=${appBase}\n`);
    expect(dockerfile).toContain(`ARG POSTGRES_IMAGE=${compose.services.postgres.image}\n`);
  });

  describe('the development sign-in provider', () => {
    const standIn = compose.services.oidc;
    const stand = environmentOf(standIn);
    const auth = compose.services['auth-svc'];

    it('is the stand-in the tests use, built on the app image\'s base with the oidc-provider the lock pins', () => {
      const dockerfile = readFileSync(join(ROOT, 'docker/oidc-stand-in/Dockerfile'), 'utf8');
      const appBase = /^FROM (\S+)/m.exec(readFileSync(join(ROOT, 'Dockerfile'), 'utf8'))![1];
      expect(dockerfile).toContain(`ARG NODE_IMAGE=${appBase}\n`);
      expect(dockerfile).toMatch(/^FROM \$\{NODE_IMAGE\}$/m);
      expect(dockerfile).toContain("packages['node_modules/oidc-provider'].version");
      expect(dockerfile).toContain('COPY libs/testing/oidc/stand-in-provider.mjs ./');
      expect(dockerfile).toMatch(/^USER node$/m);
      expect(existsSync(join(ROOT, 'libs/testing/oidc/stand-in-provider.mjs'))).toBe(true);
      expect(standIn.healthcheck).toBeDefined();
      // Said to be for development, where it is defined.
      const before = readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8').split('\n  oidc:\n')[0].split('\n');
      const comment = before.slice(before.findLastIndex((line) => !line.startsWith('  #')) + 1).join(' ');
      expect(comment).toMatch(/stand-in sign-in provider .*for development, never for production/);
    });

    it('has one issuer for the browser and auth-svc: oidc.localhost, published on loopback and aliased in the network on the same port', () => {
      const issuer = new URL(stand.OIDC_STAND_IN_ISSUER);
      expect({ protocol: issuer.protocol, hostname: issuer.hostname, port: issuer.port }).toEqual({ protocol: 'http:', hostname: 'oidc.localhost', port: stand.OIDC_STAND_IN_PORT });
      expect(environmentOf(auth).OIDC_LOCAL_ISSUER).toBe(issuer.href.replace(/\/$/, ''));
      expect(standIn.networks?.default?.aliases).toEqual(['oidc.localhost']);
      expect(standIn.ports).toEqual(['127.0.0.1:${CHATMARKET_OIDC_PORT:-9400}:${CHATMARKET_OIDC_PORT:-9400}']);
      // Moved by one variable, everywhere at once.
      expect(environmentOf(auth, { CHATMARKET_OIDC_PORT: '9555' }).OIDC_LOCAL_ISSUER).toBe('http://oidc.localhost:9555');
      expect(environmentOf(standIn, { CHATMARKET_OIDC_PORT: '9555' })).toMatchObject({ OIDC_STAND_IN_PORT: '9555', OIDC_STAND_IN_ISSUER: 'http://oidc.localhost:9555' });
    });

    it('is auth-svc\'s provider by default, with the client id and the generated client secret the stand-in has', () => {
      const env = environmentOf(auth);
      const [local, ...others] = oidcProvidersOf(loadEnv(AuthEnv, env));
      expect(others).toEqual([]);
      expect(local).toMatchObject({ id: 'local', name: 'Development stand-in', allowHttp: true, clientId: stand.OIDC_STAND_IN_CLIENT_ID });
      expect(env.OIDC_LOCAL_CLIENT_SECRET_FILE).toBe(stand.OIDC_STAND_IN_CLIENT_SECRET_FILE);
      expect(local.clientSecret).toMatch(/^[A-Za-z0-9]{32}$/);
      expect(local.clientSecret).toBe(readFileSync(stand.OIDC_STAND_IN_CLIENT_SECRET_FILE, 'utf8'));
      expect(compose.services.secrets.environment?.CHATMARKET_OIDC_STAND_IN_SECRET).toBe('${CHATMARKET_OIDC_STAND_IN_SECRET:-}');
      // The provider sends the browser back to the callback auth-svc asks for, on the site's origin.
      const gatewayOrigin = environmentOf(compose.services.gateway).PUBLIC_ORIGIN;
      expect(env.PUBLIC_ORIGIN).toBe(gatewayOrigin);
      expect(stand.OIDC_STAND_IN_REDIRECT_URIS.split(',')).toEqual([`${gatewayOrigin}/api/auth/oidc/local/callback`]);
      expect(environmentOf(standIn, { CHATMARKET_PORT: '8443' }).OIDC_STAND_IN_REDIRECT_URIS).toBe('https://localhost:8443/api/auth/oidc/local/callback');
    });

    it('gives way to Google, or to none, by variables', () => {
      const google = environmentOf(auth, { CHATMARKET_OIDC_PROVIDERS: 'google', CHATMARKET_GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com', CHATMARKET_GOOGLE_CLIENT_SECRET: 'GOCSPX-0123456789abcdef' });
      expect(oidcProvidersOf(loadEnv(AuthEnv, google)).map(({ id, name, issuer, allowHttp, clientId }) => ({ id, name, issuer: issuer.href, allowHttp, clientId }))).toEqual([
        { id: 'google', name: 'Google', issuer: 'https://accounts.google.com/', allowHttp: false, clientId: 'id.apps.googleusercontent.com' },
      ]);
      const both = environmentOf(auth, { CHATMARKET_OIDC_PROVIDERS: 'local,google', CHATMARKET_GOOGLE_CLIENT_ID: 'id', CHATMARKET_GOOGLE_CLIENT_SECRET: 'GOCSPX-0123456789abcdef' });
      expect(oidcProvidersOf(loadEnv(AuthEnv, both)).map((p) => p.id)).toEqual(['local', 'google']);
      // Google named without its client: auth-svc refuses to start, naming what is missing.
      expect(() => loadEnv(AuthEnv, environmentOf(auth, { CHATMARKET_OIDC_PROVIDERS: 'google' }))).toThrow(/OIDC_GOOGLE_CLIENT_ID must be/);
      expect(oidcProvidersOf(loadEnv(AuthEnv, environmentOf(auth, { CHATMARKET_OIDC_PROVIDERS: '' })))).toEqual([]);
    });
  });

  it('the gateways sit behind the load balancer and publish no port of their own', () => {
    expect((compose.services.gateway as { ports?: unknown }).ports).toBeUndefined();
    expect((compose.services['chat-svc'] as { ports?: unknown }).ports).toBeUndefined();
    // On loopback port 3000 unless CHATMARKET_ADDRESS / CHATMARKET_PORT say otherwise, over TLS.
    expect((compose.services.lb as { ports: string[] }).ports).toEqual(['${CHATMARKET_ADDRESS:-127.0.0.1}:${CHATMARKET_PORT:-3000}:443']);
  });

  it('commits no secret: every password, URL with one and the TURN secret comes from the generated secrets volume', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      for (const [variable, value] of Object.entries(service.environment ?? {})) {
        const text = String(value);
        if (/_FILE$/.test(variable)) {
          expect({ name, variable, file: existsSync(text.replace(/^\/run\/secrets\//, `${secretsDir}/`)) }).toEqual({ name, variable, file: true });
          expect(service.volumes).toContain('secrets:/run/secrets:ro');
        }
        // URLs of servers inside compose carry no password of their own.
        expect({ name, variable, password: /:\/\/[^/\s:@]*:[^@\s]+@/.test(text) }).toEqual({ name, variable, password: false });
        // A secret named outright is only ever taken from the caller's environment, empty by default.
        if (/(PASSWORD|SECRET|SECRET_KEY)$/.test(variable)) {
          expect({ name, variable, fromEnvironment: /^\$\{[A-Z_]+:-\}$/.test(text) }).toEqual({ name, variable, fromEnvironment: true });
        }
      }
    }
    expect(compose.services.postgres.environment?.POSTGRES_PASSWORD_FILE).toBe('/run/secrets/postgres-password');
    expect(compose.services.redis.command).toEqual(['redis-server', '/run/secrets/redis.conf']);
    expect(compose.services.nats.command?.slice(0, 2)).toEqual(['-c', '/run/secrets/nats.conf']);
    expect(readFileSync(join(secretsDir, 'nats.conf'), 'utf8')).toContain(`password: "${readFileSync(join(secretsDir, 'nats-password'), 'utf8')}"`);
  });

  it('the gateway hands out the TURN server compose runs, with credentials from the secret coturn checks', () => {
    const gateway = compose.services.gateway.environment ?? {};
    const turn = compose.services.turn;
    expect(turn.command?.slice(0, 2)).toEqual(['-c', '/run/secrets/turnserver.conf']);
    expect(readFileSync(join(secretsDir, 'turnserver.conf'), 'utf8')).toBe(
      `use-auth-secret\nstatic-auth-secret=${readFileSync(join(secretsDir, 'turn-secret'), 'utf8')}\n`,
    );
    expect(gateway.TURN_SECRET_FILE).toBe('/run/secrets/turn-secret');
    const published = '${CHATMARKET_TURN_PORT:-3478}';
    expect(turn.ports).toEqual(expect.arrayContaining([`\${CHATMARKET_ADDRESS:-127.0.0.1}:${published}:3478/udp`, `\${CHATMARKET_ADDRESS:-127.0.0.1}:${published}:3478/tcp`]));
    expect(gateway.TURN_URLS).toBe(`turn:\${CHATMARKET_TURN_HOST:-localhost}:${published}?transport=udp,turn:\${CHATMARKET_TURN_HOST:-localhost}:${published}?transport=tcp`);
  });

  it('serves https only: Secure cookies, the https origin allowed, the certificate from the secrets volume', () => {
    const gateway = compose.services.gateway.environment ?? {};
    expect(gateway.COOKIE_SECURE).toBe('true');
    expect(gateway.PUBLIC_ORIGIN).toBe('https://localhost:${CHATMARKET_PORT:-3000}');
    expect(compose.services['auth-svc'].environment?.PUBLIC_ORIGIN).toBe('https://localhost:${CHATMARKET_PORT:-3000}');
    expect(compose.services.lb.volumes).toContain('secrets:/run/secrets:ro');
    const nginx = readFileSync(join(ROOT, 'docker/nginx.conf'), 'utf8');
    expect(nginx).toMatch(/listen 443 ssl;/);
    expect(nginx).not.toMatch(/listen 80\b/);
    expect(nginx).toContain('ssl_certificate /run/secrets/tls.crt;');
    expect(nginx).toMatch(/add_header Strict-Transport-Security "max-age=\d+; includeSubDomains" always;/);
    expect(nginx).toContain('proxy_hide_header Strict-Transport-Security;');
    expect(existsSync(join(secretsDir, 'tls.crt')) && existsSync(join(secretsDir, 'tls.key'))).toBe(true);
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
