import { Module } from '@nestjs/common';
import { AccountMailer } from './account-mailer';
import { NotificationDigestController } from './notification-digest.controller';

@Module({ controllers: [NotificationDigestController], providers: [AccountMailer], exports: [AccountMailer] })
export class AccountMailModule {}
