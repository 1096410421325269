import { Module } from '@nestjs/common';
import { IdentityCheckModule } from '../accounts/identity-check.module';
import { SessionStore } from '../sessions/session.store';
import { TwoStepModule } from '../two-step/two-step.module';
import { UsersModule } from '../users/users.module';
import { AccountDeletionController } from './account-deletion.controller';
import { AccountDeletionRepository } from './account-deletion.repository';
import { AccountDeletionService } from './account-deletion.service';

/** Deleting an account: the ask, its grace, and the hourly erasure across every service. */
@Module({
  imports: [UsersModule, TwoStepModule, IdentityCheckModule],
  controllers: [AccountDeletionController],
  providers: [AccountDeletionService, AccountDeletionRepository, SessionStore],
})
export class AccountDeletionModule {}
