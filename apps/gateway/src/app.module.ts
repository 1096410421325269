import { MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { RpcClientModule } from '@app/server';
import { gatewayEnv } from './config/gateway-env';
import { HttpErrorFilter } from './common/http-exception.filter';
import { OriginGuardMiddleware } from './common/origin-guard.middleware';
import { RequestContextMiddleware } from './common/request-context.middleware';
import { SessionEventsController } from './common/session-events.controller';
import { SessionMiddleware } from './common/session.middleware';
import { CommonModule } from './common/common.module';
import { HealthController } from './health/health.controller';
import { RealtimeModule } from './realtime/realtime.module';
import { ChatModule } from './chat/chat.module';
import { MediaModule } from './media/media.module';
import { AuthModule } from './auth/auth.module';
import { UsersModule } from './users/users.module';
import { SeoModule } from './seo/seo.module';
import { MarketplaceModule } from './marketplace/marketplace.module';
import { CallsModule } from './calls/calls.module';
import { ModerationModule } from './moderation/moderation.module';
import { BlocksModule } from './blocks/blocks.module';
import { NotificationsModule } from './notifications/notifications.module';
import { SearchModule } from './search/search.module';
import { VipModule } from './vip/vip.module';

@Module({
  imports: [RpcClientModule.forRoot(() => gatewayEnv().NATS_URL, 'gateway'), CommonModule, RealtimeModule, ChatModule, AuthModule, UsersModule, SeoModule, MarketplaceModule, MediaModule, CallsModule, ModerationModule, BlocksModule, NotificationsModule, VipModule, SearchModule],
  controllers: [HealthController, SessionEventsController],
  providers: [{ provide: APP_FILTER, useClass: HttpErrorFilter }],
})
export class AppModule implements NestModule {
  configure(consumer: MiddlewareConsumer) {
    consumer.apply(RequestContextMiddleware, OriginGuardMiddleware, SessionMiddleware).forRoutes('{*path}');
  }
}
