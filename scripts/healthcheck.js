'use strict';
/**
 * Container health check: `node scripts/healthcheck.js <service>` asks a NATS service for its
 * health report; `node scripts/healthcheck.js gateway` asks the gateway over HTTP.
 * Exits 0 when healthy.
 */
const { readFileSync } = require('node:fs');
const target = process.argv[2];

/** NATS_URL, or the file NATS_URL_FILE names (as the apps read it). */
function natsUrlOfEnv() {
  if (process.env.NATS_URL) return process.env.NATS_URL;
  if (process.env.NATS_URL_FILE) return readFileSync(process.env.NATS_URL_FILE, 'utf8').trim();
  return 'nats://127.0.0.1:4222';
}

/** Asks one NATS service for its health report (the Nest request envelope). */
async function checkService(service, natsUrl = natsUrlOfEnv()) {
  const target = service;
  const { connect, JSONCodec } = require('nats');
  // The server and the credentials of the URL, as every app connects (built by tsc -b).
  const { natsServerOptions } = require('../libs/server/dist/nats-connection.js');
  const nc = await connect({ ...natsServerOptions(natsUrl), timeout: 2000 });
  try {
    const codec = JSONCodec();
    const reply = await nc.request(`${target}.health.check`, codec.encode({ pattern: `${target}.health.check`, data: {}, id: 'healthcheck' }), { timeout: 2000 });
    const body = codec.decode(reply.data);
    return Boolean(body.response?.ok);
  } finally {
    await nc.close();
  }
}

async function main() {
  if (target === 'gateway') {
    // Liveness of this gateway process: it answers HTTP (its dependencies have their own checks).
    const res = await fetch(`http://127.0.0.1:${process.env.PORT ?? 3000}/api/docs/openapi.json`);
    return res.ok;
  }
  return checkService(target);
}

module.exports = { checkService };

if (require.main === module) main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (error) => {
    console.error(error.message);
    process.exit(1);
  },
);
