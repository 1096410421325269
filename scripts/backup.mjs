// npm run backup: every service database (pg_dump, custom format) and every object of the media
// bucket into BACKUP_DIR/<UTC time>/, with manifest.json (when, the tools' versions, each file's
// size and sha256) written last; then keeps the newest BACKUP_KEEP backups (7 unless told).
//
//   npm run backup                  into ./backups, keeping 7
//   npm run backup -- --keep 14     keeping 14 (BACKUP_KEEP=14 does the same)
//
// It finds the data as the services do: AUTH_DATABASE_URL, CHAT_DATABASE_URL,
// MARKETPLACE_DATABASE_URL, MEDIA_DATABASE_URL and S3_* (each also as VAR_FILE), with the
// defaults `npm start` runs with (POSTGRES_URL's server, the s3rver folder .data/s3).
import { createHash } from 'node:crypto';
import { createWriteStream, mkdirSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { hostname } from 'node:os';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';

const require = createRequire(import.meta.url);
const log = require('./lib/log.js');
const sources = require('./lib/data-sources.js');
const store = require('./lib/backup-store.js');

/** Objects copied at once: enough to hide each request's round trip, few enough for a small S3 server. */
const OBJECTS_AT_ONCE = 4;

function options() {
  const { values } = parseArgs({ args: process.argv.slice(2), options: { keep: { type: 'string' } } });
  const keep = Number(values.keep ?? process.env.BACKUP_KEEP ?? 7);
  if (!Number.isInteger(keep) || keep < 1) throw new Error(`--keep (BACKUP_KEEP) must be a whole number of backups, 1 or more; got ${values.keep ?? process.env.BACKUP_KEEP}`);
  return { keep };
}

/** Dumps each database into work/databases/<name>.dump, one after another. */
async function dumpDatabases(work, files) {
  const pgDump = sources.pgTool('pg_dump');
  const version = await sources.toolVersion(pgDump);
  const databases = [];
  for (const target of sources.databaseTargets()) {
    const t0 = Date.now();
    const path = `databases/${target.name}.dump`;
    let facts;
    try {
      facts = await sources.databaseFacts(target);
      // --no-password: a missing password fails at once instead of waiting at a prompt.
      await sources.runTool(pgDump, ['--format=custom', '--no-password', `--file=${join(work, path)}`], sources.libpqEnv(target.url));
    } catch (error) {
      throw new Error(`Database ${target.name} (${target.database} on ${target.server}, ${target.variable}): ${error.message}`);
    }
    const digest = await store.fileDigest(join(work, path));
    files.push({ path, ...digest });
    databases.push({ name: target.name, service: target.service, database: target.database, serverVersion: facts.serverVersion, bytesOnServer: facts.bytes, file: path });
    log.done(`${target.name}: ${target.database} (${log.size(facts.bytes)} on PostgreSQL ${facts.serverVersion}) → ${path}, ${log.size(digest.bytes)}, ${log.seconds(Date.now() - t0)}`);
  }
  return { databases, version };
}

/** Copies every object of the bucket into work/media/<key>, hashing it on the way. */
async function mirrorBucket(work, files) {
  const t0 = Date.now();
  const bucket = await sources.openBucket(sources.bucketSettings());
  try {
    if (!(await bucket.client.bucketExists(bucket.bucket))) throw new Error(`The bucket ${bucket.bucket} does not exist at ${bucket.where} (S3_BUCKET)`);
    const objects = await bucket.list();
    log.step(`Media: ${log.count(objects.length, 'object')} in the bucket ${bucket.bucket} at ${bucket.where}`);
    let copied = 0;
    let bytes = 0;
    const progress = setInterval(() => log.step(`  ${copied} of ${objects.length} objects, ${log.size(bytes)}`), 10_000);
    try {
      await sources.eachLimit(objects, OBJECTS_AT_ONCE, async (object) => {
        const path = store.objectPath(object.key);
        const target = join(work, path);
        mkdirSync(dirname(target), { recursive: true });
        const stat = await bucket.client.statObject(bucket.bucket, object.key);
        const hash = createHash('sha256');
        let length = 0;
        await pipeline(
          await bucket.client.getObject(bucket.bucket, object.key),
          async function* (source) {
            for await (const chunk of source) {
              hash.update(chunk);
              length += chunk.length;
              yield chunk;
            }
          },
          createWriteStream(target),
        );
        files.push({ path, bytes: length, sha256: hash.digest('hex'), key: object.key, contentType: stat.metaData['content-type'] ?? 'application/octet-stream' });
        copied++;
        bytes += length;
      });
    } catch (error) {
      throw new Error(`Media (bucket ${bucket.bucket} at ${bucket.where}): ${error.message}`);
    } finally {
      clearInterval(progress);
    }
    log.done(`media: ${log.count(copied, 'object')}, ${log.size(bytes)} → media/, ${log.seconds(Date.now() - t0)}`);
    return { bucket: bucket.bucket, server: bucket.where, objects: copied, bytes };
  } finally {
    await bucket.close();
  }
}

async function main() {
  const { keep } = options();
  const startedAt = new Date();
  const root = store.backupRoot();
  const id = store.newBackupId(startedAt);
  const work = store.partialDir(root, id);
  const abandon = () => rmSync(work, { recursive: true, force: true });
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      abandon();
      log.fail(`${signal}: backup ${id} abandoned, nothing kept`);
      process.exit(1);
    });
  }

  log.step(`Backup ${id} into ${root}`);
  mkdirSync(join(work, 'databases'), { recursive: true });
  try {
    const files = [];
    // The databases first, then the bucket: media-svc stores an object before its row and never
    // removes a recorded one, so every object a dumped row names is in the copy.
    const { databases, version } = await dumpDatabases(work, files);
    const media = await mirrorBucket(work, files);
    const finishedAt = new Date();
    files.sort((a, b) => a.path.localeCompare(b.path));
    store.writeManifest(work, {
      format: store.FORMAT,
      id,
      startedAt: startedAt.toISOString(),
      finishedAt: finishedAt.toISOString(),
      durationMs: finishedAt - startedAt,
      host: hostname(),
      tools: { node: process.version, pg_dump: version, minio: require('minio/package.json').version },
      databases,
      media,
      files,
    });
    renameSync(work, join(root, id));
    const total = files.reduce((sum, file) => sum + file.bytes, 0);
    log.done(
      `Backup ${id} complete: ${log.count(databases.length, 'database')} and ${log.count(media.objects, 'object')}, ${log.count(files.length, 'file')}, ${log.size(total)}, in ${log.seconds(finishedAt - startedAt)} → ${join(root, id)}`,
    );
  } catch (error) {
    abandon();
    throw new Error(`${error.message}\nBackup ${id} failed; nothing of it was kept.`);
  }

  const { removed, stale } = store.applyRetention(root, keep);
  const kept = store.listBackups(root).length;
  log.done(`Keeping the newest ${keep}: ${log.count(kept, 'backup')} in ${root}${removed.length ? `; removed ${removed.join(', ')}` : ''}`);
  if (stale.length) log.warn(`Removed the unfinished folders of runs that stopped a day ago or more: ${stale.join(', ')}`);
}

main().catch((error) => {
  log.fail(error.message);
  process.exit(1);
});
