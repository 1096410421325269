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
  TESTIMONIAL_REVIEW_MIN,
  VIDEO_PRICE_MAX,
  VIDEO_PRICE_MIN,
  WEEK_DAYS,
  WORK_HISTORY_MIN,
} from './marketplace.constants';
import { fieldMessage, type FieldMessage } from '../common/field-messages';

/**
 * The seller fields' rules as plain functions: each answers the one message of the rule a
 * value breaks (its English beside its code, common/field-messages), or null. The server's
 * decorators (dto/seller-rules.ts) and the application wizard's step checks both call these,
 * so the two can never disagree.
 */
export type Check = (value: unknown) => FieldMessage | null;

export interface TextRule {
  min: number;
  max: number;
  minMessage: FieldMessage;
  maxMessage?: FieldMessage;
}

export interface ListRule {
  min: number;
  max: number;
  itemMax: number;
  message: FieldMessage;
  allowed?: readonly string[];
}

export interface PriceRule {
  min: number;
  max: number;
  minMessage: FieldMessage;
  maxMessage: FieldMessage;
  stepMessage: FieldMessage;
}

/** A string whose trimmed length lies in [min, max]; a missing or blank value breaks `min`. */
export const textLength =
  ({ min, max, minMessage, maxMessage }: TextRule): Check =>
  (value) => {
    if (typeof value !== 'string') return minMessage;
    const length = value.trim().length;
    if (length < Math.max(min, 1)) return minMessage;
    if (length > max) return maxMessage ?? fieldMessage('seller_text_too_long', { max });
    return null;
  };

export const oneOf =
  (values: readonly string[], message: FieldMessage): Check =>
  (value) =>
    typeof value === 'string' && values.includes(value) ? null : message;

/** A list of non-blank strings, optionally from a fixed set, without duplicates. */
export const textList =
  ({ min, max, itemMax, message, allowed }: ListRule): Check =>
  (value) => {
    if (!Array.isArray(value) || value.length < min) return message;
    if (value.length > max) return fieldMessage('seller_list_too_long', { max });
    for (const item of value) {
      if (typeof item !== 'string' || item.trim().length === 0) return fieldMessage('seller_list_entry_empty');
      if (item.length > itemMax) return fieldMessage('seller_list_entry_too_long', { max: itemMax });
      if (allowed && !allowed.includes(item)) return fieldMessage('seller_list_entry_choice', { item });
    }
    if (new Set(value.map((item: string) => item.trim().toLowerCase())).size !== value.length) return fieldMessage('seller_list_repeat');
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
  (message: FieldMessage): Check =>
  (value) =>
    value === undefined || value === null || value === '' || (typeof value === 'string' && isHttpUrl(value)) ? null : message;

/** A time of day as HH:MM (24 h); a missing one breaks `message`. */
export const timeOfDay =
  (message: FieldMessage): Check =>
  (value) => {
    if (typeof value !== 'string' || value.trim() === '') return message;
    return /^([01]\d|2[0-3]):[0-5]\d$/.test(value) ? null : fieldMessage('seller_time_format');
  };

export const checked =
  (message: FieldMessage): Check =>
  (value) =>
    value === true ? null : message;

export const wholeNumberBetween =
  (min: number, max: number, message: FieldMessage): Check =>
  (value) =>
    Number.isInteger(value) && (value as number) >= min && (value as number) <= max ? null : message;

export const flag =
  (message: FieldMessage): Check =>
  (value) =>
    typeof value === 'boolean' ? null : message;

const SHORT_TEXT_MAX = 200;

/** Each seller field's rule, with the spec's words; the DTOs decorate their fields with these. */
export const SELLER_RULES = {
  displayName: {
    min: DISPLAY_NAME_MIN,
    max: DISPLAY_NAME_MAX,
    minMessage: fieldMessage('seller_display_name_too_short'),
    maxMessage: fieldMessage('seller_display_name_too_long'),
  },
  bio: { min: SELLER_BIO_MIN, max: SELLER_BIO_MAX, minMessage: fieldMessage('seller_bio_too_short'), maxMessage: fieldMessage('seller_bio_too_long') },
  aboutMe: {
    min: ABOUT_ME_MIN,
    max: ABOUT_ME_MAX,
    minMessage: fieldMessage('seller_about_me_too_short'),
    maxMessage: fieldMessage('seller_about_me_too_long'),
  },
  experience: { min: 1, max: SHORT_TEXT_MAX, minMessage: fieldMessage('seller_experience_required') },
  education: { min: EDUCATION_MIN, max: LONG_TEXT_MAX, minMessage: fieldMessage('seller_education_required') },
  workHistory: { min: WORK_HISTORY_MIN, max: LONG_TEXT_MAX, minMessage: fieldMessage('seller_work_history_too_short') },
  languages: { min: 1, max: SELLER_LANGUAGES.length, itemMax: 20, message: fieldMessage('seller_languages_required'), allowed: SELLER_LANGUAGES },
  services: { min: 1, max: LIST_ITEMS_MAX, itemMax: LIST_ITEM_LENGTH_MAX, message: fieldMessage('seller_services_required') },
  specialties: { min: 1, max: LIST_ITEMS_MAX, itemMax: LIST_ITEM_LENGTH_MAX, message: fieldMessage('seller_specialties_required') },
  optionalList: { min: 0, max: LIST_ITEMS_MAX, itemMax: LIST_ITEM_LENGTH_MAX, message: fieldMessage('seller_list_required') },
  audioPrice: {
    min: AUDIO_PRICE_MIN,
    max: AUDIO_PRICE_MAX,
    minMessage: fieldMessage('seller_audio_price_too_low'),
    maxMessage: fieldMessage('seller_audio_price_too_high'),
    stepMessage: fieldMessage('seller_price_step'),
  },
  videoPrice: {
    min: VIDEO_PRICE_MIN,
    max: VIDEO_PRICE_MAX,
    minMessage: fieldMessage('seller_video_price_too_low'),
    maxMessage: fieldMessage('seller_video_price_too_high'),
    stepMessage: fieldMessage('seller_price_step'),
  },
  workingDays: { min: 1, max: WEEK_DAYS.length, itemMax: 9, message: fieldMessage('seller_working_days_required'), allowed: WEEK_DAYS },
  portfolioTitle: { min: 1, max: 100, minMessage: fieldMessage('seller_portfolio_title_required') },
  portfolioDescription: { min: PORTFOLIO_DESCRIPTION_MIN, max: 1000, minMessage: fieldMessage('seller_portfolio_description_too_short') },
  clientName: { min: 1, max: 100, minMessage: fieldMessage('seller_client_name_required') },
  testimonialReview: { min: TESTIMONIAL_REVIEW_MIN, max: 1000, minMessage: fieldMessage('seller_testimonial_review_too_short') },
} as const satisfies Record<string, TextRule | ListRule | PriceRule>;

/** The seller fields' messages that are not a length, a list or a price, by what they ask. */
export const SELLER_CHOICE_MESSAGES = {
  category: fieldMessage('seller_category_required'),
  acceptsCalls: fieldMessage('seller_accepts_calls_flag'),
  callAvailability: fieldMessage('seller_call_availability_choice'),
  timeZone: fieldMessage('seller_time_zone_required'),
  responseTime: fieldMessage('seller_response_time_required'),
  startTime: fieldMessage('seller_start_time_required'),
  endTime: fieldMessage('seller_end_time_required'),
  url: fieldMessage('seller_link_invalid'),
  testimonialRating: fieldMessage('review_rating'),
  agreeToTerms: fieldMessage('seller_terms_required'),
  agreeToCommission: fieldMessage('seller_commission_required'),
} as const;

const C = SELLER_CHOICE_MESSAGES;

/** The application's fields and their checks, keyed as the server names a field in a 400. */
const APPLICATION_CHECKS: Record<string, Check> = {
  displayName: textLength(SELLER_RULES.displayName),
  category: oneOf(SELLER_CATEGORIES, C.category),
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
  acceptsCalls: flag(C.acceptsCalls),
  callAvailability: oneOf(REGISTRATION_CALL_AVAILABILITY, C.callAvailability),
  timeZone: oneOf(SELLER_TIME_ZONES, C.timeZone),
  responseTime: oneOf(RESPONSE_TIMES, C.responseTime),
  'workingHours.start': timeOfDay(C.startTime),
  'workingHours.end': timeOfDay(C.endTime),
  'workingHours.days': textList(SELLER_RULES.workingDays),
  agreeToTerms: checked(C.agreeToTerms),
  agreeToCommission: checked(C.agreeToCommission),
};

const ITEM_CHECKS: Record<string, Record<string, Check>> = {
  portfolioItems: { title: textLength(SELLER_RULES.portfolioTitle), description: textLength(SELLER_RULES.portfolioDescription) },
  testimonials: {
    clientName: textLength(SELLER_RULES.clientName),
    review: textLength(SELLER_RULES.testimonialReview),
    rating: wholeNumberBetween(1, 5, C.testimonialRating),
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
export function applicationProblems(form: Record<string, unknown>): Record<string, FieldMessage[]> {
  const problems: Record<string, FieldMessage[]> = {};
  const note = (path: string, problem: FieldMessage | null) => {
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
  for (const link of SOCIAL_LINKS) note(`socialMediaLinks.${link}`, urlOrEmpty(C.url)(at(form, `socialMediaLinks.${link}`)));
  return problems;
}
