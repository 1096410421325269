import { Module } from '@nestjs/common';
import { PasskeysModule } from '../passkeys/passkeys.module';
import { SessionStore } from '../sessions/session.store';
import { IdentityCheck } from './identity-check';
import { LoginLimiter } from './login-limiter';

/** The password, passkey or fresh provider sign-in check before deleting an account or turning two-step sign-in off. */
@Module({
  imports: [PasskeysModule],
  providers: [IdentityCheck, LoginLimiter, SessionStore],
  exports: [IdentityCheck],
})
export class IdentityCheckModule {}
