import { Logger } from '@nestjs/common';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Options } from '@mikro-orm/postgresql';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import type { MigrationObject } from '@mikro-orm/core';
import { Client } from 'pg';

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
