import { Module } from '@nestjs/common';
import { PresenceModule } from '../presence/presence.module';
import { IncomingCallsListener } from './incoming-calls.listener';
import { PushSender } from './push-sender';
import { PushSubscriptionsRepository } from './push-subscriptions.repository';
import { PushController } from './push.controller';
import { PushService } from './push.service';

/** Web Push: people's devices, and notifications and ringing calls delivered to them. */
@Module({
  imports: [PresenceModule],
  controllers: [PushController],
  providers: [PushSender, PushSubscriptionsRepository, PushService, IncomingCallsListener],
  exports: [PushService],
})
export class PushModule {}
