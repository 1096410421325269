import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
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
