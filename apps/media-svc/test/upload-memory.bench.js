'use strict';
/**
 * Measures the resident memory of the gateway and media-svc processes while a 50 MB video
 * uploads through them: uploads stream, so neither should grow by anything near the file.
 *
 *   npx tsc -b apps/media-svc apps/gateway && node apps/media-svc/test/upload-memory.bench.js
 *
 * Private NATS, Redis, database and S3 server, as the integration tests use; a small NATS
 * responder stands in for auth-svc's session lookup.
 */
const { spawn } = require('node:child_process');
const { mkdtempSync, readFileSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { connect, JSONCodec } = require('nats');
const { freePort, startTestInfra } = require('@app/testing');
const { startLocalS3 } = require('../../../scripts/lib/local-s3');

const ROOT = join(__dirname, '../../..');
const MB = 1024 * 1024;
const FILE_BYTES = 49 * MB;
const CHUNK = 256 * 1024;

const USER = {
  id: 1,
  username: 'seller_one',
  email: 'seller@example.com',
  role: 'seller',
  avatar: null,
  bio: null,
  categories: [],
  isVerified: true,
  isOnline: true,
  lastSeen: null,
  createdAt: new Date().toISOString(),
  joinedAt: new Date().toISOString(),
  settings: {},
};

function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)[1]);
  return kb / 1024;
}

async function waitForHttp(url, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await fetch(url);
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

/** An MP4 ftyp box followed by filler, produced chunk by chunk so the client holds little. */
function videoStream(boundary) {
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="intro.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom\0\0\x02\0isommp41', 'latin1')]);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  let sent = 0;
  return {
    length: head.length + FILE_BYTES + tail.length,
    body: new ReadableStream({
      start(controller) {
        controller.enqueue(head);
        controller.enqueue(ftyp);
        sent = ftyp.length;
      },
      pull(controller) {
        if (sent >= FILE_BYTES) {
          controller.enqueue(tail);
          controller.close();
          return;
        }
        const size = Math.min(CHUNK, FILE_BYTES - sent);
        controller.enqueue(Buffer.alloc(size, sent % 251));
        sent += size;
      },
    }),
  };
}

async function main() {
  const infra = await startTestInfra();
  const s3Dir = mkdtempSync(join(tmpdir(), 'bench-s3-'));
  const s3 = await startLocalS3({ dir: s3Dir, bucket: 'media' });
  const nc = await connect({ servers: infra.natsUrl });
  const codec = JSONCodec();
  nc.subscribe('auth.sessions.resolve', {
    queue: 'auth-svc',
    callback: (_err, msg) => {
      const { id, data } = codec.decode(msg.data);
      msg.respond(codec.encode({ id, isDisposed: true, response: data.tokens.map((token) => (token === 'bench' ? USER : null)) }));
    },
  });

  const [port, mediaPort] = [await freePort(), await freePort()];
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'error',
    NATS_URL: infra.natsUrl,
    REDIS_URL: infra.redisUrl,
    MEDIA_DATABASE_URL: infra.databaseUrl('media'),
    MEDIA_HTTP_PORT: String(mediaPort),
    MEDIA_SVC_URL: `http://127.0.0.1:${mediaPort}`,
    S3_ENDPOINT: s3.endpoint,
    S3_PORT: String(s3.port),
    S3_ACCESS_KEY: 'S3RVER',
    S3_SECRET_KEY: 'S3RVER',
    S3_BUCKET: 'media',
    PORT: String(port),
    PUBLIC_ORIGIN: `http://localhost:${port}`,
    WEB_DIST: '',
  };
  const media = spawn(process.execPath, [join(ROOT, 'apps/media-svc/dist/main.js')], { env, stdio: 'inherit' });
  const gateway = spawn(process.execPath, [join(ROOT, 'apps/gateway/dist/main.js')], { env, stdio: 'inherit' });
  const stop = async () => {
    await Promise.all(
      [media, gateway].map((child) => new Promise((resolve) => (child.exitCode !== null ? resolve() : (child.once('exit', resolve), child.kill())))),
    );
    await nc.close();
    await s3.stop();
    rmSync(s3Dir, { recursive: true, force: true });
    await infra.stop();
  };

  try {
    await waitForHttp(`http://127.0.0.1:${mediaPort}/media/none`);
    await waitForHttp(`http://127.0.0.1:${port}/api/docs`);
    const upload = async () => {
      const boundary = `bench${Date.now()}`;
      const { body, length } = videoStream(boundary);
      const res = await fetch(`http://127.0.0.1:${port}/api/upload?purpose=intro`, {
        method: 'POST',
        headers: {
          origin: env.PUBLIC_ORIGIN,
          cookie: 'sid=bench',
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(length),
        },
        body,
        duplex: 'half',
      });
      return { status: res.status, body: await res.json() };
    };

    // One upload first, so both processes have loaded and warmed everything they use.
    const warm = await upload();
    if (warm.status !== 201) throw new Error(`Upload failed: ${warm.status} ${JSON.stringify(warm.body)}`);
    await new Promise((r) => setTimeout(r, 1000));

    const before = { gateway: rssMb(gateway.pid), media: rssMb(media.pid) };
    const peak = { ...before };
    const sampler = setInterval(() => {
      peak.gateway = Math.max(peak.gateway, rssMb(gateway.pid));
      peak.media = Math.max(peak.media, rssMb(media.pid));
    }, 10);
    const started = Date.now();
    const measured = await upload();
    clearInterval(sampler);
    if (measured.status !== 201) throw new Error(`Upload failed: ${measured.status} ${JSON.stringify(measured.body)}`);

    const line = (name) =>
      `${name.padEnd(9)} before ${before[name].toFixed(1)} MB, peak ${peak[name].toFixed(1)} MB, growth ${(peak[name] - before[name]).toFixed(1)} MB`;
    console.log(`Uploaded ${(measured.body.file.size / MB).toFixed(1)} MB in ${Date.now() - started} ms through the gateway`);
    console.log(line('gateway'));
    console.log(line('media'));
  } finally {
    await stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
