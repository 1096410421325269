import { Module } from '@nestjs/common';
import { AccountMailModule } from '../accounts/account-mail.module';
import { SessionStore } from '../sessions/session.store';
import { UsersModule } from '../users/users.module';
import { RecoveryController } from './recovery.controller';
import { RecoveryService } from './recovery.service';
import { SingleUseTokens } from './single-use-tokens';

/** E-mail verification and password reset by links in mail. */
@Module({
  imports: [UsersModule, AccountMailModule],
  controllers: [RecoveryController],
  providers: [RecoveryService, SingleUseTokens, SessionStore],
  exports: [RecoveryService],
})
export class RecoveryModule {}
