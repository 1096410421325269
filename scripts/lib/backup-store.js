'use strict';
/**
 * The backup folder (BACKUP_DIR, default ./backups): one folder per backup, named by the UTC
 * time it started (2026-11-28T10-15-00.123Z), holding databases/<name>.dump, media/<object key>
 * and manifest.json. A backup is written into .<id>.partial and renamed once its manifest, the
 * last thing written, is in place: a folder without a manifest is never taken for a backup.
 */
const { createHash } = require('node:crypto');
const { createReadStream, existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } = require('node:fs');
const { isAbsolute, join, resolve } = require('node:path');
const { ROOT } = require('./run');

const MANIFEST = 'manifest.json';
/** Bumped when the folder's layout changes; restore refuses a format it does not know. */
const FORMAT = 1;
const BACKUP_ID = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z$/;
const PARTIAL = /^\.(.+)\.partial$/;
/** A partial folder this old is a run that died, not one under way. */
const STALE_PARTIAL_MS = 24 * 60 * 60 * 1000;

function backupRoot(env = process.env) {
  return resolve(env.BACKUP_DIR || join(ROOT, 'backups'));
}

/** The name of a backup started at `now`: its UTC time, safe in any file system. */
function newBackupId(now = new Date()) {
  return now.toISOString().replace(/:/g, '-');
}

const partialDir = (root, id) => join(root, `.${id}.partial`);

/** Complete backups in the folder, oldest first. */
function listBackups(root) {
  if (!existsSync(root)) return [];
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && BACKUP_ID.test(entry.name) && existsSync(join(root, entry.name, MANIFEST)))
    .map((entry) => ({ id: entry.name, dir: join(root, entry.name) }))
    .sort((a, b) => a.id.localeCompare(b.id));
}

/** A backup by id (in the folder) or by path; the newest when none is named. */
function findBackup(root, which) {
  let dir;
  if (!which) {
    const all = listBackups(root);
    if (all.length === 0) throw new Error(`No backup in ${root} (BACKUP_DIR); make one with npm run backup`);
    dir = all[all.length - 1].dir;
  } else if (existsSync(which) && statSync(which).isDirectory()) {
    dir = resolve(which);
  } else if (existsSync(join(root, which))) {
    dir = join(root, which);
  } else {
    throw new Error(`No backup ${which}: neither a folder nor a backup in ${root}`);
  }
  if (!existsSync(join(dir, MANIFEST))) throw new Error(`${dir} is not a complete backup: it has no ${MANIFEST}`);
  return dir;
}

/** Where an object is kept in a backup: media/<its key>, refused when the key would leave that folder. */
function objectPath(key) {
  const parts = key.split('/');
  if (isAbsolute(key) || key.includes('\\') || key.includes('\0') || parts.some((p) => p === '' || p === '.' || p === '..')) {
    throw new Error(`The object key "${key}" cannot be kept as a file`);
  }
  return `media/${key}`;
}

/** Size and sha256 of a file, read once. */
function fileDigest(path) {
  return new Promise((resolveDigest, reject) => {
    const hash = createHash('sha256');
    let bytes = 0;
    createReadStream(path)
      .on('data', (chunk) => {
        hash.update(chunk);
        bytes += chunk.length;
      })
      .on('error', reject)
      .on('end', () => resolveDigest({ bytes, sha256: hash.digest('hex') }));
  });
}

/** Writes the manifest whole or not at all (a file beside it, renamed). */
function writeManifest(dir, manifest) {
  const temporary = join(dir, `${MANIFEST}.tmp`);
  writeFileSync(temporary, `${JSON.stringify(manifest, null, 2)}\n`);
  renameSync(temporary, join(dir, MANIFEST));
}

function readManifest(dir) {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(join(dir, MANIFEST), 'utf8'));
  } catch (error) {
    throw new Error(`${join(dir, MANIFEST)} cannot be read: ${error.message}`);
  }
  if (manifest.format !== FORMAT) throw new Error(`${join(dir, MANIFEST)} is format ${manifest.format}; this version reads format ${FORMAT}`);
  return manifest;
}

/**
 * Checks every file the manifest lists against its size and sha256; answers the ones that
 * differ, each with what is wrong.
 */
async function verifyBackup(dir, manifest) {
  const problems = [];
  for (const file of manifest.files) {
    const path = join(dir, file.path);
    if (!existsSync(path)) {
      problems.push({ path: file.path, problem: 'missing' });
      continue;
    }
    const { bytes, sha256 } = await fileDigest(path);
    if (bytes !== file.bytes) problems.push({ path: file.path, problem: `${bytes} bytes, the manifest says ${file.bytes}` });
    else if (sha256 !== file.sha256) problems.push({ path: file.path, problem: 'its sha256 differs from the manifest' });
  }
  return problems;
}

/**
 * Keeps the newest `keep` complete backups and removes older ones, and the partial folders of
 * runs that died a day ago or more. Answers what it removed.
 */
function applyRetention(root, keep) {
  const all = listBackups(root);
  const removed = all.slice(0, Math.max(0, all.length - keep)).map((backup) => {
    rmSync(backup.dir, { recursive: true, force: true });
    return backup.id;
  });
  const stale = readdirSync(root, { withFileTypes: true }).filter(
    (entry) => entry.isDirectory() && PARTIAL.test(entry.name) && Date.now() - statSync(join(root, entry.name)).mtimeMs > STALE_PARTIAL_MS,
  );
  for (const entry of stale) rmSync(join(root, entry.name), { recursive: true, force: true });
  return { removed, stale: stale.map((entry) => entry.name) };
}

module.exports = {
  FORMAT,
  MANIFEST,
  backupRoot,
  newBackupId,
  partialDir,
  listBackups,
  findBackup,
  objectPath,
  fileDigest,
  writeManifest,
  readManifest,
  verifyBackup,
  applyRetention,
};
