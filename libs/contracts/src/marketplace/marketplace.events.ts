import type { VerificationStatus } from './marketplace.constants';

/** Events published by marketplace-svc. */
export const MarketplaceEvents = {
  /**
   * A seller profile was created or changed (applied, edited, verified, rejected, rated).
   * auth-svc gives the role "seller" to verified sellers only, and takes it back otherwise.
   */
  SellerUpdated: 'seller.updated',
  /** A moderator verified or rejected an application (after seller.updated); the applicant is told. */
  ApplicationDecided: 'seller.application.decided',
} as const;

export interface SellerUpdatedEvent {
  sellerId: number;
  userId: number;
  displayName: string;
  isVerified: boolean;
  verificationStatus: VerificationStatus;
}

export interface SellerApplicationDecidedEvent {
  sellerId: number;
  userId: number;
  status: 'verified' | 'rejected';
  /** The moderator's reason for a rejection. */
  reason: string | null;
  decidedAt: string;
}
