'use strict';
/**
 * Images for the compose file when their registry cannot be reached: each image it names (and
 * the Dockerfile's base) is pulled when possible; otherwise a stand-in is built here, from
 * Debian's packages and the npm registry only, and tagged with the very name compose uses.
 *
 * - base: a Debian root made by debootstrap from the mirror this machine's apt uses, imported
 *   with `docker import`, trusting this machine's certificate authorities;
 * - on it, from the recipes in docker/standins/: Node.js (npm-packed by this machine's npm),
 *   PostgreSQL, Redis, nats-server, nginx, coturn, Prometheus and openssl (Debian's), an S3 server
 *   (s3rver on Node.js) for MinIO, and MailDev from the npm registry.
 *
 * Each stand-in carries a label with the hash of its recipe: a later run reuses it (the Docker
 * image store is the cache) and rebuilds it only when its recipe changed. npm-packed tarballs
 * and build contexts live in .cache/compose (ignored by git).
 */
const { createHash } = require('node:crypto');
const { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { ROOT, commandExists } = require('./run');
const { capture, canInstall, aptInstall } = require('./docker');
const log = require('./log');

const LABEL = 'org.chatmarket.standin';
const RECIPES = join(ROOT, 'docker/standins');
const CACHE = process.env.COMPOSE_CACHE_DIR ?? join(ROOT, '.cache/compose');
const CODENAME = 'bookworm';
const BASE_IMAGE = `chatmarket-standin/debian:${CODENAME}`;
const HOST_CA = '/etc/ssl/certs/ca-certificates.crt';

/** Which recipe stands in for an image, by repository (the name without its tag). */
const RECIPE_OF = {
  node: 'node',
  postgres: 'postgres',
  redis: 'redis',
  nats: 'nats',
  nginx: 'nginx',
  'minio/minio': 'minio',
  'maildev/maildev': 'maildev',
  'coturn/coturn': 'coturn',
  'prom/prometheus': 'prometheus',
  'alpine/openssl': 'openssl',
};

function repositoryOf(ref) {
  const withoutDigest = ref.split('@')[0];
  const slash = withoutDigest.lastIndexOf('/');
  const colon = withoutDigest.lastIndexOf(':');
  const name = colon > slash ? withoutDigest.slice(0, colon) : withoutDigest;
  return name.replace(/^library\//, '');
}

function tagOf(ref) {
  const slash = ref.lastIndexOf('/');
  const colon = ref.lastIndexOf(':');
  return colon > slash ? ref.slice(colon + 1) : 'latest';
}

function sha(...parts) {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(typeof part === 'string' ? part : JSON.stringify(part)).update('\0');
  return hash.digest('hex').slice(0, 16);
}

/** The contents of every file of a folder, in order, for the recipe hash. */
function folderDigest(dir) {
  const parts = [];
  const walk = (path) => {
    for (const entry of readdirSync(path).sort()) {
      const full = join(path, entry);
      if (statSync(full).isDirectory()) walk(full);
      else parts.push(full.slice(dir.length), readFileSync(full, 'utf8'), String(statSync(full).mode & 0o111));
    }
  };
  walk(dir);
  return sha(...parts);
}

function imageLabels(ref) {
  const result = capture('docker', ['image', 'inspect', '--format', '{{json .Config.Labels}}', ref]);
  if (!result.ok) return null;
  return JSON.parse(result.stdout.trim() || 'null') ?? {};
}

function imageId(ref) {
  const result = capture('docker', ['image', 'inspect', '--format', '{{.Id}}', ref]);
  return result.ok ? result.stdout.trim() : null;
}

/**
 * The Debian archive lines of this machine's apt sources for CODENAME (main, updates, security),
 * from one-line .list files and deb822 .sources files alike.
 */
function debianSources() {
  const files = [];
  if (existsSync('/etc/apt/sources.list')) files.push('/etc/apt/sources.list');
  if (existsSync('/etc/apt/sources.list.d')) {
    for (const f of readdirSync('/etc/apt/sources.list.d').sort()) {
      if (f.endsWith('.list') || f.endsWith('.sources')) files.push(join('/etc/apt/sources.list.d', f));
    }
  }
  const suite = new RegExp(`^${CODENAME}(-updates|-security)?$`);
  const entries = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    if (file.endsWith('.sources')) {
      for (const stanza of text.split(/\n\s*\n/)) {
        const field = (name) => new RegExp(`^${name}:\\s*(.+)$`, 'mi').exec(stanza)?.[1].trim();
        if (!/\bdeb\b/.test(field('Types') ?? '') || /^no$/i.test(field('Enabled') ?? '')) continue;
        for (const uri of (field('URIs') ?? '').split(/\s+/).filter(Boolean)) {
          for (const s of (field('Suites') ?? '').split(/\s+/).filter((x) => suite.test(x))) {
            entries.push({ uri, suite: s, components: field('Components') ?? 'main' });
          }
        }
      }
    } else {
      for (const line of text.split('\n')) {
        const match = /^\s*deb\s+(?:\[[^\]]*\]\s+)?(\S+)\s+(\S+)\s+(.+)$/.exec(line);
        if (match && suite.test(match[2])) entries.push({ uri: match[1], suite: match[2], components: match[3].trim() });
      }
    }
  }
  if (!entries.some((e) => e.suite === CODENAME)) {
    throw new Error(`apt has no Debian ${CODENAME} source here (/etc/apt/sources.list*): the stand-in images are built from it`);
  }
  return entries;
}

function baseRecipe() {
  const sources = debianSources();
  const ca = existsSync(HOST_CA) ? readFileSync(HOST_CA, 'utf8') : '';
  return { sources, ca, hash: sha('base-1', CODENAME, sources, ca) };
}

/** A debootstrap root of Debian CODENAME, imported as BASE_IMAGE. */
function buildBase(recipe, logFile) {
  if (!commandExists('debootstrap')) {
    if (!canInstall()) throw new Error('debootstrap is needed to build the stand-in images; install it (Debian: apt-get install debootstrap)');
    log.step('Installing debootstrap (apt-get install debootstrap)');
    aptInstall(['debootstrap']);
  }
  const mirror = recipe.sources.find((e) => e.suite === CODENAME).uri;
  const root = join(CACHE, 'rootfs');
  rmSync(root, { recursive: true, force: true });
  mkdirSync(CACHE, { recursive: true });
  log.step(`Debian ${CODENAME} root (debootstrap --variant=minbase, ${mirror})`);
  const boot = capture('debootstrap', ['--variant=minbase', CODENAME, root, mirror], { timeoutMs: 15 * 60_000 });
  writeFileSync(logFile, boot.text);
  if (!boot.ok) throw new Error(`debootstrap failed (see ${logFile}): ${boot.text.split('\n').slice(-3).join(' ')}`);
  writeFileSync(
    join(root, 'etc/apt/sources.list'),
    recipe.sources.map((e) => `deb ${e.uri} ${e.suite} ${e.components}`).join('\n') + '\n',
  );
  mkdirSync(join(root, 'usr/local/share/host-ca'), { recursive: true });
  if (recipe.ca) {
    // This machine's authorities, for mirrors reached through a TLS proxy: in the bundle every
    // program reads, and apart, where no package update rewrites it (NODE_EXTRA_CA_CERTS).
    mkdirSync(join(root, 'etc/ssl/certs'), { recursive: true });
    writeFileSync(join(root, 'etc/ssl/certs/ca-certificates.crt'), recipe.ca);
    writeFileSync(join(root, 'usr/local/share/host-ca/ca-certificates.crt'), recipe.ca);
  }
  writeFileSync(join(root, 'etc/apt/apt.conf.d/90standin'), 'APT::Install-Recommends "false";\nAPT::Install-Suggests "false";\n');
  for (const dir of ['var/cache/apt/archives', 'var/lib/apt/lists']) {
    for (const entry of readdirSync(join(root, dir))) {
      if (entry !== 'partial' && entry !== 'lock') rmSync(join(root, dir, entry), { recursive: true, force: true });
    }
  }
  const imported = capture(
    'sh',
    [
      '-c',
      `tar -C "${root}" -c . | docker import` +
        ` --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin'` +
        ` --change 'ENV LANG=C.UTF-8'` +
        ` --change 'LABEL ${LABEL}=${recipe.hash}'` +
        ` --change 'CMD ["bash"]' - ${BASE_IMAGE}`,
    ],
    { timeoutMs: 10 * 60_000 },
  );
  rmSync(root, { recursive: true, force: true });
  if (!imported.ok) throw new Error(`docker import failed: ${imported.text}`);
}

/** The base, built when missing or when the mirror or the authorities changed. */
function ensureBase(logDir) {
  const recipe = baseRecipe();
  if (imageLabels(BASE_IMAGE)?.[LABEL] === recipe.hash) return { id: imageId(BASE_IMAGE), built: false };
  const started = Date.now();
  buildBase(recipe, join(logDir, 'standin-base.log'));
  log.done(`Stand-in base ${BASE_IMAGE} built in ${Math.round((Date.now() - started) / 1000)} s`);
  return { id: imageId(BASE_IMAGE), built: true };
}

/** The exact version of a package in package-lock.json. */
function lockedVersion(name) {
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8'));
  const version = lock.packages?.[`node_modules/${name}`]?.version;
  if (!version) throw new Error(`${name} is not in package-lock.json`);
  return version;
}

/** `npm pack SPEC` into the cache once; the file's path. */
function npmPack(spec, dir) {
  mkdirSync(dir, { recursive: true });
  const result = capture('npm', ['pack', '--json', '--pack-destination', dir, spec], { timeoutMs: 10 * 60_000 });
  if (!result.ok) throw new Error(`npm pack ${spec} failed: ${result.text.split('\n').slice(-3).join(' ')}`);
  const [{ filename }] = JSON.parse(result.stdout.slice(result.stdout.indexOf('[')));
  return join(dir, filename);
}

/**
 * What each recipe needs beside its folder: build arguments, files added to its context, and
 * the inputs of its hash (so a new Node major or s3rver version makes a new stand-in).
 */
function recipeInputs(recipe, ref, images) {
  switch (recipe) {
    case 'node': {
      const major = /^(\d+)/.exec(tagOf(ref))?.[1];
      if (!major) throw new Error(`${ref}: no Node.js major version in the tag`);
      const arch = { x64: 'x64', arm64: 'arm64' }[process.arch];
      if (!arch) throw new Error(`no Node.js package for ${process.arch}`);
      const npmMajor = Number(major) >= 24 ? 11 : 10;
      const specs = { node: `node-linux-${arch}@${major}`, npm: `npm@${npmMajor}` };
      return {
        hashInputs: [specs],
        args: {},
        addFiles(context) {
          const dir = join(CACHE, 'npm-packs');
          cpSync(npmPack(specs.node, dir), join(context, 'node.tgz'));
          cpSync(npmPack(specs.npm, dir), join(context, 'npm.tgz'));
        },
      };
    }
    case 'minio': {
      const s3rver = lockedVersion('s3rver');
      const localS3 = readFileSync(join(ROOT, 'scripts/lib/local-s3.js'), 'utf8');
      return {
        hashInputs: [s3rver, localS3, imageId(images.node) ?? images.node],
        args: { NODE_IMAGE: images.node, S3RVER_VERSION: s3rver },
        addFiles(context) {
          writeFileSync(join(context, 'local-s3.js'), localS3);
        },
      };
    }
    case 'maildev': {
      const maildev = lockedVersion('maildev');
      return {
        hashInputs: [maildev, imageId(images.node) ?? images.node],
        args: { NODE_IMAGE: images.node, MAILDEV_VERSION: maildev },
        addFiles() {},
      };
    }
    default:
      return { hashInputs: [], args: {}, addFiles() {} };
  }
}

/** Builds one stand-in; its output goes to the log folder. */
function buildStandin(ref, recipe, inputs, hash, logDir) {
  const context = join(CACHE, 'context', recipe);
  rmSync(context, { recursive: true, force: true });
  mkdirSync(context, { recursive: true });
  cpSync(join(RECIPES, recipe), context, { recursive: true });
  inputs.addFiles(context);
  const args = ['build', '--pull=false', '--label', `${LABEL}=${hash}`, '--build-arg', `BASE=${BASE_IMAGE}`];
  for (const [name, value] of Object.entries(inputs.args)) args.push('--build-arg', `${name}=${value}`);
  args.push('-t', ref, context);
  const logFile = join(logDir, `standin-${recipe}.log`);
  const started = Date.now();
  log.step(`Building the stand-in for ${ref} (docker/standins/${recipe})`);
  const result = capture('docker', args, { timeoutMs: 15 * 60_000, env: { DOCKER_BUILDKIT: '0' } });
  writeFileSync(logFile, result.text);
  if (!result.ok) throw new Error(`building the stand-in for ${ref} failed (see ${logFile}): ${result.text.split('\n').slice(-4).join(' | ')}`);
  log.done(`${ref} stand-in built in ${Math.round((Date.now() - started) / 1000)} s`);
}

/**
 * Makes every image in `refs` present: kept when it is there (a stand-in only while its recipe
 * is unchanged), else pulled, else built as a stand-in. The first failed pull is taken to mean the
 * registry cannot be reached, and no other pull is tried. Returns { ref: 'present' | 'pulled' | 'stand-in' | 'stand-in (cached)' }.
 */
function ensureImages(refs, { logDir, nodeImage }) {
  mkdirSync(logDir, { recursive: true });
  const outcome = {};
  let registryReachable = process.env.COMPOSE_STANDINS === 'always' ? false : undefined;
  let base;
  // Node first: the S3 stand-in is built on it.
  const ordered = [...new Set(refs)].sort((a, b) => (a === nodeImage ? -1 : b === nodeImage ? 1 : 0));
  for (const ref of ordered) {
    const labels = imageLabels(ref);
    const recipe = RECIPE_OF[repositoryOf(ref)];
    if (labels && !labels[LABEL]) {
      outcome[ref] = 'present';
      continue;
    }
    if (registryReachable !== false) {
      const pulled = capture('docker', ['pull', '-q', ref], { timeoutMs: 5 * 60_000 });
      registryReachable = pulled.ok;
      if (pulled.ok) {
        outcome[ref] = 'pulled';
        continue;
      }
      log.warn(`Cannot pull ${ref} (${pulled.text.split('\n').pop()}): using stand-ins built here`);
    }
    if (!recipe) throw new Error(`${ref} cannot be pulled and has no stand-in recipe (docker/standins)`);
    base ??= ensureBase(logDir);
    const inputs = recipeInputs(recipe, ref, { node: nodeImage });
    const hash = sha(recipe, folderDigest(join(RECIPES, recipe)), base.id, ...inputs.hashInputs);
    if (labels?.[LABEL] === hash) {
      outcome[ref] = 'stand-in (cached)';
      continue;
    }
    buildStandin(ref, recipe, inputs, hash, logDir);
    outcome[ref] = 'stand-in';
  }
  return outcome;
}

module.exports = { ensureImages, repositoryOf, debianSources, RECIPE_OF, BASE_IMAGE, LABEL };
