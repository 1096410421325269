import type { VerificationStatus } from './marketplace.constants';

/** Events published by marketplace-svc. */
export const MarketplaceEvents = {
  /**
   * A seller profile was created or changed (applied, edited, verified, rejected, rated).
   * auth-svc gives the role "seller" to verified sellers only, and takes it back otherwise.
   */
  SellerUpdated: 'seller.updated',
} as const;

export interface SellerUpdatedEvent {
  sellerId: number;
  userId: number;
  displayName: string;
  isVerified: boolean;
  verificationStatus: VerificationStatus;
}
