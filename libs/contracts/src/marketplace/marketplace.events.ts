import type { VerificationStatus } from './marketplace.constants';

/** Events published by marketplace-svc. */
export const MarketplaceEvents = {
  /** A user applied to be a seller: auth-svc makes them role "seller" (unverified profile). */
  SellerApplied: 'seller.applied',
  /** A seller's public profile changed (edited, verified, rejected, rated). */
  SellerUpdated: 'seller.updated',
} as const;

export interface SellerAppliedEvent {
  userId: number;
  sellerId: number;
}

export interface SellerUpdatedEvent {
  sellerId: number;
  userId: number;
  displayName: string;
  isVerified: boolean;
  verificationStatus: VerificationStatus;
}
