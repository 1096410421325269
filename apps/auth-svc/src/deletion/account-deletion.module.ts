import { Module } from '@nestjs/common';
import { LoginLimiter } from '../accounts/login-limiter';
import { SessionStore } from '../sessions/session.store';
import { TwoStepModule } from '../two-step/two-step.module';
import { UsersModule } from '../users/users.module';
import { AccountDeletionController } from './account-deletion.controller';
import { AccountDeletionService } from './account-deletion.service';

/** Deleting an account: the ask, its grace, and the hourly erasure across every service. */
@Module({
  imports: [UsersModule, TwoStepModule],
  controllers: [AccountDeletionController],
  providers: [AccountDeletionService, LoginLimiter, SessionStore],
})
export class AccountDeletionModule {}
