import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { CallEvents, type SellerStatusChangedEvent, type SellerStatusFrame } from '@app/contracts';
import { SocketRegistry } from '../realtime/socket-registry';

/**
 * Every gateway hears a seller's status change (no queue group) and tells each socket it
 * holds, so marketplace cards and profiles show Busy the moment a call rings and Available
 * when it ends.
 */
@Controller()
export class SellerStatusController {
  constructor(private readonly registry: SocketRegistry) {}

  @EventPattern(CallEvents.SellerStatusChanged)
  onStatusChanged(@Payload() event: SellerStatusChangedEvent) {
    const frame: SellerStatusFrame = {
      type: 'seller_status',
      sellerId: event.sellerId,
      isBusy: event.isBusy,
      acceptsCalls: event.acceptsCalls,
      availability: event.availability,
    };
    const raw = JSON.stringify(frame);
    for (const socket of this.registry.all()) if (socket.authenticated) this.registry.sendRaw(socket, raw);
  }
}
