import { Module } from '@nestjs/common';
import { ServiceName } from '@app/contracts';
import { ServiceCoreModule } from '@app/server';
import { ActiveCall } from './calls/active-call.entity';
import { CallLedgerEntry } from './calls/call-ledger-entry.entity';
import { CallSession } from './calls/call-session.entity';
import { CallsModule } from './calls/calls.module';
import { MarketplaceExportModule } from './data-export/marketplace-export.controller';
import { MarketplaceErasureModule } from './deletion/marketplace-erasure.controller';
import { marketplaceEnv } from './config/marketplace-env';
import { migrations } from './migrations';
import { Review } from './reviews/review.entity';
import { Seller } from './sellers/seller.entity';
import { SellersModule } from './sellers/sellers.module';

@Module({
  imports: [
    ServiceCoreModule.forRoot({
      service: ServiceName.Marketplace,
      env: marketplaceEnv,
      databaseUrl: (env) => env.MARKETPLACE_DATABASE_URL,
      entities: [Seller, Review, CallSession, ActiveCall, CallLedgerEntry],
      migrations,
    }),
    SellersModule,
    CallsModule,
    MarketplaceExportModule,
    MarketplaceErasureModule,
  ],
})
export class AppModule {}
