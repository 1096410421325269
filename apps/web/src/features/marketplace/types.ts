/** The part of a seller the lists show; the marketplace feature widens it. */
export interface SellerSummary {
  id: number;
  displayName?: string;
  name?: string;
  category: string;
  bio?: string | null;
  avatar?: string | null;
  user?: { avatar?: string | null; bio?: string | null } | null;
  rating?: number | null;
  totalSessions?: number | null;
  isVerified?: boolean;
  isBusy?: boolean;
  acceptsCalls?: boolean;
  availability?: string | null;
  pricing?: { audio?: { price: number; currency: string }; video?: { price: number; currency: string } } | null;
}

export function sellerName(seller: SellerSummary): string {
  return seller.displayName || seller.name || 'Expert';
}

/** Marketplace categories with the spec's display names. */
export const MARKETPLACE_CATEGORIES = [
  { id: 'dating', title: 'Dating & Romance' },
  { id: 'career', title: 'Career Guidance' },
  { id: 'friendship', title: 'Friendship' },
  { id: 'emotional', title: 'Emotional Support' },
  { id: 'fun', title: 'Fun & Entertainment' },
] as const;

export type MarketplaceCategory = (typeof MARKETPLACE_CATEGORIES)[number]['id'];

export function categoryTitle(id: string): string {
  return MARKETPLACE_CATEGORIES.find((c) => c.id === id)?.title ?? id.charAt(0).toUpperCase() + id.slice(1);
}
