import { Logger } from '@nestjs/common';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Knex, Options } from '@mikro-orm/postgresql';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import type { MigrationObject } from '@mikro-orm/core';
import { Client, type PoolClient, type QueryResultRow } from 'pg';

const logger = new Logger('Database');

/** Creates the service's database when it does not exist yet (fresh machine, new test run). */
export async function ensureDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const dbName = decodeURIComponent(url.pathname.slice(1));
  if (!/^[a-zA-Z0-9_]+$/.test(dbName)) throw new Error(`Unsafe database name: ${dbName}`);
  url.pathname = '/postgres';
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [dbName]);
    if (found.rowCount === 0) {
      try {
        await client.query(`CREATE DATABASE "${dbName}"`);
        logger.log(`Created database ${dbName}`);
      } catch (error) {
        // Another replica created it at the same moment.
        if ((error as { code?: string }).code !== '42P04' && (error as { code?: string }).code !== '23505') throw error;
      }
    }
  } finally {
    await client.end();
  }
}

export async function dropDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const dbName = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

export interface OrmConfigInput {
  databaseUrl: string;
  entities: NonNullable<Options['entities']>;
  migrations: MigrationObject[];
  debug?: boolean;
}

/** MikroORM options every service uses: explicit entities, committed migrations listed in code. */
export function ormOptions({ databaseUrl, entities, migrations, debug = false }: OrmConfigInput): Options {
  return {
    driver: PostgreSqlDriver,
    clientUrl: databaseUrl,
    entities,
    extensions: [Migrator],
    migrations: { migrationsList: migrations, transactional: true, allOrNothing: true, snapshot: false },
    debug,
    logger: (message: string) => logger.verbose(message),
    allowGlobalContext: false,
    forceUtcTimezone: true,
    pool: { min: 0, max: 10 },
  };
}

/** Runs pending migrations under an advisory lock, so replicas starting together migrate once. */
export async function migrate(orm: MikroORM): Promise<void> {
  const knex = orm.em.getConnection().getKnex();
  const lockConnection = await knex.client.acquireConnection();
  try {
    await knex.raw('SELECT pg_advisory_lock(?)', [MIGRATION_LOCK_KEY]).connection(lockConnection);
    const done = await orm.getMigrator().up();
    if (done.length > 0) logger.log(`Applied ${done.length} migration(s)`);
  } finally {
    await knex.raw('SELECT pg_advisory_unlock(?)', [MIGRATION_LOCK_KEY]).connection(lockConnection);
    await knex.client.releaseConnection(lockConnection);
  }
}

const MIGRATION_LOCK_KEY = 727274;

/** "cached plan must not change result type" */
const STALE_PLAN = '0A000';

/** A statement a hot path runs many times a second, under a name unique in the service. */
export interface PreparedStatement {
  name: string;
  /** With $1, $2... placeholders, each cast where PostgreSQL cannot infer its type. */
  text: string;
}

/**
 * Runs a statement as a named prepared statement: each pooled connection parses and plans it
 * once, and later calls send only the values (pg remembers which connections know the name).
 */
export async function runPrepared<Row extends QueryResultRow>(knex: Knex, statement: PreparedStatement, values: unknown[]): Promise<Row[]> {
  const connection = (await knex.client.acquireConnection()) as PoolClient;
  const run = async () => (await connection.query<Row>({ name: statement.name, text: statement.text, values })).rows;
  try {
    return await run();
  } catch (error) {
    // A migration (another replica's, in a rolling upgrade) changed the columns a statement this
    // connection prepared returns: PostgreSQL refuses the old plan. Prepare it anew, once.
    if ((error as { code?: string }).code !== STALE_PLAN) throw error;
    await connection.query(`deallocate ${statement.name}`);
    delete (connection as unknown as { connection: { parsedStatements: Record<string, string> } }).connection.parsedStatements[statement.name];
    return await run();
  } finally {
    await knex.client.releaseConnection(connection);
  }
}
