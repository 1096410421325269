import type { LocalPrice, RegisterSellerDto, SellerDto, UpdateSellerProfileDto } from '@app/contracts';
import categoriesEnglish from '@/i18n/catalogues/en/categories.json';
import { addEnglish, formatLocale, t, type MessageId } from '@/i18n/i18n';
import { formatPrice as formatLocalePrice } from '@/lib/format';
import { MARKETPLACE_CATEGORIES as MARKETPLACE_CATEGORY_KEYS, type MarketplaceCategory, type SellerCategory } from '@app/contracts/browser';

// The categories' names, wherever a seller's category is shown (the landing page too): a small
// catalogue of their own, so a screen does not take the marketplace's words to name one.
addEnglish(categoriesEnglish);

/** The spec's display names of the seller categories (MARKETPLACE_CATEGORY_LABELS in the contracts, as the server words them). */
const CATEGORY_NAMES: Record<SellerCategory, MessageId> = {
  dating: 'categories.dating',
  career: 'categories.career',
  friendship: 'categories.friendship',
  emotional: 'categories.emotional',
  fun: 'categories.fun',
  wellness: 'categories.wellness',
  education: 'categories.education',
  business: 'categories.business',
};

/** Marketplace categories with their display names in the language spoken, in the order the filter shows them. */
export const MARKETPLACE_CATEGORIES = MARKETPLACE_CATEGORY_KEYS.map((id) => ({
  id,
  get title() {
    return t(CATEGORY_NAMES[id]);
  },
}));
export type { MarketplaceCategory };

export function isMarketplaceCategory(value: string | null | undefined): value is MarketplaceCategory {
  return MARKETPLACE_CATEGORY_KEYS.some((id) => id === value);
}

/** The label of any seller category: the application offers a few beyond the marketplace five. */
export function categoryTitle(id: string): string {
  return id in CATEGORY_NAMES ? t(CATEGORY_NAMES[id as SellerCategory]) : id.charAt(0).toUpperCase() + id.slice(1);
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

/** A per-minute price in the locale numbers are written in ($25, $19.50, ₹2146). */
export function formatPrice(price: LocalPrice, locale = formatLocale()): string {
  return formatLocalePrice(price.price, price.currency, locale);
}

/** POST /api/sellers/register, as the wizard sends it: every part filled in. */
export type SellerRegistration = Required<Omit<RegisterSellerDto, 'avatar' | 'introVideo' | 'profileMedia'>>;

/** PATCH /api/sellers/profile/me: the fields the editor saves, all of them each time. */
export type SellerProfileChanges = Required<Omit<UpdateSellerProfileDto, 'availability' | 'avatar' | 'testimonials'>>;

/** The fields the application and the profile editor both show, typed the same in both. */
export type SellerFormFields = Pick<
  SellerProfileChanges,
  | 'displayName'
  | 'category'
  | 'bio'
  | 'aboutMe'
  | 'experience'
  | 'education'
  | 'workHistory'
  | 'languages'
  | 'services'
  | 'specialties'
  | 'acceptsCalls'
  | 'callAvailability'
  | 'timeZone'
  | 'responseTime'
  | 'workingHours'
  | 'socialMediaLinks'
>;

/** Sets one field of a form. */
export type SetField<T> = <K extends keyof T>(key: K, value: T[K]) => void;

/** A group of fields both forms show: the values, how to change them, the server's messages by field path. */
export type FieldSectionProps<K extends keyof SellerFormFields> = {
  values: Pick<SellerFormFields, K>;
  onChange: (changes: Partial<Pick<SellerFormFields, K>>) => void;
  errors?: Record<string, string[]>;
  /** Shown, not edited: the profile editor outside edit mode. */
  readOnly?: boolean;
};

/** What each tab of the profile editor gets: the values shown (the draft while editing) and how to change them. */
export type EditorTabProps = {
  shown: SellerProfileChanges;
  set: SetField<SellerProfileChanges>;
  update: (changes: Partial<SellerProfileChanges>) => void;
  editing: boolean;
};
