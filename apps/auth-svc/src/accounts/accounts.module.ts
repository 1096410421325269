import { Module } from '@nestjs/common';
import { CaptchaModule } from '../captcha/captcha.module';
import { SanctionsModule } from '../sanctions/sanctions.module';
import { SessionStore } from '../sessions/session.store';
import { SessionsModule } from '../sessions/sessions.module';
import { UsersModule } from '../users/users.module';
import { RecoveryModule } from '../recovery/recovery.module';
import { OidcModule } from '../oidc/oidc.module';
import { PasskeysModule } from '../passkeys/passkeys.module';
import { TwoStepModule } from '../two-step/two-step.module';
import { AccountMailModule } from './account-mail.module';
import { AccountsController } from './accounts.controller';
import { AccountsService } from './accounts.service';
import { LoginLimiter } from './login-limiter';
import { SignupLimiter } from './signup-limiter';

@Module({
  imports: [CaptchaModule, UsersModule, SanctionsModule, AccountMailModule, RecoveryModule, TwoStepModule, PasskeysModule, OidcModule, SessionsModule],
  controllers: [AccountsController],
  providers: [AccountsService, SessionStore, LoginLimiter, SignupLimiter],
})
export class AccountsModule {}
