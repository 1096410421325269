// npm run restore: puts a backup of `npm run backup` back. First checks every file against the
// manifest's size and sha256 (a damaged backup is refused, naming the file, before anything is
// touched); refuses databases that hold tables, or a bucket that holds objects, unless --force;
// then restores each database with pg_restore (created when missing) and uploads every object
// into the bucket (created when missing). Stop the services first; start them once it is done.
//
//   npm run restore                                  the newest backup in ./backups (BACKUP_DIR)
//   npm run restore -- 2026-11-28T10-15-00.123Z      that one (or a backup folder's path)
//   npm run restore -- --force                       replaces the databases there now
//
// The databases and the bucket are the ones the services are configured with now (the same
// variables and defaults as npm run backup), whatever they were called when it was made.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const require = createRequire(import.meta.url);
const log = require('./lib/log.js');
const sources = require('./lib/data-sources.js');
const store = require('./lib/backup-store.js');

const OBJECTS_AT_ONCE = 4;

function options() {
  const { values, positionals } = parseArgs({ args: process.argv.slice(2), options: { force: { type: 'boolean', default: false } }, allowPositionals: true });
  if (positionals.length > 1) throw new Error(`One backup at a time: got ${positionals.join(', ')}`);
  return { force: values.force, which: positionals[0] };
}

/** "chat_messages 1204 rows, users 16 rows and 7 more tables": what a database holds, shortly. */
function describeTables(tables) {
  const rows = tables.reduce((sum, t) => sum + t.rows, 0);
  const largest = tables.slice(0, 3).map((t) => `${t.table} ${t.rows}`);
  return `${log.count(tables.length, 'table')}, ${log.count(rows, 'row')} (${largest.join(', ')}${tables.length > 3 ? ', ...' : ''})`;
}

/** Refuses, before anything is changed, a backup whose files differ from its manifest. */
async function verify(dir, manifest) {
  const t0 = Date.now();
  const problems = await store.verifyBackup(dir, manifest);
  if (problems.length > 0) {
    throw new Error(
      `Backup ${manifest.id} is damaged, nothing was restored:\n${problems.map((p) => `  ${p.path}: ${p.problem}`).join('\n')}`,
    );
  }
  log.done(`${log.count(manifest.files.length, 'file')} match the manifest's sizes and sha256 checksums (${log.seconds(Date.now() - t0)})`);
}

/** Each database of the backup with the one it goes into now, and what that one holds. */
async function databasePlan(manifest) {
  const targets = new Map(sources.databaseTargets().map((t) => [t.name, t]));
  const plan = [];
  for (const entry of manifest.databases) {
    const target = targets.get(entry.name);
    if (!target) throw new Error(`The backup has a database "${entry.name}" that no service here uses`);
    let contents;
    try {
      contents = await sources.databaseContents(target);
    } catch (error) {
      throw new Error(`Database ${entry.name} (${target.database} on ${target.server}, ${target.variable}): ${error.message}`);
    }
    plan.push({ entry, target, contents });
  }
  return plan;
}

async function restoreDatabase({ entry, target, contents }, dir, pgRestore) {
  const t0 = Date.now();
  try {
    if (contents === null) await sources.createDatabase(target);
    else if (contents.length > 0) await sources.createDatabase(target, { replace: true });
    // One transaction: a failure leaves the database empty, never half restored.
    await sources.runTool(
      pgRestore,
      ['--no-password', '--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${target.database}`, join(dir, entry.file)],
      sources.libpqEnv(target.url),
    );
  } catch (error) {
    throw new Error(`Database ${entry.name} (${target.database} on ${target.server}): ${error.message}`);
  }
  const tables = await sources.databaseContents(target);
  log.done(`${entry.name}: ${target.database} restored from ${entry.file}: ${describeTables(tables)}, ${log.seconds(Date.now() - t0)}`);
}

async function restoreMedia(bucket, dir, objects) {
  const t0 = Date.now();
  if (!(await bucket.client.bucketExists(bucket.bucket))) {
    await bucket.client.makeBucket(bucket.bucket, bucket.region);
    log.done(`Created the bucket ${bucket.bucket} at ${bucket.where}`);
  }
  let uploaded = 0;
  const progress = setInterval(() => log.step(`  ${uploaded} of ${objects.length} objects`), 10_000);
  try {
    await sources.eachLimit(objects, OBJECTS_AT_ONCE, async (file) => {
      await bucket.client.fPutObject(bucket.bucket, file.key, join(dir, file.path), { 'Content-Type': file.contentType });
      uploaded++;
    });
  } catch (error) {
    throw new Error(`Media (bucket ${bucket.bucket} at ${bucket.where}): ${error.message}`);
  } finally {
    clearInterval(progress);
  }
  // Read back: every object there, at its size.
  const there = new Map((await bucket.list()).map((o) => [o.key, o.bytes]));
  const wrong = objects.filter((file) => there.get(file.key) !== file.bytes);
  if (wrong.length > 0) throw new Error(`Media: ${wrong.length} objects are not in the bucket as backed up, first ${wrong[0].key}`);
  const bytes = objects.reduce((sum, file) => sum + file.bytes, 0);
  log.done(`media: ${log.count(objects.length, 'object')}, ${log.size(bytes)} into the bucket ${bucket.bucket}, ${log.seconds(Date.now() - t0)}`);
}

async function main() {
  const { force, which } = options();
  const started = Date.now();
  const dir = store.findBackup(store.backupRoot(), which);
  const manifest = store.readManifest(dir);
  log.step(`Restoring backup ${manifest.id} (${dir}), made ${manifest.finishedAt}`);
  await verify(dir, manifest);

  const plan = await databasePlan(manifest);
  const objects = manifest.files.filter((file) => file.key !== undefined);
  const bucket = await sources.openBucket(sources.bucketSettings());
  try {
    const present = (await bucket.client.bucketExists(bucket.bucket)) ? await bucket.list() : [];
    const occupied = plan
      .filter((p) => p.contents?.length > 0)
      .map((p) => `database ${p.target.database} (${p.entry.name}) on ${p.target.server}: ${describeTables(p.contents)}`);
    if (present.length > 0) {
      const inBackup = new Set(objects.map((file) => file.key));
      const replaced = present.filter((o) => inBackup.has(o.key)).length;
      occupied.push(`bucket ${bucket.bucket} at ${bucket.where}: ${log.count(present.length, 'object')} (${replaced} also in the backup would be replaced, the others left as they are)`);
    }
    if (occupied.length > 0 && !force) {
      throw new Error(`Not restoring over data that is there; with --force these are replaced by the backup's:\n${occupied.map((line) => `  ${line}`).join('\n')}`);
    }
    if (occupied.length > 0) log.warn(`--force: replacing\n${occupied.map((line) => `  ${line}`).join('\n')}`);

    const pgRestore = sources.pgTool('pg_restore');
    log.step(`Databases (${await sources.toolVersion(pgRestore)})`);
    for (const item of plan) await restoreDatabase(item, dir, pgRestore);
    log.step(`Media: ${log.count(objects.length, 'object')} into the bucket ${bucket.bucket} at ${bucket.where}`);
    await restoreMedia(bucket, dir, objects);
  } finally {
    await bucket.close();
  }
  log.done(`Restored backup ${manifest.id} in ${log.seconds(Date.now() - started)}: ${log.count(plan.length, 'database')}, ${log.count(objects.length, 'object')}`);
}

main().catch((error) => {
  log.fail(error.message);
  process.exit(1);
});
