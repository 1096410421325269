import 'reflect-metadata';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BaseEnv, loadEnv, redisOptions } from '@app/server';
import { parse, parseAllDocuments } from 'yaml';
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
  healthcheck?: { test?: string[] };
  networks?: Record<string, { aliases?: string[] } | null>;
  depends_on?: Record<string, { condition: string }>;
  tmpfs?: string[];
  profiles?: string[];
}

const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, ComposeService>;
};

// scripts/ is plain CommonJS: how npm run backup and restore read the environment.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { bucketSettings, databaseTargets } = require('../../scripts/lib/data-sources.js');
// The stand-in recipes npm run test:compose builds images from when their registry is out of reach.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { RECIPE_OF, repositoryOf } = require('../../scripts/lib/standins.js') as { RECIPE_OF: Record<string, string>; repositoryOf: (ref: string) => string };

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
    expect(readFileSync(join(secretsDir, 'redis.conf'), 'utf8')).toContain(`requirepass ${readFileSync(join(secretsDir, 'redis-password'), 'utf8')}\n`);
    expect(compose.services.nats.command?.slice(0, 2)).toEqual(['-c', '/run/secrets/nats.conf']);
    expect(readFileSync(join(secretsDir, 'nats.conf'), 'utf8')).toContain(`password: "${readFileSync(join(secretsDir, 'nats-password'), 'utf8')}"`);
  });

  describe('Redis: a primary, a replica and three Sentinels, as deploy/k8s/redis.yaml', () => {
    const NODES = ['redis', 'redis-replica'];
    const SENTINELS = ['redis-sentinel-1', 'redis-sentinel-2', 'redis-sentinel-3'];
    const SCRIPTS = '/usr/local/lib/chatmarket-redis';
    const script = (name: string) => readFileSync(join(ROOT, 'docker/redis', name), 'utf8');
    const password = () => readFileSync(join(secretsDir, 'redis-password'), 'utf8');

    it('runs each node and Sentinel on the Redis image, under its own name, with a health check', () => {
      for (const name of [...NODES, ...SENTINELS]) {
        const service = compose.services[name];
        expect({ name, image: service?.image }).toEqual({ name, image: compose.services.redis.image });
        const program = name.startsWith('redis-sentinel-') ? 'sentinel.sh' : 'redis.sh';
        // Each script is told its service's name: what it announces to the others.
        expect(service.command).toEqual(['sh', `${SCRIPTS}/${program}`, name]);
        expect(service.volumes).toEqual(expect.arrayContaining(['secrets:/run/secrets:ro', `./docker/redis:${SCRIPTS}:ro`]));
        expect(existsSync(join(ROOT, 'docker/redis', program))).toBe(true);
        expect(service.healthcheck?.test?.join(' ')).toContain('REDISCLI_AUTH="$$(cat /run/secrets/redis-password)"');
      }
      // Each node keeps its append-only file in a volume of its own; a Sentinel's config is made at every start.
      expect(NODES.map((name) => compose.services[name].volumes?.find((v) => v.endsWith(':/data')))).toEqual(['redisdata:/data', 'redisreplicadata:/data']);
      for (const name of SENTINELS) {
        expect(compose.services[name].tmpfs).toEqual(['/data']);
        // Healthy once it sees enough Sentinels to agree on a switch.
        expect(compose.services[name].healthcheck?.test?.join(' ')).toContain('redis-cli -p 26379 sentinel ckquorum chatmarket');
        expect(compose.services[name].depends_on).toMatchObject({ redis: { condition: 'service_healthy' }, 'redis-replica': { condition: 'service_healthy' } });
      }
    });

    it('gives every app the Sentinels, and starts it once they are healthy', () => {
      const options = redisOptions(readFileSync(join(secretsDir, 'redis-url'), 'utf8'));
      expect(options.name).toBe('chatmarket');
      expect(options.sentinels).toEqual(SENTINELS.map((host) => ({ host, port: 26379 })));
      expect(options.password).toBe(password());
      expect(options.sentinelPassword).toBe(password());
      for (const { name, service } of appServices) {
        expect({ name, url: service.environment?.REDIS_URL_FILE }).toEqual({ name, url: '/run/secrets/redis-url' });
        for (const sentinel of SENTINELS) {
          expect({ name, sentinel, condition: service.depends_on?.[sentinel]?.condition }).toEqual({ name, sentinel, condition: 'service_healthy' });
        }
      }
    });

    it('lets a node follow the other: masterauth, its name announced, the primary asked of the Sentinels', () => {
      const conf = readFileSync(join(secretsDir, 'redis.conf'), 'utf8');
      expect(conf).toBe(`requirepass ${password()}\nmasterauth ${password()}\nappendonly yes\n`);
      const redis = script('redis.sh');
      expect(redis).toContain('set -- redis-server /run/secrets/redis.conf --replica-announce-ip "$me"');
      expect(redis).toContain('--replicaof "$primary" 6379');
      // `redis` is the primary only when no Sentinel names one.
      expect(redis).toContain('primary="${primary:-redis}"');
      expect(script('primary.sh')).toContain(`for sentinel in ${SENTINELS.join(' ')}; do`);
      expect(script('primary.sh')).toContain('sentinel get-master-addr-by-name chatmarket');
    });

    it("writes each Sentinel the settings deploy/k8s's Sentinels have", () => {
      const k8s = parseAllDocuments(readFileSync(join(ROOT, 'deploy/k8s/redis.yaml'), 'utf8'))
        .map((doc) => doc.toJS() as { kind: string; metadata: { name: string }; data?: Record<string, string> })
        .find((r) => r.kind === 'ConfigMap' && r.metadata.name === 'redis-scripts');
      // The config's lines, the password's variable and the Sentinel's own name set aside.
      const settings = (text: string) =>
        text
          .split('\n')
          .map((line) => line.trim())
          .filter((line) => /^(port|requirepass|sentinel) /.test(line) && !line.startsWith('sentinel announce-ip '))
          .map((line) => line.replace(/\$(REDIS_PASSWORD|REDISCLI_AUTH)\b/g, '<password>'))
          .sort();
      const own = settings(script('sentinel.sh'));
      expect(own).toEqual(settings(k8s!.data!['sentinel.sh']));
      expect(own).toEqual(expect.arrayContaining(['sentinel monitor chatmarket $primary 6379 2', 'sentinel resolve-hostnames yes', 'sentinel announce-hostnames yes']));
      expect(script('sentinel.sh')).toContain('sentinel announce-ip $me\n');
      expect(script('sentinel.sh')).toContain('exec docker-entrypoint.sh redis-server /data/sentinel.conf --sentinel');
    });
  });

  it('starts no service on an image it cannot build: each is built here, or has a stand-in recipe for when its registry is out of reach', () => {
    // What a plain `up` starts (Grafana waits for `--profile monitoring`), as npm run test:compose runs it.
    const started = Object.values(compose.services).filter((s) => !s.profiles?.length);
    const built = new Set(Object.values(compose.services).filter((s) => s.build !== undefined).map((s) => s.image));
    // The bases of every Dockerfile a service builds.
    const dockerfiles = started
      .filter((s) => s.build !== undefined)
      .map((s) => {
        const build = s.build as string | { context?: string; dockerfile?: string };
        return typeof build === 'string' ? join(build, 'Dockerfile') : join(build.context ?? '.', build.dockerfile ?? 'Dockerfile');
      });
    expect(dockerfiles).toEqual(expect.arrayContaining(['Dockerfile', 'docker/backup/Dockerfile']));
    const dockerfileBases = [...new Set(dockerfiles)].flatMap((file) => {
      const text = readFileSync(join(ROOT, file), 'utf8');
      const stages = new Set([...text.matchAll(/^FROM\s+\S+\s+AS\s+(\S+)/gim)].map((m) => m[1].toLowerCase()));
      const args = Object.fromEntries([...text.matchAll(/^ARG\s+(\w+)=(\S+)/gm)].map((m) => [m[1], m[2]]));
      return [...text.matchAll(/^FROM\s+(\S+)/gim)]
        .map((m) => m[1].replace(/^\$\{(\w+)\}$/, (_, name: string) => args[name] ?? name))
        .filter((ref) => !stages.has(ref.toLowerCase()));
    });
    const pulled = [...started.map((s) => s.image), ...dockerfileBases].filter((image): image is string => !!image && !built.has(image));
    for (const image of pulled) {
      const recipe = RECIPE_OF[repositoryOf(image)];
      expect({ image, recipe: recipe !== undefined && existsSync(join(ROOT, 'docker/standins', recipe, 'Dockerfile')) }).toEqual({ image, recipe: true });
    }
    expect(pulled).toContain('redis:7-alpine');
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
