import type { NestExpressApplication } from '@nestjs/platform-express';
import { ServiceName } from '@app/contracts';
import { AppModule as ChatAppModule } from '@app/chat-svc/src/app.module';
import { chatEnv } from '@app/chat-svc/src/config/chat-env';
import { AppModule as MarketplaceAppModule } from '@app/marketplace-svc/src/app.module';
import { marketplaceEnv } from '@app/marketplace-svc/src/config/marketplace-env';
import { createMediaService, startMediaService } from '@app/media-svc/src/bootstrap';
import { mediaEnv } from '@app/media-svc/src/config/media-env';
import { startAuthStack, type AuthStack } from '../auth-stack';
import { startService } from './gateway-harness';
import { startLocalMedia } from './local-media';
import { Client } from 'pg';

export type ProductStack = AuthStack & {
  /** media-svc itself when it was asked for, for what it does on its own time (its sweeps). */
  media?: NestExpressApplication;
  /** Connections to these services' databases, to read what they stored; `stop` closes them. */
  databases<const Names extends readonly ServiceDatabase[]>(...names: Names): Promise<{ [K in keyof Names]: Client }>;
};

type ServiceDatabase = 'auth' | 'chat' | 'marketplace' | 'media';

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
  const local = media ? await startLocalMedia() : undefined;
  const stack = await startAuthStack({ LOG_LEVEL: 'silent', ...local?.variables, ...env });
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
  const clients: Client[] = [];
  return {
    ...stack,
    media: mediaApp,
    async databases(...names) {
      const opened = names.map((name) => new Client({ connectionString: stack.infra.databaseUrl(name) }));
      clients.push(...opened);
      await Promise.all(opened.map((client) => client.connect()));
      return opened as never;
    },
    async stop() {
      await Promise.all(clients.map((client) => client.end()));
      await Promise.all([...services, ...(mediaApp ? [mediaApp] : [])].map((app) => app.close()));
      await stack.stop();
      await local?.stop();
    },
  };
}
