'use strict';
const { connect } = require('node:net');
const { existsSync, readdirSync, mkdirSync } = require('node:fs');
const { spawnSync } = require('node:child_process');
const { commandExists, run } = require('./run');
const log = require('./log');

const canInstall = () => process.getuid?.() === 0 && existsSync('/etc/debian_version') && commandExists('apt-get');

function portOpen(port, host = '127.0.0.1', timeoutMs = 500) {
  return new Promise((resolve) => {
    const socket = connect(port, host);
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(false);
    }, timeoutMs);
    socket.once('connect', () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => {
      clearTimeout(timer);
      resolve(false);
    });
  });
}

async function waitForPort(port, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await portOpen(port)) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

let aptUpdated = false;
function aptInstall(packages) {
  if (!aptUpdated) {
    run('apt-get', ['update', '-qq'], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    aptUpdated = true;
  }
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

const SERVICES = [
  {
    name: 'PostgreSQL',
    port: 5432,
    binary: () => existsSync('/usr/lib/postgresql') && readdirSync('/usr/lib/postgresql').length > 0,
    packages: ['postgresql'],
    start() {
      const version = readdirSync('/etc/postgresql')[0];
      run('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start']);
      // A fresh Debian cluster asks for a password over TCP: give postgres the documented one.
      spawnSync('su', ['postgres', '-c', `psql -qc "ALTER USER postgres PASSWORD 'postgres'"`], { stdio: 'ignore' });
    },
    hint: 'Install PostgreSQL 15+ and let user postgres (password postgres) connect on 127.0.0.1:5432',
  },
  {
    name: 'Redis',
    port: 6379,
    binary: () => commandExists('redis-server'),
    packages: ['redis-server'],
    start() {
      mkdirSync('/var/lib/redis', { recursive: true });
      run('redis-server', ['--daemonize', 'yes', '--bind', '127.0.0.1', '--port', '6379', '--dir', '/var/lib/redis']);
    },
    hint: 'Install Redis 7 and run it on 127.0.0.1:6379',
  },
  {
    name: 'NATS',
    port: 4222,
    binary: () => commandExists('nats-server'),
    packages: ['nats-server'],
    start() {
      mkdirSync('/var/lib/nats-server', { recursive: true });
      run('start-stop-daemon', [
        '--start', '--oknodo', '--background', '--exec', '/usr/sbin/nats-server', '--',
        '-a', '127.0.0.1', '-p', '4222', '-js', '-sd', '/var/lib/nats-server',
      ]);
    },
    hint: 'Install nats-server 2.9+ and run `nats-server -a 127.0.0.1 -p 4222 -js`',
  },
];

/** Makes sure PostgreSQL, Redis and NATS answer on loopback, installing Debian's packages when we may. */
async function ensureInfrastructure({ needBinariesOnly = [] } = {}) {
  for (const service of SERVICES) {
    const mustRun = !needBinariesOnly.includes(service.name);
    if (mustRun && (await portOpen(service.port))) {
      log.done(`${service.name} answers on 127.0.0.1:${service.port}`);
      continue;
    }
    if (!service.binary()) {
      if (!canInstall()) {
        throw new Error(`${service.name} is not running and cannot be installed here. ${service.hint}.`);
      }
      log.step(`Installing ${service.name} (apt-get install ${service.packages.join(' ')})`);
      aptInstall(service.packages);
    }
    if (!mustRun) continue;
    log.step(`Starting ${service.name}`);
    service.start();
    if (!(await waitForPort(service.port))) throw new Error(`${service.name} did not start on port ${service.port}. ${service.hint}.`);
    log.done(`${service.name} started on 127.0.0.1:${service.port}`);
  }
}

const EMOJI_FONT = '/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf';
/** Lohit Devanagari, one of the system faces the Hindi pages name (index.css). */
const DEVANAGARI_FONT = '/usr/share/fonts/truetype/lohit-devanagari/Lohit-Devanagari.ttf';

/**
 * Debian's Chromium for the browser tests (never a browser download of a test tool), a colour
 * emoji font and a Devanagari one, so that screenshots show emoji and Hindi as users see them
 * and the Hindi pages' widths are measured with real letters.
 */
function ensureChromium() {
  const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  const missing = [];
  if (!existsSync(path)) missing.push('chromium');
  if (!existsSync(EMOJI_FONT)) missing.push('fonts-noto-color-emoji');
  if (!existsSync(DEVANAGARI_FONT)) missing.push('fonts-lohit-deva');
  if (missing.length === 0 || !canInstall()) {
    if (!existsSync(path)) throw new Error(`Chromium not found at ${path}. Install Debian's chromium package or set CHROMIUM_PATH.`);
    return path;
  }
  log.step(`Installing ${missing.join(' and ')} (apt-get install ${missing.join(' ')})`);
  aptInstall(missing);
  return path;
}

module.exports = { ensureInfrastructure, ensureChromium, portOpen, waitForPort };
