import 'reflect-metadata';
import { getMetadataStorage, ValidationTypes } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
// Every DTO of the contracts, so that each has laid its rules down.
import '../index';
import { FIELD_CODE_CONTEXT, ruleHasDefaultCode } from './field-messages';

/** The rules that say nothing of their own: they only decide whether the others run. */
const SILENT = new Set<string>([ValidationTypes.CONDITIONAL_VALIDATION, ValidationTypes.WHITELIST, ValidationTypes.PROMISE_VALIDATION]);

/** class-validator's own words for a nested value that is no object, which it gives as a message. */
const NESTED_WORDS = /^(each value in )?nested property \$property must be either object or array$/;

function allRules(): ValidationMetadata[] {
  const stored = (getMetadataStorage() as unknown as { validationMetadatas: Map<unknown, ValidationMetadata[]> }).validationMetadatas;
  return [...stored.values()].flat();
}

/** Why a rule's refusal would reach a client with no code, or null when it has one. */
function uncoded(rule: ValidationMetadata): string | null {
  if (SILENT.has(rule.type)) return null;
  if ((rule.context as Record<string, unknown> | undefined)?.[FIELD_CODE_CONTEXT]) return null;
  const name = rule.type === ValidationTypes.CUSTOM_VALIDATION ? (rule.name ?? 'custom') : rule.type;
  const ownWords = rule.message !== undefined && !(typeof rule.message === 'string' && NESTED_WORDS.test(rule.message));
  if (!ownWords && ruleHasDefaultCode(name, rule.each === true)) return null;
  return `${(rule.target as { name: string }).name}.${rule.propertyName}: ${name}${rule.each ? ' (each)' : ''}${ownWords ? ' with words of its own' : ''}`;
}

describe("every DTO's rules", () => {
  it('refuse with a code the web words in the reader’s language', () => {
    const rules = allRules();
    expect(rules.length).toBeGreaterThan(300);
    expect(rules.map(uncoded).filter(Boolean)).toEqual([]);
  });
});
