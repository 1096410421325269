import {
  ABOUT_ME_MAX,
  ABOUT_ME_MIN,
  AUDIO_PRICE_MAX,
  AUDIO_PRICE_MIN,
  DISPLAY_NAME_MAX,
  DISPLAY_NAME_MIN,
  EDUCATION_MIN,
  LIST_ITEMS_MAX,
  LIST_ITEM_LENGTH_MAX,
  LONG_TEXT_MAX,
  PORTFOLIO_DESCRIPTION_MIN,
  REGISTRATION_CALL_AVAILABILITY,
  RESPONSE_TIMES,
  SELLER_BIO_MAX,
  SELLER_BIO_MIN,
  SELLER_CATEGORIES,
  SELLER_LANGUAGES,
  SELLER_TIME_ZONES,
  SellerMessages as M,
  TESTIMONIAL_REVIEW_MIN,
  VIDEO_PRICE_MAX,
  VIDEO_PRICE_MIN,
  WEEK_DAYS,
  WORK_HISTORY_MIN,
} from './marketplace.constants';

/**
 * The seller fields' rules as plain functions: each answers the one message of the rule a
 * value breaks, or null. The server's decorators (dto/seller-rules.ts) and the application
 * wizard's step checks both call these, so the two can never disagree.
 */
export type Check = (value: unknown) => string | null;

export interface TextRule {
  min: number;
  max: number;
  minMessage: string;
  maxMessage?: string;
}

export interface ListRule {
  min: number;
  max: number;
  itemMax: number;
  message: string;
  allowed?: readonly string[];
}

export interface PriceRule {
  min: number;
  max: number;
  minMessage: string;
  maxMessage: string;
  stepMessage: string;
}

/** A string whose trimmed length lies in [min, max]; a missing or blank value breaks `min`. */
export const textLength =
  ({ min, max, minMessage, maxMessage }: TextRule): Check =>
  (value) => {
    if (typeof value !== 'string') return minMessage;
    const length = value.trim().length;
    if (length < Math.max(min, 1)) return minMessage;
    if (length > max) return maxMessage ?? `Must be at most ${max} characters`;
    return null;
  };

export const oneOf =
  (values: readonly string[], message: string): Check =>
  (value) =>
    typeof value === 'string' && values.includes(value) ? null : message;

/** A list of non-blank strings, optionally from a fixed set, without duplicates. */
export const textList =
  ({ min, max, itemMax, message, allowed }: ListRule): Check =>
  (value) => {
    if (!Array.isArray(value) || value.length < min) return message;
    if (value.length > max) return `At most ${max} entries are allowed`;
    for (const item of value) {
      if (typeof item !== 'string' || item.trim().length === 0) return 'Entries must not be empty';
      if (item.length > itemMax) return `Each entry must be at most ${itemMax} characters`;
      if (allowed && !allowed.includes(item)) return `${item} is not one of the choices`;
    }
    if (new Set(value.map((item: string) => item.trim().toLowerCase())).size !== value.length) return 'Entries must not repeat';
    return null;
  };

/** A per-minute USD price within bounds, in cents. */
export const price =
  ({ min, max, minMessage, maxMessage, stepMessage }: PriceRule): Check =>
  (value) => {
    if (typeof value !== 'number' || !Number.isFinite(value) || value < min) return minMessage;
    if (value > max) return maxMessage;
    if (Math.abs(Math.round(value * 100) - value * 100) > 1e-6) return stepMessage;
    return null;
  };

const HTTP_URL_MAX = 2048;

function isHttpUrl(value: string): boolean {
  if (value.length > HTTP_URL_MAX || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** An http(s) URL, or empty (the link is not given). */
export const urlOrEmpty =
  (message: string): Check =>
  (value) =>
    value === undefined || value === null || value === '' || (typeof value === 'string' && isHttpUrl(value)) ? null : message;

/** A time of day as HH:MM (24 h); a missing one breaks `message`. */
export const timeOfDay =
  (message: string): Check =>
  (value) => {
    if (typeof value !== 'string' || value.trim() === '') return message;
    return /^([01]\d|2[0-3]):[0-5]\d$/.test(value) ? null : 'Times must look like 09:00';
  };

export const checked =
  (message: string): Check =>
  (value) =>
    value === true ? null : message;

export const wholeNumberBetween =
  (min: number, max: number, message: string): Check =>
  (value) =>
    Number.isInteger(value) && (value as number) >= min && (value as number) <= max ? null : message;

export const flag =
  (message: string): Check =>
  (value) =>
    typeof value === 'boolean' ? null : message;

const SHORT_TEXT_MAX = 200;

/** Each seller field's rule, with the spec's words; the DTOs decorate their fields with these. */
export const SELLER_RULES = {
  displayName: { min: DISPLAY_NAME_MIN, max: DISPLAY_NAME_MAX, minMessage: M.displayNameMin, maxMessage: M.displayNameMax },
  bio: { min: SELLER_BIO_MIN, max: SELLER_BIO_MAX, minMessage: M.bioMin, maxMessage: M.bioMax },
  aboutMe: { min: ABOUT_ME_MIN, max: ABOUT_ME_MAX, minMessage: M.aboutMeMin, maxMessage: M.aboutMeMax },
  experience: { min: 1, max: SHORT_TEXT_MAX, minMessage: M.experience },
  education: { min: EDUCATION_MIN, max: LONG_TEXT_MAX, minMessage: M.education },
  workHistory: { min: WORK_HISTORY_MIN, max: LONG_TEXT_MAX, minMessage: M.workHistory },
  languages: { min: 1, max: SELLER_LANGUAGES.length, itemMax: 20, message: M.languages, allowed: SELLER_LANGUAGES },
  services: { min: 1, max: LIST_ITEMS_MAX, itemMax: LIST_ITEM_LENGTH_MAX, message: M.services },
  specialties: { min: 1, max: LIST_ITEMS_MAX, itemMax: LIST_ITEM_LENGTH_MAX, message: M.specialties },
  optionalList: { min: 0, max: LIST_ITEMS_MAX, itemMax: LIST_ITEM_LENGTH_MAX, message: 'Must be a list' },
  audioPrice: { min: AUDIO_PRICE_MIN, max: AUDIO_PRICE_MAX, minMessage: M.audioPricingMin, maxMessage: M.audioPricingMax, stepMessage: M.priceStep },
  videoPrice: { min: VIDEO_PRICE_MIN, max: VIDEO_PRICE_MAX, minMessage: M.videoPricingMin, maxMessage: M.videoPricingMax, stepMessage: M.priceStep },
  workingDays: { min: 1, max: WEEK_DAYS.length, itemMax: 9, message: M.workingDays, allowed: WEEK_DAYS },
  portfolioTitle: { min: 1, max: 100, minMessage: M.portfolioTitle },
  portfolioDescription: { min: PORTFOLIO_DESCRIPTION_MIN, max: 1000, minMessage: M.portfolioDescription },
  clientName: { min: 1, max: 100, minMessage: M.clientName },
  testimonialReview: { min: TESTIMONIAL_REVIEW_MIN, max: 1000, minMessage: M.testimonialReview },
} as const satisfies Record<string, TextRule | ListRule | PriceRule>;

/** The application's fields and their checks, keyed as the server names a field in a 400. */
const APPLICATION_CHECKS: Record<string, Check> = {
  displayName: textLength(SELLER_RULES.displayName),
  category: oneOf(SELLER_CATEGORIES, M.category),
  bio: textLength(SELLER_RULES.bio),
  aboutMe: textLength(SELLER_RULES.aboutMe),
  experience: textLength(SELLER_RULES.experience),
  education: textLength(SELLER_RULES.education),
  workHistory: textLength(SELLER_RULES.workHistory),
  languages: textList(SELLER_RULES.languages),
  services: textList(SELLER_RULES.services),
  specialties: textList(SELLER_RULES.specialties),
  certifications: textList(SELLER_RULES.optionalList),
  achievements: textList(SELLER_RULES.optionalList),
  audioPricing: price(SELLER_RULES.audioPrice),
  videoPricing: price(SELLER_RULES.videoPrice),
  acceptsCalls: flag(M.acceptsCalls),
  callAvailability: oneOf(REGISTRATION_CALL_AVAILABILITY, M.callAvailability),
  timeZone: oneOf(SELLER_TIME_ZONES, M.timeZone),
  responseTime: oneOf(RESPONSE_TIMES, M.responseTime),
  'workingHours.start': timeOfDay(M.startTime),
  'workingHours.end': timeOfDay(M.endTime),
  'workingHours.days': textList(SELLER_RULES.workingDays),
  agreeToTerms: checked(M.agreeToTerms),
  agreeToCommission: checked(M.agreeToCommission),
};

const ITEM_CHECKS: Record<string, Record<string, Check>> = {
  portfolioItems: { title: textLength(SELLER_RULES.portfolioTitle), description: textLength(SELLER_RULES.portfolioDescription) },
  testimonials: {
    clientName: textLength(SELLER_RULES.clientName),
    review: textLength(SELLER_RULES.testimonialReview),
    rating: wholeNumberBetween(1, 5, M.testimonialRating),
  },
};

const SOCIAL_LINKS = ['instagram', 'twitter', 'linkedin', 'website'] as const;

function at(form: Record<string, unknown>, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), form);
}

/**
 * Every rule an application breaks, by field path as the server's 400 names it
 * (`bio`, `workingHours.start`, `portfolioItems.0.title`, `socialMediaLinks.website`).
 */
export function applicationProblems(form: Record<string, unknown>): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  const note = (path: string, problem: string | null) => {
    if (problem) problems[path] = [problem];
  };
  for (const [path, check] of Object.entries(APPLICATION_CHECKS)) note(path, check(at(form, path)));
  for (const [list, checks] of Object.entries(ITEM_CHECKS)) {
    const items = form[list];
    if (!Array.isArray(items)) continue;
    items.forEach((item: Record<string, unknown>, index) => {
      for (const [field, check] of Object.entries(checks)) note(`${list}.${index}.${field}`, check(item?.[field]));
    });
  }
  for (const link of SOCIAL_LINKS) note(`socialMediaLinks.${link}`, urlOrEmpty(M.url)(at(form, `socialMediaLinks.${link}`)));
  return problems;
}
