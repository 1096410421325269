'use strict';
/**
 * A Docker engine and a compose command for `npm run test:compose`: uses the ones that answer,
 * otherwise installs Debian's docker.io and docker-compose and starts dockerd in the background
 * (there may be no init system), as `npm start` does for PostgreSQL. When no engine can run here
 * (no root, not Linux, a kernel without what containers need) it says why with EngineUnavailable.
 */
const { spawn, spawnSync } = require('node:child_process');
const { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { commandExists } = require('./run');
const log = require('./log');

class EngineUnavailable extends Error {}

const DOCKERD_LOG = '/var/log/dockerd.log';

/** Runs a command to completion, capturing its output; never throws. */
function capture(command, args, { timeoutMs = 60_000, input, env } = {}) {
  const result = spawnSync(command, args, {
    encoding: 'utf8',
    timeout: timeoutMs,
    input,
    env: env ? { ...process.env, ...env } : process.env,
    maxBuffer: 64 * 1024 * 1024,
  });
  return {
    ok: result.status === 0,
    status: result.status,
    stdout: result.stdout ?? '',
    stderr: result.stderr ?? '',
    error: result.error,
    text: `${result.stdout ?? ''}${result.stderr ?? ''}`.trim() || (result.error?.message ?? ''),
  };
}

const canInstall = () => process.getuid?.() === 0 && existsSync('/etc/debian_version') && commandExists('apt-get');

let aptUpdated = false;
function aptInstall(packages) {
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  if (!aptUpdated) {
    capture('apt-get', ['update', '-qq'], { timeoutMs: 300_000, env });
    aptUpdated = true;
  }
  const result = capture('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], { timeoutMs: 600_000, env });
  if (!result.ok) throw new Error(`apt-get install ${packages.join(' ')} failed: ${result.text.split('\n').slice(-5).join(' ')}`);
}

function engineAnswers() {
  return capture('docker', ['info', '--format', '{{.ServerVersion}} {{.Driver}}'], { timeoutMs: 20_000 });
}

function tail(file, lines = 8) {
  try {
    return readFileSync(file, 'utf8').trim().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/** Starts dockerd in the background; resolves once it answers, or rejects with its last words. */
async function startDockerd(extraArgs) {
  const fd = openSync(DOCKERD_LOG, 'a');
  const child = spawn('dockerd', extraArgs, { detached: true, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  let exited = false;
  child.on('exit', () => (exited = true));
  child.unref();
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 500));
    if (engineAnswers().ok) return;
    if (exited) break;
  }
  if (!exited) child.kill('SIGTERM');
  throw new Error(tail(DOCKERD_LOG));
}

/**
 * Makes sure a Docker engine answers, starting or installing one when this machine allows it;
 * throws EngineUnavailable saying why not otherwise.
 */
async function ensureEngine() {
  if (process.platform !== 'linux') throw new EngineUnavailable(`the compose test runs the engine on Linux only (this is ${process.platform})`);
  if (!commandExists('docker') && !commandExists('dockerd')) {
    if (!canInstall()) throw new EngineUnavailable('no Docker engine is installed, and installing one needs root on Debian');
    log.step('Installing Docker (apt-get install docker.io)');
    aptInstall(['docker.io']);
  }
  let answer = engineAnswers();
  if (!answer.ok) {
    if (process.getuid?.() !== 0) throw new EngineUnavailable(`no Docker engine answers (${answer.text.split('\n')[0]}), and starting one needs root`);
    if (!commandExists('dockerd')) {
      if (!canInstall()) throw new EngineUnavailable('the Docker client is here but not the engine (dockerd), and it cannot be installed');
      log.step('Installing the Docker engine (apt-get install docker.io)');
      aptInstall(['docker.io']);
    }
    log.step(`Starting dockerd in the background (log: ${DOCKERD_LOG})`);
    try {
      await startDockerd([]);
    } catch (first) {
      // overlay2 may be refused inside some sandboxes; vfs always works, only slower and larger.
      log.warn(`dockerd did not start with its default storage driver:\n${first.message}\nTrying --storage-driver=vfs`);
      try {
        await startDockerd(['--storage-driver=vfs']);
      } catch (second) {
        throw new EngineUnavailable(`dockerd cannot run on this machine:\n${second.message}`);
      }
    }
    answer = engineAnswers();
  }
  const [version, driver] = answer.stdout.trim().split(' ');
  probeContainers();
  return { version, driver, compose: ensureCompose() };
}

/**
 * Runs one container from a tiny image made of this machine's /bin/true and its libraries, on
 * the default bridge network: what the kernel must allow for the stack (namespaces, cgroups,
 * the bridge and its NAT rules).
 */
function probeContainers() {
  const image = 'chatmarket-probe:latest';
  if (!capture('docker', ['image', 'inspect', image]).ok) {
    const files = ['/bin/true', ...capture('ldd', ['/bin/true']).stdout.split('\n').map((line) => /(\/\S+)/.exec(line)?.[1]).filter(Boolean)];
    const dir = mkdtempSync(join(tmpdir(), 'probe-'));
    const list = join(dir, 'files');
    writeFileSync(list, files.map((f) => f.replace(/^\//, '')).join('\n'));
    const tar = capture('sh', ['-c', `tar -C / -chf - -T "${list}" | docker import - ${image}`], { timeoutMs: 60_000 });
    rmSync(dir, { recursive: true, force: true });
    if (!tar.ok) throw new EngineUnavailable(`cannot make an image here: ${tar.text}`);
  }
  const run = capture('docker', ['run', '--rm', image, '/bin/true'], { timeoutMs: 60_000 });
  if (!run.ok) throw new EngineUnavailable(`the engine runs but cannot start containers here: ${run.text}`);
}

/** `docker compose` (v2) when the client has it, else Debian's docker-compose (v1), installed when missing. */
function ensureCompose() {
  if (capture('docker', ['compose', 'version'], { timeoutMs: 20_000 }).ok) return ['docker', 'compose'];
  if (!commandExists('docker-compose')) {
    if (!canInstall()) throw new EngineUnavailable('neither `docker compose` nor docker-compose is installed, and installing needs root on Debian');
    log.step('Installing docker-compose (apt-get install docker-compose)');
    aptInstall(['docker-compose']);
  }
  if (!capture('docker-compose', ['version'], { timeoutMs: 20_000 }).ok) throw new EngineUnavailable('docker-compose does not run here');
  return ['docker-compose'];
}

module.exports = { EngineUnavailable, ensureEngine, capture, canInstall, aptInstall };
