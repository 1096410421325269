import { Module } from '@nestjs/common';
import { ServiceName } from '@app/contracts';
import { ServiceCoreModule } from '@app/server';
import { AccountsModule } from './accounts/accounts.module';
import { CaptchaModule } from './captcha/captcha.module';
import { authEnv } from './config/auth-env';
import { AccountDeletionModule } from './deletion/account-deletion.module';
import { migrations } from './migrations';
import { AccountSanction } from './sanctions/account-sanction.entity';
import { SanctionsModule } from './sanctions/sanctions.module';
import { OidcIdentity } from './oidc/oidc-identity.entity';
import { Passkey } from './passkeys/passkey.entity';
import { RecoveryCode } from './two-step/recovery-code.entity';
import { User } from './users/user.entity';
import { UsersModule } from './users/users.module';
import { VipChange } from './vip/vip-change.entity';
import { VipModule } from './vip/vip.module';

@Module({
  imports: [
    ServiceCoreModule.forRoot({
      service: ServiceName.Auth,
      env: authEnv,
      databaseUrl: (env) => env.AUTH_DATABASE_URL,
      entities: [User, AccountSanction, VipChange, RecoveryCode, Passkey, OidcIdentity],
      migrations,
    }),
    CaptchaModule,
    UsersModule,
    AccountsModule,
    SanctionsModule,
    VipModule,
    AccountDeletionModule,
  ],
})
export class AppModule {}
