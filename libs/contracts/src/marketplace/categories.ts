// A module of its own: the landing page's category tiles need the categories, not the
// marketplace's rules and lists (a module goes whole into the chunk that uses it).

/** Categories buyers browse in the marketplace, with the labels the filter shows. */
export const MARKETPLACE_CATEGORIES = ['dating', 'career', 'friendship', 'emotional', 'fun'] as const;
export type MarketplaceCategory = (typeof MARKETPLACE_CATEGORIES)[number];

export const MARKETPLACE_CATEGORY_LABELS: Record<MarketplaceCategory, string> = {
  dating: 'Dating & Romance',
  career: 'Career Guidance',
  friendship: 'Friendship',
  emotional: 'Emotional Support',
  fun: 'Fun & Entertainment',
};

/** The application also offers these; the profile editor lists only the marketplace five. */
export const SELLER_CATEGORIES = [...MARKETPLACE_CATEGORIES, 'wellness', 'education', 'business'] as const;
export type SellerCategory = (typeof SELLER_CATEGORIES)[number];
