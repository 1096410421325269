import { Module } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { LocaleModule } from '../locale/locale.module';
import { SellersModule } from '../sellers/sellers.module';
import { ActiveCall } from './active-call.entity';
import { CallClock } from './call-clock';
import { CallLedgerEntry } from './call-ledger-entry.entity';
import { CallNotifier } from './call-notifier.service';
import { CallSession } from './call-session.entity';
import { CallSweeper } from './call-sweeper.service';
import { CallsController } from './calls.controller';
import { CallsRepository } from './calls.repository';
import { CallsService } from './calls.service';

/** Call sessions, their metering and their ledger; a finished call adds to its seller's totals. */
@Module({
  imports: [MikroOrmModule.forFeature([CallSession, ActiveCall, CallLedgerEntry]), SellersModule, LocaleModule],
  controllers: [CallsController],
  providers: [CallsService, CallsRepository, CallClock, CallNotifier, CallSweeper],
})
export class CallsModule {}
