'use strict';
/**
 * An S3 server on loopback (s3rver) for when no S3_ENDPOINT is configured: media-svc talks
 * the same S3 protocol to it as to MinIO. Objects live in a folder that survives restarts.
 */
const { mkdirSync } = require('node:fs');
const { createServer } = require('node:net');

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * s3rver implements multipart uploads but not their listing (GET /<bucket>?uploads), which
 * the minio client asks for before every multipart upload to resume an unfinished one.
 * Answering "none in progress" makes it start a fresh upload, which s3rver handles.
 */
function listNoMultipartUploads(ctx, next) {
  const match = /^\/([^/?]+)\/?$/.exec(ctx.path);
  if (ctx.method !== 'GET' || !match || !('uploads' in ctx.query)) return next();
  ctx.type = 'application/xml';
  ctx.body =
    '<?xml version="1.0" encoding="UTF-8"?>' +
    '<ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
    `<Bucket>${match[1]}</Bucket><KeyMarker></KeyMarker><UploadIdMarker></UploadIdMarker>` +
    '<MaxUploads>1000</MaxUploads><IsTruncated>false</IsTruncated></ListMultipartUploadsResult>';
}

/**
 * Starts s3rver. `address` beyond loopback, `accessKeys` ([id, secret] pairs besides S3RVER's),
 * `bucket: null` (create none) and `middleware` (run first) are for the compose stand-in of MinIO.
 */
async function startLocalS3({
  dir,
  port = 0,
  address = '127.0.0.1',
  bucket = process.env.S3_BUCKET ?? 'media',
  accessKeys = [],
  middleware = [],
}) {
  const S3rver = require('s3rver');
  const { DUMMY_ACCOUNT } = require('s3rver/lib/models/account');
  for (const [id, secret] of accessKeys) DUMMY_ACCOUNT.createKeyPair(id, secret);
  mkdirSync(dir, { recursive: true });
  const chosen = port || (await freePort());
  const server = new S3rver({
    address,
    port: chosen,
    directory: dir,
    silent: true,
    configureBuckets: bucket ? [{ name: bucket }] : [],
    resetOnClose: false,
    // Path-style requests only: reached by a service name (http://minio:9000), a host name is not a bucket.
    vhostBuckets: false,
  });
  server.middleware.unshift(listNoMultipartUploads, ...middleware);
  await server.run();
  return {
    endpoint: '127.0.0.1',
    port: chosen,
    stop: () => server.close(),
  };
}

module.exports = { startLocalS3, listNoMultipartUploads, freePort };
