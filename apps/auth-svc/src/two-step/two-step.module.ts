import { Module } from '@nestjs/common';
import { IdentityCheckModule } from '../accounts/identity-check.module';
import { LoginLimiter } from '../accounts/login-limiter';
import { SessionStore } from '../sessions/session.store';
import { UsersModule } from '../users/users.module';
import { TwoStepController } from './two-step.controller';
import { TwoStepRepository } from './two-step.repository';
import { TwoStepService } from './two-step.service';

/** Two-step sign-in with an authenticator app, and its recovery codes. */
@Module({
  imports: [UsersModule, IdentityCheckModule],
  controllers: [TwoStepController],
  providers: [TwoStepService, TwoStepRepository, LoginLimiter, SessionStore],
  exports: [TwoStepService],
})
export class TwoStepModule {}
