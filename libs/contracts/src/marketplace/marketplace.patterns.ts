/**
 * Request/reply patterns answered by marketplace-svc (queue group "marketplace-svc").
 * Payload -> answer of each.
 */
export const MarketplacePatterns = {
  /** GetSellerRequestDto { id, ip?, viewer? } -> SellerDto; 404 'Seller not found', also for an application the viewer may not see. */
  GetSeller: 'marketplace.seller.get',
  /** {} -> RatingStatsDto: the platform's average seller rating, for /api/stats. */
  GetRatingStats: 'marketplace.stats.rating',
  /** ListSellersRequestDto -> SellerDto[]: verified sellers by rank; with userId, any status for that user or a moderator viewing. */
  ListSellers: 'marketplace.seller.list',
  /** FeaturedRequestDto -> SellerDto[]: the best ranked verified sellers. */
  ListFeatured: 'marketplace.seller.featured',
  /** {} -> CategoryCountDto[] for the five marketplace categories. */
  CountByCategory: 'marketplace.category.counts',
  /** RegisterSellerRequestDto -> SellerProfileDto; 409 when the user has applied before. */
  Register: 'marketplace.seller.register',
  /** SellerOwnerDto -> SellerProfileDto; 404 when the user has no seller profile. */
  GetOwnProfile: 'marketplace.seller.get-own',
  /** UpdateSellerRequestDto -> SellerProfileDto; 403 for someone else's profile. */
  UpdateProfile: 'marketplace.seller.update',
  /** ListApplicationsRequestDto -> SellerProfileDto[], oldest first; 403 unless the actor moderates. */
  ListApplications: 'marketplace.application.list',
  /** ModerateSellerRequestDto -> SellerProfileDto; 403 unless the actor moderates. */
  Verify: 'marketplace.application.verify',
  /** RejectSellerRequestDto -> SellerProfileDto; 403 unless the actor moderates. */
  Reject: 'marketplace.application.reject',
  /** SellerReviewsRequestDto -> SellerReviewDto[], newest first. */
  ListReviews: 'marketplace.review.list',
  /** UpsertReviewRequestDto -> SellerReviewDto; 403 without a conversation or for oneself. */
  UpsertReview: 'marketplace.review.upsert',
  /** LocaleRequestDto { ip } -> LocaleDto. */
  ResolveLocale: 'marketplace.locale.resolve',
} as const;
