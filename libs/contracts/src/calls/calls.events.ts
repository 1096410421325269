import type { SellerAvailability } from '../marketplace/marketplace.constants';
import type { CallSessionDto } from './dto/call.dto';

/** Events published by marketplace-svc about calls (NATS events, fan-out to every listener). */
export const CallEvents = {
  /** A call ended, with its final record (billing included). */
  CallEnded: 'call.ended',
  /**
   * A seller's live status changed: a call started ringing or ended. Gateways pass it to every
   * socket so marketplace cards and profiles show Busy or Available at once.
   */
  SellerStatusChanged: 'seller.status.changed',
} as const;

export type CallEndedEvent = CallSessionDto;

export interface SellerStatusChangedEvent {
  sellerId: number;
  userId: number;
  isBusy: boolean;
  acceptsCalls: boolean;
  availability: SellerAvailability;
}
