import 'reflect-metadata';
import type { INestMicroservice } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { Test } from '@nestjs/testing';
import { CALL_RING_TIMEOUT_SECONDS, ServiceName } from '@app/contracts';
import { configureRpcApp, natsTransport } from '@app/server';
import { eventually } from '@app/testing';
// The real chat and marketplace services beside an auth stack: notifications and pushes are made
// from both. Calls run on a clock the test moves, so a missed call needs no 30 s wait.
import { AppModule as ChatAppModule } from '@app/chat-svc/src/app.module';
import { AppModule as MarketplaceAppModule } from '@app/marketplace-svc/src/app.module';
import { CallClock } from '@app/marketplace-svc/src/calls/call-clock';
import type { AuthStack } from '../auth-stack';
import type { TestSocket } from '../chat-stack';
import { startService } from './gateway-harness';

export interface ChatAndCalls {
  chat: INestMicroservice;
  marketplace: INestMicroservice;
  /**
   * A ringing call runs out unanswered: the caller's page beats once halfway (as a page does
   * while it rings), then the ring time passes on the marketplace's clock.
   */
  ringOut(callerPage: TestSocket, sessionId: number): Promise<void>;
  stop(): Promise<void>;
}

export async function startChatAndCalls(stack: AuthStack): Promise<ChatAndCalls> {
  process.env.CHAT_DATABASE_URL = stack.infra.databaseUrl('chat');
  process.env.MARKETPLACE_DATABASE_URL = stack.infra.databaseUrl('marketplace');
  const chat = await startService(ChatAppModule, ServiceName.Chat, stack.infra.natsUrl);
  let clockOffsetMs = 0;
  const clock = { now: () => new Date(Date.now() + clockOffsetMs) };
  const moduleRef = await Test.createTestingModule({ imports: [MarketplaceAppModule] }).overrideProvider(CallClock).useValue(clock).compile();
  moduleRef.useLogger(false);
  const marketplace = moduleRef.createNestMicroservice(natsTransport(ServiceName.Marketplace, stack.infra.natsUrl));
  configureRpcApp(marketplace);
  await marketplace.listen();

  return {
    chat,
    marketplace,
    async ringOut(callerPage, sessionId) {
      clockOffsetMs += (CALL_RING_TIMEOUT_SECONDS / 2) * 1000;
      const beatAt = Date.now() + clockOffsetMs;
      callerPage.send({ type: 'call_heartbeat', sessionId, media: 'connecting' });
      const db = marketplace.get(MikroORM).em.getConnection();
      await eventually(async () => {
        const [row] = await db.execute('select buyer_heartbeat_at from call_sessions where id = ?', [sessionId]);
        expect(new Date(row.buyer_heartbeat_at).getTime()).toBeGreaterThanOrEqual(beatAt);
      });
      clockOffsetMs += (CALL_RING_TIMEOUT_SECONDS / 2 + 1) * 1000;
    },
    async stop() {
      await Promise.all([chat.close(), marketplace.close()]);
    },
  };
}
