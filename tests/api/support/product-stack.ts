import type { NestExpressApplication } from '@nestjs/platform-express';
import { ServiceName } from '@app/contracts';
import { freePort } from '@app/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppModule as ChatAppModule } from '../../../apps/chat-svc/src/app.module';
import { chatEnv } from '../../../apps/chat-svc/src/config/chat-env';
import { AppModule as MarketplaceAppModule } from '../../../apps/marketplace-svc/src/app.module';
import { marketplaceEnv } from '../../../apps/marketplace-svc/src/config/marketplace-env';
import { createMediaService, startMediaService } from '../../../apps/media-svc/src/bootstrap';
import { mediaEnv } from '../../../apps/media-svc/src/config/media-env';
import { startAuthStack, type AuthStack } from '../auth-stack';
import { startService } from './gateway-harness';

// The same embedded S3 server `npm start` runs when no S3_ENDPOINT is configured.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startLocalS3 } = require('../../../scripts/lib/local-s3') as {
  startLocalS3(options: { dir: string; bucket: string }): Promise<{ endpoint: string; port: number; stop(): Promise<void> }>;
};

export type ProductStack = AuthStack & {
  /** media-svc itself when it was asked for, for what it does on its own time (its sweeps). */
  media?: NestExpressApplication;
};

export interface ProductStackOptions {
  /** media-svc too, with an S3 server of its own (uploads, data exports). */
  media?: boolean;
}

/**
 * The accounts, chat and marketplace services behind one gateway, all real, for rules that
 * cross them (roles, blocks, the filter, every endpoint at once), and media-svc when asked.
 * `stop` ends them all.
 */
export async function startProductStack(env: Record<string, string> = {}, { media = false }: ProductStackOptions = {}): Promise<ProductStack> {
  const s3Dir = media ? mkdtempSync(join(tmpdir(), 'test-s3-')) : undefined;
  const s3 = s3Dir ? await startLocalS3({ dir: s3Dir, bucket: 'media-test' }) : undefined;
  const mediaPort = media ? await freePort() : undefined;
  const mediaVariables: Record<string, string> = s3
    ? {
        MEDIA_HTTP_PORT: String(mediaPort),
        MEDIA_HTTP_HOST: '127.0.0.1',
        MEDIA_SVC_URL: `http://127.0.0.1:${mediaPort}`,
        S3_ENDPOINT: s3.endpoint,
        S3_PORT: String(s3.port),
        S3_USE_SSL: 'false',
        S3_ACCESS_KEY: 'S3RVER',
        S3_SECRET_KEY: 'S3RVER',
        S3_BUCKET: 'media-test',
      }
    : {};
  const stack = await startAuthStack({ LOG_LEVEL: 'silent', ...mediaVariables, ...env });
  process.env.CHAT_DATABASE_URL = stack.infra.databaseUrl('chat');
  process.env.MARKETPLACE_DATABASE_URL = stack.infra.databaseUrl('marketplace');
  process.env.MEDIA_DATABASE_URL = stack.infra.databaseUrl('media');
  chatEnv.reset();
  marketplaceEnv.reset();
  mediaEnv.reset();
  const services = await Promise.all([
    startService(ChatAppModule, ServiceName.Chat, stack.infra.natsUrl),
    startService(MarketplaceAppModule, ServiceName.Marketplace, stack.infra.natsUrl),
  ]);
  const mediaApp = media ? await createMediaService() : undefined;
  if (mediaApp) await startMediaService(mediaApp);
  return {
    ...stack,
    media: mediaApp,
    async stop() {
      await Promise.all([...services, ...(mediaApp ? [mediaApp] : [])].map((app) => app.close()));
      await stack.stop();
      await s3?.stop();
      if (s3Dir) rmSync(s3Dir, { recursive: true, force: true });
    },
  };
}
