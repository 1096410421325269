import { Module } from '@nestjs/common';
import { MentionsModule } from '../mentions/mentions.module';
import { PushModule } from '../push/push.module';
import { UsersModule } from '../users/users.module';
import { DigestSweeper } from './digest-sweeper.service';
import { ModerationNoticesListener } from './moderation-notices.listener';
import { NotificationsController } from './notifications.controller';
import { NotificationsRepository } from './notifications.repository';
import { NotificationsService } from './notifications.service';

/** Notifications stored per person, built from chat's own events and the other services'. */
@Module({
  imports: [UsersModule, MentionsModule, PushModule],
  controllers: [NotificationsController],
  providers: [NotificationsRepository, NotificationsService, ModerationNoticesListener, DigestSweeper],
  exports: [NotificationsService],
})
export class NotificationsModule {}
