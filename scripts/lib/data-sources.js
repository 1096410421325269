'use strict';
/**
 * Where the system's data lives, for `npm run backup` and `npm run restore`: each service's
 * PostgreSQL database and the media bucket, located from the environment as the services read
 * it (VAR, else the file VAR_FILE names), with the defaults `npm start` runs with.
 */
const { spawn } = require('node:child_process');
const { existsSync, readdirSync, readFileSync } = require('node:fs');
const { join } = require('node:path');
const { ROOT } = require('./run');
const { DATABASE_VARS } = require('./stack');

/** A variable as the apps read it: VAR itself, else the contents of the file VAR_FILE names. */
function setting(env, name) {
  if (env[name] !== undefined && env[name] !== '') return env[name];
  const file = env[`${name}_FILE`];
  if (!file) return undefined;
  try {
    return readFileSync(file, 'utf8').replace(/\r?\n$/, '');
  } catch (error) {
    throw new Error(`${name}_FILE: cannot read ${file} (${error.message})`);
  }
}

/**
 * Every service database: `name` is the service's own name for it (auth, chat, ...), the key
 * a backup files it under; `database` is what it is called on this server.
 */
function databaseTargets(env = process.env) {
  const server = env.POSTGRES_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432';
  return Object.entries(DATABASE_VARS).map(([service, [variable, name]]) => {
    const url = setting(env, variable) ?? `${server}/${name}`;
    let parsed;
    try {
      parsed = new URL(url);
    } catch {
      throw new Error(`${variable} is not a URL (postgres://user:password@host:5432/database)`);
    }
    return { service, name, variable, url, database: decodeURIComponent(parsed.pathname.slice(1)), server: `${parsed.hostname}:${parsed.port || 5432}` };
  });
}

/** The same server and credentials, another database (`postgres` to create and drop them). */
function withDatabase(url, database) {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(database)}`;
  return parsed.toString();
}

/**
 * The connection as libpq's variables, so that no password shows in the process list as a
 * command-line argument would.
 */
function libpqEnv(url) {
  const parsed = new URL(url);
  const env = {
    PGHOST: parsed.hostname.replace(/^\[(.*)\]$/, '$1'),
    PGPORT: parsed.port || '5432',
    PGUSER: decodeURIComponent(parsed.username) || 'postgres',
    PGDATABASE: decodeURIComponent(parsed.pathname.slice(1)),
  };
  if (parsed.password) env.PGPASSWORD = decodeURIComponent(parsed.password);
  const sslmode = parsed.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}

/**
 * A PostgreSQL client program: from PG_BIN when set, else the newest of Debian's installed
 * versions (a newer pg_dump reads any older server), else the one on the PATH.
 */
function pgTool(name, env = process.env) {
  if (env.PG_BIN) return join(env.PG_BIN, name);
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((v) => existsSync(join(debian, v, 'bin', name)))
      .sort((a, b) => Number(b) - Number(a));
    if (versions.length > 0) return join(debian, versions[0], 'bin', name);
  }
  return name;
}

/**
 * Runs a program to its end; rejects with its last lines of error output. `env` is added to
 * this process's environment.
 */
function runTool(command, args, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (data) => (output += data));
    child.stderr.on('data', (data) => (output += data));
    child.on('error', (error) =>
      reject(error.code === 'ENOENT' ? new Error(`${command} is not installed (the PostgreSQL client tools; Debian: apt-get install postgresql-client), or set PG_BIN`) : error),
    );
    child.on('exit', (code, signal) => {
      if (code === 0) return resolve(output);
      const last = output.trim().split('\n').slice(-6).join('\n');
      reject(new Error(`${command} ${signal ? `stopped by ${signal}` : `exited with ${code}`}${last ? `:\n${last}` : ''}`));
    });
  });
}

/** `<program> --version`, as it prints it. */
async function toolVersion(command) {
  return (await runTool(command, ['--version'])).trim();
}

/** Runs `work` with a connected client of `pg`, closed afterwards. */
async function withClient(url, work) {
  const { Client } = require('pg');
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

const quoteIdent = (name) => `"${name.replace(/"/g, '""')}"`;

/**
 * What a database holds: null when it does not exist, else its tables outside PostgreSQL's
 * own schemas with their row counts, largest first.
 */
async function databaseContents(target) {
  const exists = await withClient(withDatabase(target.url, 'postgres'), async (client) => {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [target.database]);
    return found.rowCount > 0;
  });
  if (!exists) return null;
  return withClient(target.url, async (client) => {
    const tables = await client.query(
      `SELECT schemaname AS schema, tablename AS name FROM pg_tables
        WHERE schemaname NOT IN ('pg_catalog', 'information_schema') AND schemaname NOT LIKE 'pg_toast%'
        ORDER BY 1, 2`,
    );
    const counted = [];
    for (const table of tables.rows) {
      const rows = await client.query(`SELECT count(*)::bigint AS n FROM ${quoteIdent(table.schema)}.${quoteIdent(table.name)}`);
      counted.push({ table: table.schema === 'public' ? table.name : `${table.schema}.${table.name}`, rows: Number(rows.rows[0].n) });
    }
    return counted.sort((a, b) => b.rows - a.rows);
  });
}

/** The server's version and the database's size in bytes. */
function databaseFacts(target) {
  return withClient(target.url, async (client) => {
    const { rows } = await client.query('SELECT current_setting($1) AS version, pg_database_size(current_database())::bigint AS bytes', ['server_version']);
    return { serverVersion: rows[0].version.split(' ')[0], bytes: Number(rows[0].bytes) };
  });
}

/** Creates the database empty; with `replace`, drops it first, ending its connections. */
function createDatabase(target, { replace = false } = {}) {
  return withClient(withDatabase(target.url, 'postgres'), async (client) => {
    if (replace) await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(target.database)} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${quoteIdent(target.database)}`);
  });
}

/** The media bucket's settings, as media-svc reads them. No S3_ENDPOINT: the s3rver folder `npm start` uses. */
function bucketSettings(env = process.env) {
  const port = setting(env, 'S3_PORT');
  return {
    endPoint: setting(env, 'S3_ENDPOINT'),
    port: port ? Number(port) : undefined,
    useSSL: ['true', '1'].includes(setting(env, 'S3_USE_SSL') ?? 'false'),
    accessKey: setting(env, 'S3_ACCESS_KEY') ?? 'S3RVER',
    secretKey: setting(env, 'S3_SECRET_KEY') ?? 'S3RVER',
    bucket: setting(env, 'S3_BUCKET') ?? 'media',
    region: setting(env, 'S3_REGION') ?? 'us-east-1',
    localDir: env.S3_DIR ?? join(ROOT, '.data/s3'),
  };
}

/** Parts of this size go up one at a time (as media-svc sends them), so no object sits in memory whole. */
const PART_SIZE = 5 * 1024 * 1024;

/**
 * A minio client on the bucket's server. Without S3_ENDPOINT, an s3rver of our own over the
 * folder `npm start` keeps its objects in (the running one's port is its own).
 */
async function openBucket(settings) {
  const Minio = require('minio');
  let local;
  let { endPoint, port } = settings;
  if (!endPoint) {
    const { startLocalS3 } = require('./local-s3');
    local = await startLocalS3({ dir: settings.localDir, bucket: null });
    ({ endpoint: endPoint, port } = local);
  }
  const client = new Minio.Client({
    endPoint,
    ...(port ? { port } : {}),
    useSSL: settings.useSSL,
    accessKey: settings.accessKey,
    secretKey: settings.secretKey,
    region: settings.region,
    partSize: PART_SIZE,
  });
  const where = local ? `${settings.localDir} (s3rver)` : `${settings.useSSL ? 'https' : 'http'}://${endPoint}${port ? `:${port}` : ''}`;
  return {
    client,
    bucket: settings.bucket,
    region: settings.region,
    where,
    /** Every object: key and size. */
    async list() {
      const objects = [];
      for await (const item of client.listObjectsV2(settings.bucket, '', true)) {
        if (item.name) objects.push({ key: item.name, bytes: item.size });
      }
      return objects;
    },
    close: async () => local?.stop(),
  };
}

/**
 * Runs `work` on every item, at most `limit` at a time. After a failure no new item starts;
 * it rejects with that failure once the ones under way have ended (nothing writes after it).
 */
async function eachLimit(items, limit, work) {
  let next = 0;
  let failed = false;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        await work(items[index], index);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  });
  const outcomes = await Promise.allSettled(runners);
  const failure = outcomes.find((o) => o.status === 'rejected');
  if (failure) throw failure.reason;
}

module.exports = {
  setting,
  databaseTargets,
  databaseContents,
  databaseFacts,
  createDatabase,
  withClient,
  libpqEnv,
  pgTool,
  runTool,
  toolVersion,
  bucketSettings,
  openBucket,
  eachLimit,
};
