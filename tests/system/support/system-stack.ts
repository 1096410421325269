import { dropDatabase } from '@app/server';
import { Client } from 'pg';
import { freePort, startNatsServer, startRedisServer } from '@app/testing';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// scripts/ is plain CommonJS shared with `npm start`.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startStack } = require('../../../scripts/lib/stack.js');

const SERVICE_DATABASES = ['auth', 'chat', 'marketplace', 'media'];

/** The part of scripts/lib/stack.js the tests drive. */
interface ProcessStack {
  kill(name: string, signal?: NodeJS.Signals): Promise<void>;
  restart(name: string): unknown;
  waitHealthy(port: number, timeoutMs?: number): Promise<void>;
  stopApps(): Promise<void>;
  startApps(): Promise<void>;
  stop(): Promise<void>;
  /** The S3 server on loopback the stack started. */
  s3: { endpoint: string; port: number };
}

export interface SystemStack {
  /** One base URL per gateway, e.g. http://127.0.0.1:41234. */
  gateways: string[];
  natsUrl: string;
  /**
   * Where this stack's data lives, in the variables the services read (each service's
   * *_DATABASE_URL and S3_*): for scripts that work on it, such as npm run backup.
   */
  dataEnv: Record<string, string>;
  /** Every database of this stack: its service's name for it (auth, chat, ...) and its URL. */
  databases: Array<{ name: string; url: string }>;
  /** Stops every app process (gateways first); PostgreSQL, the S3 server, Redis and NATS go on. */
  stopApps(): Promise<void>;
  /** Starts them again, each with the environment it had, and waits until all are healthy. */
  startApps(): Promise<void>;
  /** Process names as the stack knows them: gateway, gateway-2, chat-svc, chat-svc-2 ... */
  kill(name: string, signal?: NodeJS.Signals): Promise<void>;
  /** Starts a killed gateway again with its old port and waits until it answers. */
  restartGateway(index: number): Promise<void>;
  /** Stops nats-server or redis-server (SIGTERM, as an operator's restart does). */
  stopServer(server: 'nats' | 'redis'): Promise<void>;
  /** Starts it again on the same port and store. */
  startServer(server: 'nats' | 'redis'): Promise<void>;
  /** Ends every PostgreSQL connection to this stack's databases, as a failover or an admin would; answers how many. */
  terminateDatabaseConnections(): Promise<number>;
  stop(): Promise<void>;
}

export interface SystemStackOptions {
  gateways: number;
  chatReplicas: number;
  /** Variables for every process of this stack, such as lower limits than the defaults. */
  env?: Record<string, string>;
  /** Redis keeps every write in an append-only file, so it comes back whole after a restart. */
  redisAppendOnly?: boolean;
}

/**
 * Every service and N gateways as separate processes from the built dist, on a private
 * nats-server and redis-server and databases named for this run only (dropped by stop()).
 */
export async function startSystemStack(options: SystemStackOptions): Promise<SystemStack> {
  const postgresUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432';
  const runId = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const dbPrefix = `sys_${runId}_`;
  const workDir = mkdtempSync(join(tmpdir(), 'system-stack-'));
  const logDir = join(workDir, 'logs');
  const redisDir = options.redisAppendOnly ? join(workDir, 'redis') : undefined;
  if (redisDir) mkdirSync(redisDir);
  let [nats, redis] = await Promise.all([startNatsServer(), startRedisServer({ appendOnlyDir: redisDir })]);
  const gatewayPorts: number[] = [];
  for (let i = 0; i < options.gateways; i++) gatewayPorts.push(await freePort());
  let stack: ProcessStack | undefined;

  /** The last lines each process logged, to explain a start that failed. */
  const recentLogs = () =>
    existsSync(logDir)
      ? readdirSync(logDir)
          .map((file) => `--- ${file}\n${readFileSync(join(logDir, file), 'utf8').split('\n').slice(-20).join('\n')}`)
          .join('\n')
      : '';
  const stop = async () => {
    await stack?.stop();
    nats.process.kill('SIGKILL');
    redis.process.kill('SIGKILL');
    await Promise.all(SERVICE_DATABASES.map((name) => dropDatabase(`${postgresUrl}/${dbPrefix}${name}`).catch(() => undefined)));
    rmSync(nats.dir, { recursive: true, force: true });
    if (!process.env.SYSTEM_KEEP_LOGS) rmSync(workDir, { recursive: true, force: true });
  };

  try {
    stack = (await startStack({
      natsUrl: nats.url,
      redisUrl: redis.url,
      postgresUrl,
      dbPrefix,
      mediaPort: await freePort(),
      gatewayPorts,
      chatReplicas: options.chatReplicas,
      env: options.env,
      webDist: join(workDir, 'no-spa'),
      logDir,
      s3Dir: join(workDir, 's3'),
      mailPorts: { smtp: 0, web: 0 },
      logLevel: 'warn',
      echo: 'none',
    })) as ProcessStack;
  } catch (error) {
    const logs = recentLogs();
    await stop();
    throw new Error(`The system did not start: ${(error as Error).message}\n${logs}`);
  }
  const started = stack;
  const databases = SERVICE_DATABASES.map((name) => ({ name, url: `${postgresUrl}/${dbPrefix}${name}` }));

  return {
    gateways: gatewayPorts.map((port) => `http://127.0.0.1:${port}`),
    natsUrl: nats.url,
    dataEnv: {
      ...Object.fromEntries(databases.map(({ name, url }) => [`${name.toUpperCase()}_DATABASE_URL`, url])),
      S3_ENDPOINT: started.s3.endpoint,
      S3_PORT: String(started.s3.port),
      S3_USE_SSL: 'false',
      S3_ACCESS_KEY: process.env.S3_ACCESS_KEY ?? 'S3RVER',
      S3_SECRET_KEY: process.env.S3_SECRET_KEY ?? 'S3RVER',
      S3_BUCKET: options.env?.S3_BUCKET ?? process.env.S3_BUCKET ?? 'media',
    },
    databases,
    stopApps: () => started.stopApps(),
    startApps: () => started.startApps(),
    kill: (name, signal = 'SIGKILL') => started.kill(name, signal),
    async restartGateway(index) {
      started.restart(index === 0 ? 'gateway' : `gateway-${index + 1}`);
      await started.waitHealthy(gatewayPorts[index]);
    },
    async stopServer(server) {
      const child = server === 'nats' ? nats.process : redis.process;
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
    },
    async startServer(server) {
      if (server === 'nats') nats = await startNatsServer({ port: nats.port, dir: nats.dir });
      else redis = await startRedisServer({ port: redis.port, appendOnlyDir: redisDir });
    },
    async terminateDatabaseConnections() {
      const client = new Client({ connectionString: `${postgresUrl}/postgres` });
      await client.connect();
      try {
        const ended = await client.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = ANY($1) AND pid <> pg_backend_pid()',
          [SERVICE_DATABASES.map((name) => `${dbPrefix}${name}`)],
        );
        return ended.rowCount ?? 0;
      } finally {
        await client.end();
      }
    },
    stop,
  };
}
