'use strict';
/**
 * Container health check: `node scripts/healthcheck.js <service>` asks a NATS service for its
 * health report; `node scripts/healthcheck.js gateway` asks the gateway over HTTP.
 * Exits 0 when healthy.
 */
const target = process.argv[2];

/** Asks one NATS service for its health report (the Nest request envelope). */
async function checkService(service, natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222') {
  const target = service;
  const { connect, JSONCodec } = require('nats');
  const nc = await connect({ servers: natsUrl, timeout: 2000 });
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
