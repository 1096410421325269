import { Module } from '@nestjs/common';
import { LoginLimiter } from '../accounts/login-limiter';
import { SessionStore } from '../sessions/session.store';
import { UsersModule } from '../users/users.module';
import { PasskeysController } from './passkeys.controller';
import { PasskeysRepository } from './passkeys.repository';
import { PasskeysService } from './passkeys.service';

/** Passkeys (WebAuthn): registered in Settings, used to sign in without a password. */
@Module({
  imports: [UsersModule],
  controllers: [PasskeysController],
  providers: [PasskeysService, PasskeysRepository, LoginLimiter, SessionStore],
  exports: [PasskeysService],
})
export class PasskeysModule {}
