import type { LocalPrice, PortfolioItem, SellerDto, SocialMediaLinks, Testimonial, WorkingHours } from '@app/contracts';

/** Marketplace categories with the spec's display names. */
export const MARKETPLACE_CATEGORIES = [
  { id: 'dating', title: 'Dating & Romance' },
  { id: 'career', title: 'Career Guidance' },
  { id: 'friendship', title: 'Friendship' },
  { id: 'emotional', title: 'Emotional Support' },
  { id: 'fun', title: 'Fun & Entertainment' },
] as const;

export type MarketplaceCategory = (typeof MARKETPLACE_CATEGORIES)[number]['id'];

const OTHER_CATEGORY_TITLES: Record<string, string> = { wellness: 'Wellness', education: 'Education', business: 'Business' };

export function isMarketplaceCategory(value: string | null | undefined): value is MarketplaceCategory {
  return MARKETPLACE_CATEGORIES.some((c) => c.id === value);
}

export function categoryTitle(id: string): string {
  return (
    MARKETPLACE_CATEGORIES.find((c) => c.id === id)?.title ?? OTHER_CATEGORY_TITLES[id] ?? id.charAt(0).toUpperCase() + id.slice(1)
  );
}

/** Badge colours per category (the public profile colours its category badge). */
export const CATEGORY_TONES: Record<string, string> = {
  dating: 'bg-pink-100 text-pink-700 dark:bg-pink-950/50 dark:text-pink-300',
  career: 'bg-blue-100 text-blue-700 dark:bg-blue-950/50 dark:text-blue-300',
  friendship: 'bg-amber-100 text-amber-800 dark:bg-amber-950/50 dark:text-amber-300',
  emotional: 'bg-emerald-100 text-emerald-700 dark:bg-emerald-950/50 dark:text-emerald-300',
  fun: 'bg-violet-100 text-violet-700 dark:bg-violet-950/50 dark:text-violet-300',
};
export const OTHER_CATEGORY_TONE = 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200';

export function sellerName(seller: Pick<SellerDto, 'displayName' | 'user'>): string {
  return seller.displayName || seller.user?.username || 'Expert';
}

export function sellerAvatar(seller: Pick<SellerDto, 'avatar' | 'user'>): string | null {
  return seller.avatar ?? seller.user?.avatar ?? null;
}

/** The seller's per-minute prices as this buyer sees them: converted when the server knew where they are. */
export function displayPrices(seller: Pick<SellerDto, 'pricing' | 'localPricing'>): { audio: LocalPrice; video: LocalPrice } {
  if (seller.localPricing) return seller.localPricing;
  return {
    audio: { price: seller.pricing.audio.price, currency: 'USD', symbol: '$' },
    video: { price: seller.pricing.video.price, currency: 'USD', symbol: '$' },
  };
}

export function formatPrice(price: LocalPrice): string {
  const amount = Number.isInteger(price.price) ? String(price.price) : price.price.toFixed(2);
  return `${price.symbol}${amount}`;
}

/** POST /api/sellers/register, as the wizard sends it. */
export interface SellerRegistration {
  displayName: string;
  category: string;
  bio: string;
  aboutMe: string;
  experience: string;
  education: string;
  workHistory: string;
  languages: string[];
  services: string[];
  specialties: string[];
  certifications: string[];
  achievements: string[];
  audioPricing: number;
  videoPricing: number;
  acceptsCalls: boolean;
  callAvailability: string;
  timeZone: string;
  responseTime: string;
  workingHours: WorkingHours;
  socialMediaLinks: SocialMediaLinks;
  portfolioItems: PortfolioItem[];
  testimonials: Testimonial[];
  agreeToTerms: boolean;
  agreeToCommission: boolean;
}

/** PATCH /api/sellers/profile/me: the fields the editor saves. */
export interface SellerProfileChanges {
  displayName: string;
  category: string;
  bio: string;
  aboutMe: string;
  experience: string;
  education: string;
  workHistory: string;
  languages: string[];
  services: string[];
  specialties: string[];
  certifications: string[];
  achievements: string[];
  pricing: { audio: { price: number; currency: 'USD' }; video: { price: number; currency: 'USD' } };
  acceptsCalls: boolean;
  callAvailability: string;
  timeZone: string;
  responseTime: string;
  workingHours: WorkingHours;
  socialMediaLinks: SocialMediaLinks;
  portfolioItems: PortfolioItem[];
  introVideo: string | null;
  profileMedia: string[];
}
