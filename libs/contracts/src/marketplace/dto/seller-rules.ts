import { ValidateBy, type ValidationOptions } from 'class-validator';
import { FIELD_CODE_CONTEXT, fieldMessage, type FieldCode, type FieldMessage, type RuleFieldCode } from '../../common/field-messages';
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
 * form), so each rule is one constraint that picks its message from the value it sees; its
 * context names that message's code the same way (common/field-messages).
 */
function rule(name: string, check: Check, options?: ValidationOptions): PropertyDecorator {
  const codeOf: RuleFieldCode = (value) => {
    // A rule for each item of a list refused the list for its first item that breaks it.
    const items = options?.each && Array.isArray(value) ? value : [value];
    for (const item of items) {
      const problem = check(item);
      if (problem) return codeOnly(problem);
    }
    return null;
  };
  return ValidateBy(
    {
      name,
      validator: {
        validate: (value: unknown) => check(value) === null,
        defaultMessage: (args) => check(args?.value)?.message ?? '',
      },
    },
    { ...options, context: { ...options?.context, [FIELD_CODE_CONTEXT]: codeOf } },
  );
}

function codeOnly({ code, params }: FieldMessage): FieldCode {
  return params ? { code, params } : { code };
}

/** A string whose trimmed length lies in [min, max]; a missing or blank value breaks `min`. */
export function TextLength(textRule: TextRule, options?: ValidationOptions) {
  return rule('textLength', textLength(textRule), options);
}

/** One of the given values. */
export function OneOf(values: readonly string[], message: FieldMessage, options?: ValidationOptions) {
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
export function UrlOrEmpty(message: FieldMessage, options?: ValidationOptions) {
  return rule('urlOrEmpty', urlOrEmpty(message), options);
}

/** A file this product stores (`/media/<key>` as media-svc issued it); never another site's URL. */
export function MediaUrl(options?: ValidationOptions) {
  const message = fieldMessage('media_not_stored');
  return rule('mediaUrl', (value) => (isStoredMediaUrl(value) ? null : message), options);
}

/** A time of day as HH:MM (24 h); a missing one breaks `message`. */
export function TimeOfDay(message: FieldMessage, options?: ValidationOptions) {
  return rule('timeOfDay', timeOfDay(message), options);
}

/** A box the user must tick. */
export function Checked(message: FieldMessage, options?: ValidationOptions) {
  return rule('checked', checked(message), options);
}

/** A whole number in [min, max]. */
export function WholeNumberBetween(min: number, max: number, message: FieldMessage, options?: ValidationOptions) {
  return rule('wholeNumberBetween', wholeNumberBetween(min, max, message), options);
}

/** true or false. */
export function Flag(message: FieldMessage, options?: ValidationOptions) {
  return rule('flag', flag(message), options);
}
