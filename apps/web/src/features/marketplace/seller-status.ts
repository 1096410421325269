import type { SellerDto } from '@app/contracts';
import { MARKETPLACE_TEXT } from './marketplace-copy';

export type SellerStatusTone = 'red' | 'green' | 'grey';

export interface SellerStatus {
  label: string;
  tone: SellerStatusTone;
  /** Neither busy nor taking calls: the card says so. */
  notAccepting: boolean;
}

/**
 * Spec: busy is red; accepting calls and available is green; otherwise Offline or Unavailable in
 * grey. Busy is in a call or set so by the seller in their profile: the server refuses calls to both.
 */
export function sellerStatus(seller: Pick<SellerDto, 'isBusy' | 'acceptsCalls' | 'availability'>): SellerStatus {
  const busy = seller.isBusy || seller.availability === 'busy';
  const notAccepting = !busy && !seller.acceptsCalls;
  if (busy) return { label: MARKETPLACE_TEXT.status.busy, tone: 'red', notAccepting };
  if (seller.acceptsCalls && seller.availability === 'available') {
    return { label: MARKETPLACE_TEXT.status.available, tone: 'green', notAccepting };
  }
  const label = seller.availability === 'offline' ? MARKETPLACE_TEXT.status.offline : MARKETPLACE_TEXT.status.unavailable;
  return { label, tone: 'grey', notAccepting };
}
