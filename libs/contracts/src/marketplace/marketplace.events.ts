/** Events published by marketplace-svc. */
export const MarketplaceEvents = {
  /** A user applied to be a seller: auth-svc makes them role "seller" (unverified profile). */
  SellerApplied: 'seller.applied',
  SellerUpdated: 'seller.updated',
} as const;

export interface SellerAppliedEvent {
  userId: number;
  sellerId: number;
}
