/** Request/reply patterns answered by marketplace-svc (queue group "marketplace-svc"). */
export const MarketplacePatterns = {
  /** { id } -> SellerDto (includes userId); 404 when unknown. */
  GetSeller: 'marketplace.seller.get',
  /** {} -> { rating: number } the platform's average seller rating, for /api/stats. */
  GetRatingStats: 'marketplace.stats.rating',
} as const;
