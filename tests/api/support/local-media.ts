import { freePort } from '@app/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The same embedded S3 server `npm start` runs when no S3_ENDPOINT is configured.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startLocalS3 } = require('../../../scripts/lib/local-s3') as {
  startLocalS3(options: { dir: string; bucket: string }): Promise<{ endpoint: string; port: number; stop(): Promise<void> }>;
};

/** The bucket the S3 server is started with. */
const BUCKET = 'media-test';

export interface LocalMedia {
  /** media-svc's and the gateway's variables: media-svc on a free port, storing in the S3 server. */
  variables: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * An S3 server of its own in a temporary folder, and where media-svc is to listen. With
 * `bucketToCreate`, media-svc is pointed at a bucket the server was not told about, and makes it.
 */
export async function startLocalMedia({ bucketToCreate }: { bucketToCreate?: string } = {}): Promise<LocalMedia> {
  const dir = mkdtempSync(join(tmpdir(), 'test-s3-'));
  const s3 = await startLocalS3({ dir, bucket: BUCKET });
  const mediaPort = await freePort();
  return {
    variables: {
      MEDIA_HTTP_PORT: String(mediaPort),
      MEDIA_HTTP_HOST: '127.0.0.1',
      MEDIA_SVC_URL: `http://127.0.0.1:${mediaPort}`,
      S3_ENDPOINT: s3.endpoint,
      S3_PORT: String(s3.port),
      S3_USE_SSL: 'false',
      S3_ACCESS_KEY: 'S3RVER',
      S3_SECRET_KEY: 'S3RVER',
      S3_BUCKET: bucketToCreate ?? BUCKET,
    },
    async stop() {
      await s3.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
