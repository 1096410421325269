import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropDatabase } from '@app/server';
import { waitFor } from './eventually';

/**
 * Infrastructure private to one test file: its own nats-server and redis-server on free
 * loopback ports, and database names unique to the run, so tests never meet the demo data,
 * each other, or a previous run. PostgreSQL is the machine's (TEST_POSTGRES_URL).
 */
export interface TestInfra {
  natsUrl: string;
  redisUrl: string;
  /** A fresh database URL for a service, e.g. databaseUrl('chat'). Dropped by stop(). */
  databaseUrl(name: string): string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function waitForPort(port: number, timeoutMs = 10_000): Promise<void> {
  return waitFor(() => answers(port), { what: `something listening on port ${port}`, timeoutMs });
}

function startProcess(command: string, args: string[]): ChildProcess {
  const child = spawn(command, args, { stdio: 'ignore' });
  child.on('error', (error) => {
    throw new Error(`Cannot start ${command}: ${error.message}`);
  });
  return child;
}

/** A restart passes the port and store of the server it replaces, so clients find it again. */
export async function startNatsServer(
  { port, dir }: { port?: number; dir?: string } = {},
): Promise<{ url: string; process: ChildProcess; dir: string; port: number }> {
  port ??= await freePort();
  dir ??= mkdtempSync(join(tmpdir(), 'test-nats-'));
  const child = startProcess(process.env.NATS_SERVER_BIN ?? 'nats-server', ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', dir]);
  await waitForPort(port);
  return { url: `nats://127.0.0.1:${port}`, process: child, dir, port };
}

/**
 * Without a directory nothing is kept on disk; with one, every write goes to an append-only
 * file there first (fsync each second), so a server started again on that directory has it all.
 */
export async function startRedisServer(
  { port, appendOnlyDir }: { port?: number; appendOnlyDir?: string } = {},
): Promise<{ url: string; process: ChildProcess; port: number }> {
  port ??= await freePort();
  const persistence = appendOnlyDir ? ['--dir', appendOnlyDir, '--appendonly', 'yes', '--appendfsync', 'everysec'] : ['--appendonly', 'no'];
  const child = startProcess(process.env.REDIS_SERVER_BIN ?? 'redis-server', [
    '--bind', '127.0.0.1', '--port', String(port), '--save', '', ...persistence,
  ]);
  await waitForPort(port);
  return { url: `redis://127.0.0.1:${port}/0`, process: child, port };
}

/** The newest PostgreSQL server installed the Debian way, or POSTGRES_BIN_DIR; null when there is none. */
export function postgresBinDir(): string | null {
  if (process.env.POSTGRES_BIN_DIR) return process.env.POSTGRES_BIN_DIR;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(join(root, v, 'bin/postgres'))) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  return newest ? join(root, newest, 'bin') : null;
}

/**
 * A PostgreSQL server of one's own on a free loopback port, in a fresh data directory (trust
 * authentication, user postgres), for measurements that must count its processes alone. It runs
 * as the postgres account when started by root, as PostgreSQL refuses to run as root.
 */
export async function startPostgresServer(binDir: string): Promise<{ url: string; process: ChildProcess; port: number; stop(): void }> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'test-postgres-'));
  const owner = process.getuid?.() === 0 ? { uid: Number(execFileSync('id', ['-u', 'postgres'])), gid: Number(execFileSync('id', ['-g', 'postgres'])) } : {};
  if (owner.uid !== undefined) chownSync(dir, owner.uid, owner.gid as number);
  execFileSync(join(binDir, 'initdb'), ['-D', dir, '-A', 'trust', '-U', 'postgres', '--no-sync'], { stdio: 'ignore', ...owner });
  const child = spawn(join(binDir, 'postgres'), ['-D', dir, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1'], { stdio: 'ignore', ...owner });
  await waitForPort(port, 30_000);
  return {
    url: `postgres://postgres@127.0.0.1:${port}`,
    process: child,
    port,
    stop() {
      // Immediate shutdown: the postmaster takes its backends with it.
      child.kill('SIGQUIT');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function startTestInfra(): Promise<TestInfra> {
  const [nats, redis] = await Promise.all([startNatsServer(), startRedisServer()]);
  const postgres = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';
  const runId = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const databases: string[] = [];
  return {
    natsUrl: nats.url,
    redisUrl: redis.url,
    databaseUrl(name: string) {
      const url = `${postgres}/test_${name}_${runId}`;
      if (!databases.includes(url)) databases.push(url);
      return url;
    },
    async stop() {
      nats.process.kill('SIGKILL');
      redis.process.kill('SIGKILL');
      rmSync(nats.dir, { recursive: true, force: true });
      await Promise.all(databases.map((url) => dropDatabase(url).catch(() => undefined)));
    },
  };
}
