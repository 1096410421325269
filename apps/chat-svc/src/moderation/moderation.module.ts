import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications/notifications.module';
import { ReportsModule } from '../reports/reports.module';
import { UsersModule } from '../users/users.module';
import { ModerationController } from './moderation.controller';
import { ModerationRepository } from './moderation.repository';
import { ModerationService } from './moderation.service';
import { MutesModule } from './mutes.module';

/** The moderators' actions, the audit list and the notices people get from them. */
@Module({
  imports: [ReportsModule, MutesModule, UsersModule, NotificationsModule],
  controllers: [ModerationController],
  providers: [ModerationRepository, ModerationService],
  // The audit list, which pins by moderators are written to too.
  exports: [ModerationRepository],
})
export class ModerationModule {}
