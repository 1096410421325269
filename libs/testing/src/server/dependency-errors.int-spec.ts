import { createRedis, isDependencyDown } from '@app/server';
import { Client } from 'pg';
import { freePort, startRedisServer } from '../test-infra';

const postgresUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432';

/** The error a promise rejects with. */
const failureOf = (promise: Promise<unknown>) => promise.then(() => Promise.reject(new Error('it succeeded')), (error: unknown) => error);

describe('isDependencyDown: the errors a request may succeed after, from the real drivers', () => {
  it('is true for PostgreSQL refusing the connection or ending it', async () => {
    const refused = new Client({ connectionString: `postgres://postgres@127.0.0.1:${await freePort()}/postgres` });
    expect(isDependencyDown(await failureOf(refused.connect()))).toBe(true);

    const victim = new Client({ connectionString: `${postgresUrl}/postgres` });
    const admin = new Client({ connectionString: `${postgresUrl}/postgres` });
    await Promise.all([victim.connect(), admin.connect()]);
    victim.on('error', () => undefined);
    try {
      const pid = (await victim.query('SELECT pg_backend_pid() AS pid')).rows[0].pid;
      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
      expect(isDependencyDown(await failureOf(victim.query('SELECT 1')))).toBe(true);
    } finally {
      await admin.end();
      await victim.end().catch(() => undefined);
    }
  });

  it('is false for what PostgreSQL answers about the query itself', async () => {
    const client = new Client({ connectionString: `${postgresUrl}/postgres` });
    await client.connect();
    try {
      expect(isDependencyDown(await failureOf(client.query('SELEC 1')))).toBe(false);
      expect(isDependencyDown(await failureOf(client.query('SELECT 1 / 0')))).toBe(false);
    } finally {
      await client.end();
    }
  });

  it('is true for Redis gone away, false for a command Redis refuses', async () => {
    const redis = await startRedisServer();
    const client = createRedis(redis.url);
    try {
      expect(isDependencyDown(await failureOf(client.call('NOSUCHCOMMAND')))).toBe(false);
      await client.set('k', '1');
      await new Promise((resolve) => {
        redis.process.once('exit', resolve);
        redis.process.kill('SIGKILL');
      });
      expect(isDependencyDown(await failureOf(client.get('k')))).toBe(true);
    } finally {
      client.disconnect();
      redis.process.kill('SIGKILL');
    }
  });

  it('looks through the causes a wrapper keeps, and says no to plain bugs', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(isDependencyDown(new Error('Query failed', { cause: refused }))).toBe(true);
    expect(isDependencyDown(Object.assign(new Error('driver'), { previous: refused }))).toBe(true);
    expect(isDependencyDown(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isDependencyDown(undefined)).toBe(false);
  });
});
