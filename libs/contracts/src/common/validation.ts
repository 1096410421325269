import { IsInt, Max, Min, ValidateIf, type ValidationOptions } from 'class-validator';
import { said } from './field-messages';

/** Ids are PostgreSQL integers: anything past this can name nothing. */
export const ID_MAX = 2_147_483_647;

/** A row id: a whole number from 1 to ID_MAX. */
export function IsId(options: ValidationOptions = {}): PropertyDecorator {
  return (target, key) => {
    const rule = options.message ? options : { ...options, ...said('whole_number_from', { field: String(key), min: 1, max: ID_MAX }) };
    IsInt(rule)(target, key);
    Min(1, rule)(target, key);
    Max(ID_MAX, rule)(target, key);
  };
}

/** A count or cursor that may be 0: a whole number from 0 to ID_MAX. */
export function IsCursor(options: ValidationOptions = {}): PropertyDecorator {
  return (target, key) => {
    const rule = options.message ? options : { ...options, ...said('whole_number_from', { field: String(key), min: 0, max: ID_MAX }) };
    IsInt(rule)(target, key);
    Min(0, rule)(target, key);
    Max(ID_MAX, rule)(target, key);
  };
}

/**
 * May be left out, but if given must be valid: unlike class-validator's IsOptional, a null is
 * checked like any other value. Use IsOptional only where null is a meaning of its own (clear it).
 */
export function Optional(options?: ValidationOptions): PropertyDecorator {
  return ValidateIf((_object, value) => value !== undefined, options);
}
