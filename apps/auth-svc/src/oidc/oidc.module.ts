import { Module } from '@nestjs/common';
import { SanctionsModule } from '../sanctions/sanctions.module';
import { SessionStore } from '../sessions/session.store';
import { UsersModule } from '../users/users.module';
import { OidcController } from './oidc.controller';
import { OidcRepository } from './oidc.repository';
import { OidcService } from './oidc.service';

/** Sign-in with OpenID Connect providers, configured by OIDC_PROVIDERS. */
@Module({
  imports: [UsersModule, SanctionsModule],
  controllers: [OidcController],
  providers: [OidcService, OidcRepository, SessionStore],
  exports: [OidcService],
})
export class OidcModule {}
