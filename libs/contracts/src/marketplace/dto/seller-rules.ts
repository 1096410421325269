import { ValidateBy, type ValidationOptions } from 'class-validator';
import { isStoredMediaUrl } from '../../media/media.constants';

/**
 * Seller fields carry exactly one message per rule broken (the wizard lists them above the
 * form), so each rule is one constraint that picks its message from the value it sees.
 */
function rule(name: string, check: (value: unknown) => string | null, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name,
      validator: {
        validate: (value: unknown) => check(value) === null,
        defaultMessage: (args) => check(args?.value) ?? '',
      },
    },
    options,
  );
}

export interface TextRule {
  min: number;
  max: number;
  minMessage: string;
  maxMessage?: string;
}

/** A string whose trimmed length lies in [min, max]; a missing or blank value breaks `min`. */
export function TextLength({ min, max, minMessage, maxMessage }: TextRule, options?: ValidationOptions) {
  return rule(
    'textLength',
    (value) => {
      if (typeof value !== 'string') return minMessage;
      const length = value.trim().length;
      if (length < Math.max(min, 1)) return minMessage;
      if (length > max) return maxMessage ?? `Must be at most ${max} characters`;
      return null;
    },
    options,
  );
}

/** One of the given values. */
export function OneOf(values: readonly string[], message: string, options?: ValidationOptions) {
  return rule('oneOf', (value) => (typeof value === 'string' && values.includes(value) ? null : message), options);
}

export interface ListRule {
  min: number;
  max: number;
  itemMax: number;
  message: string;
  allowed?: readonly string[];
}

/** A list of non-blank strings, optionally from a fixed set, without duplicates. */
export function TextList({ min, max, itemMax, message, allowed }: ListRule, options?: ValidationOptions) {
  return rule(
    'textList',
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
    },
    options,
  );
}

export interface PriceRule {
  min: number;
  max: number;
  minMessage: string;
  maxMessage: string;
  stepMessage: string;
}

/** A per-minute USD price within bounds, in cents. */
export function Price({ min, max, minMessage, maxMessage, stepMessage }: PriceRule, options?: ValidationOptions) {
  return rule(
    'price',
    (value) => {
      if (typeof value !== 'number' || !Number.isFinite(value) || value < min) return minMessage;
      if (value > max) return maxMessage;
      if (Math.abs(Math.round(value * 100) - value * 100) > 1e-6) return stepMessage;
      return null;
    },
    options,
  );
}

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
export function UrlOrEmpty(message: string, options?: ValidationOptions) {
  return rule(
    'urlOrEmpty',
    (value) => (value === undefined || value === null || value === '' || (typeof value === 'string' && isHttpUrl(value)) ? null : message),
    options,
  );
}

/** A file this product stores (`/media/<key>` as media-svc issued it); never another site's URL. */
export function MediaUrl(message: string, options?: ValidationOptions) {
  return rule('mediaUrl', (value) => (isStoredMediaUrl(value) ? null : message), options);
}

/** A time of day as HH:MM (24 h); a missing one breaks `message`. */
export function TimeOfDay(message: string, options?: ValidationOptions) {
  return rule(
    'timeOfDay',
    (value) => {
      if (typeof value !== 'string' || value.trim() === '') return message;
      return /^([01]\d|2[0-3]):[0-5]\d$/.test(value) ? null : 'Times must look like 09:00';
    },
    options,
  );
}

/** A box the user must tick. */
export function Checked(message: string, options?: ValidationOptions) {
  return rule('checked', (value) => (value === true ? null : message), options);
}

/** A whole number in [min, max]. */
export function WholeNumberBetween(min: number, max: number, message: string, options?: ValidationOptions) {
  return rule('wholeNumberBetween', (value) => (Number.isInteger(value) && (value as number) >= min && (value as number) <= max ? null : message), options);
}

/** true or false. */
export function Flag(message: string, options?: ValidationOptions) {
  return rule('flag', (value) => (typeof value === 'boolean' ? null : message), options);
}
