import { ValidateBy, type ValidationOptions } from 'class-validator';
import { isStoredMediaUrl } from '../../media/media-keys';
import {
  checked,
  flag,
  oneOf,
  price,
  textLength,
  textList,
  timeOfDay,
  urlOrEmpty,
  wholeNumberBetween,
  type Check,
  type ListRule,
  type PriceRule,
  type TextRule,
} from '../seller-checks';

/**
 * Seller fields carry exactly one message per rule broken (the wizard lists them above the
 * form), so each rule is one constraint that picks its message from the value it sees.
 */
function rule(name: string, check: Check, options?: ValidationOptions): PropertyDecorator {
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

/** A string whose trimmed length lies in [min, max]; a missing or blank value breaks `min`. */
export function TextLength(textRule: TextRule, options?: ValidationOptions) {
  return rule('textLength', textLength(textRule), options);
}

/** One of the given values. */
export function OneOf(values: readonly string[], message: string, options?: ValidationOptions) {
  return rule('oneOf', oneOf(values, message), options);
}

/** A list of non-blank strings, optionally from a fixed set, without duplicates. */
export function TextList(listRule: ListRule, options?: ValidationOptions) {
  return rule('textList', textList(listRule), options);
}

/** A per-minute USD price within bounds, in cents. */
export function Price(priceRule: PriceRule, options?: ValidationOptions) {
  return rule('price', price(priceRule), options);
}

/** An http(s) URL, or empty (the link is not given). */
export function UrlOrEmpty(message: string, options?: ValidationOptions) {
  return rule('urlOrEmpty', urlOrEmpty(message), options);
}

/** A file this product stores (`/media/<key>` as media-svc issued it); never another site's URL. */
export function MediaUrl(message: string, options?: ValidationOptions) {
  return rule('mediaUrl', (value) => (isStoredMediaUrl(value) ? null : message), options);
}

/** A time of day as HH:MM (24 h); a missing one breaks `message`. */
export function TimeOfDay(message: string, options?: ValidationOptions) {
  return rule('timeOfDay', timeOfDay(message), options);
}

/** A box the user must tick. */
export function Checked(message: string, options?: ValidationOptions) {
  return rule('checked', checked(message), options);
}

/** A whole number in [min, max]. */
export function WholeNumberBetween(min: number, max: number, message: string, options?: ValidationOptions) {
  return rule('wholeNumberBetween', wholeNumberBetween(min, max, message), options);
}

/** true or false. */
export function Flag(message: string, options?: ValidationOptions) {
  return rule('flag', flag(message), options);
}
