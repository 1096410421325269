import { Module } from '@nestjs/common';
import { CallSessionsController, CallsController } from './calls.controller';
import { CallSignallingService } from './call-signalling.service';
import { SellerStatusController } from './seller-status.controller';

/** Calls: REST to marketplace-svc, the call frames of the socket, and sellers' live status. */
@Module({
  controllers: [CallsController, CallSessionsController, SellerStatusController],
  providers: [CallSignallingService],
})
export class CallsModule {}
