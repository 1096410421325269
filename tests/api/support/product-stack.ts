import { ServiceName } from '@app/contracts';
import { AppModule as ChatAppModule } from '../../../apps/chat-svc/src/app.module';
import { chatEnv } from '../../../apps/chat-svc/src/config/chat-env';
import { AppModule as MarketplaceAppModule } from '../../../apps/marketplace-svc/src/app.module';
import { marketplaceEnv } from '../../../apps/marketplace-svc/src/config/marketplace-env';
import { startAuthStack, type AuthStack } from '../auth-stack';
import { startService } from './gateway-harness';

/**
 * The accounts, chat and marketplace services behind one gateway, all real, for rules that
 * cross them (roles, blocks, the filter, every endpoint at once). `stop` ends them all.
 */
export async function startProductStack(env: Record<string, string> = {}): Promise<AuthStack> {
  const stack = await startAuthStack({ LOG_LEVEL: 'silent', ...env });
  process.env.CHAT_DATABASE_URL = stack.infra.databaseUrl('chat');
  process.env.MARKETPLACE_DATABASE_URL = stack.infra.databaseUrl('marketplace');
  chatEnv.reset();
  marketplaceEnv.reset();
  const services = await Promise.all([
    startService(ChatAppModule, ServiceName.Chat, stack.infra.natsUrl),
    startService(MarketplaceAppModule, ServiceName.Marketplace, stack.infra.natsUrl),
  ]);
  return {
    ...stack,
    async stop() {
      await Promise.all(services.map((app) => app.close()));
      await stack.stop();
    },
  };
}
