import { Module } from '@nestjs/common';
import { AccountMailer } from './account-mailer';

@Module({ providers: [AccountMailer], exports: [AccountMailer] })
export class AccountMailModule {}
