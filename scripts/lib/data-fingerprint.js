'use strict';
/**
 * A fingerprint of the system's data, to compare what a restore gave back with what was backed
 * up: every table's row count and an md5 of all its rows, every sequence's position, every
 * object's sha256. Equal fingerprints, equal data.
 */
const { createHash } = require('node:crypto');
const { bucketSettings, databaseContents, databaseTargets, openBucket, withClient } = require('./data-sources');

/** One database's tables (in the public schema) and sequences. */
function databaseFingerprint(url) {
  return withClient(url, async (client) => {
    const result = {};
    const tables = await client.query("SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1");
    for (const { name } of tables.rows) {
      const { rows } = await client.query(
        `SELECT count(*) AS n, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS digest FROM "${name.replace(/"/g, '""')}" t`,
      );
      result[name] = `${rows[0].n} rows, ${rows[0].digest}`;
    }
    const sequences = await client.query("SELECT sequencename AS name, last_value FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1");
    for (const { name, last_value: last } of sequences.rows) result[`sequence ${name}`] = String(last);
    return result;
  });
}

/** The configured bucket's objects by key, each with its sha256; null when the bucket does not exist. */
async function bucketFingerprint(settings) {
  const bucket = await openBucket(settings);
  try {
    if (!(await bucket.client.bucketExists(bucket.bucket))) return null;
    const objects = {};
    for (const { key } of await bucket.list()) {
      const hash = createHash('sha256');
      for await (const chunk of await bucket.client.getObject(bucket.bucket, key)) hash.update(chunk);
      objects[key] = hash.digest('hex');
    }
    return objects;
  } finally {
    await bucket.close();
  }
}

/** Every service database (null for one that does not exist) and the media bucket, as configured. */
async function fingerprint(env = process.env) {
  const databases = {};
  for (const target of databaseTargets(env)) {
    databases[target.name] = (await databaseContents(target)) === null ? null : await databaseFingerprint(target.url);
  }
  return { databases, objects: await bucketFingerprint(bucketSettings(env)) };
}

module.exports = { fingerprint, databaseFingerprint, bucketFingerprint };
