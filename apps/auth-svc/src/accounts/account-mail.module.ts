import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { AccountMailer } from './account-mailer';
import { NotificationDigestController } from './notification-digest.controller';
import { NotificationDigestService } from './notification-digest.service';

@Module({
  imports: [UsersModule],
  controllers: [NotificationDigestController],
  providers: [AccountMailer, NotificationDigestService],
  exports: [AccountMailer],
})
export class AccountMailModule {}
