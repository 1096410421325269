import { Module } from '@nestjs/common';
import { CaptchaModule } from '../captcha/captcha.module';
import { SessionStore } from '../sessions/session.store';
import { UsersModule } from '../users/users.module';
import { AccountMailer, LoggingAccountMailer } from './account-mailer';
import { AccountsController } from './accounts.controller';
import { AccountsService } from './accounts.service';
import { LoginLimiter } from './login-limiter';
import { SignupLimiter } from './signup-limiter';

@Module({
  imports: [CaptchaModule, UsersModule],
  controllers: [AccountsController],
  providers: [AccountsService, SessionStore, LoginLimiter, SignupLimiter, { provide: AccountMailer, useClass: LoggingAccountMailer }],
})
export class AccountsModule {}
