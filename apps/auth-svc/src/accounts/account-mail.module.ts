import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { AccountMailer } from './account-mailer';
import { DataExportController } from './data-export.controller';
import { NotificationDigestController } from './notification-digest.controller';
import { NotificationDigestService } from './notification-digest.service';

@Module({
  imports: [UsersModule],
  controllers: [NotificationDigestController, DataExportController],
  providers: [AccountMailer, NotificationDigestService],
  exports: [AccountMailer],
})
export class AccountMailModule {}
