'use strict';
/**
 * `minio server DIR [--address :9000] [--console-address ...]` as s3rver: the S3 API on every
 * interface, MINIO_ROOT_USER / MINIO_ROOT_PASSWORD (or MINIO_ROOT_PASSWORD_FILE) as the access
 * key, /minio/health/* answered.
 */
const { readFileSync } = require('node:fs');
const { startLocalS3 } = require('./local-s3');

function main(argv) {
  const [command, ...rest] = argv;
  if (command !== 'server') {
    console.error('This S3 server understands only: minio server DIR [--address :PORT]');
    process.exit(2);
  }
  let dir;
  let port = 9000;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    if (arg === '--address') port = Number(String(rest[++i]).split(':').pop());
    else if (arg === '--console-address') i++; // no console here
    else if (!arg.startsWith('-') && !dir) dir = arg;
  }
  if (!dir) throw new Error('minio server: the data folder is missing');
  const user = process.env.MINIO_ROOT_USER ?? 'minioadmin';
  // MINIO_ROOT_PASSWORD_FILE: a file holding it, as MinIO reads Docker secrets.
  const secretFile = process.env.MINIO_ROOT_PASSWORD_FILE;
  const secret = process.env.MINIO_ROOT_PASSWORD ?? (secretFile ? readFileSync(secretFile, 'utf8').trim() : 'minioadmin');
  const health = (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (ctx.path !== '/minio/health/live' && ctx.path !== '/minio/health/ready') return next();
    ctx.status = 200;
    ctx.body = 'OK';
  };
  return startLocalS3({ dir, port, address: '0.0.0.0', bucket: null, accessKeys: [[user, secret]], middleware: [health] }).then(() => {
    console.log(`S3 API (s3rver) on :${port}, objects in ${dir}`);
    const stop = () => process.exit(0);
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
  });
}

main(process.argv.slice(2)).catch((error) => {
  console.error(error.message);
  process.exit(1);
});
