import { Module } from '@nestjs/common';
import { AuthController } from './auth.controller';
import { IdentitiesController, OidcController } from './oidc.controller';
import { PasskeysController } from './passkeys.controller';
import { RecoveryController } from './recovery.controller';
import { EndSessionLinkController, SessionsController } from './sessions.controller';
import { TwoStepController } from './two-step.controller';

@Module({ controllers: [AuthController, RecoveryController, TwoStepController, PasskeysController, SessionsController, EndSessionLinkController, OidcController, IdentitiesController] })
export class AuthModule {}
