import { getMetadataStorage } from 'class-validator';

type MetadataStorage = ReturnType<typeof getMetadataStorage>;
type RulesOf = MetadataStorage['getTargetValidationMetadatas'];

let installed = false;

/**
 * class-validator finds a class's rules anew at every validation, walking every class that has
 * rules to collect the inherited ones: on a send, 38 % of validating it (about 11 of 28 µs).
 * The rules change only while classes are being declared, so they are kept per class and
 * question, and the kept answers dropped whenever a rule is added (a class declared late).
 */
export function keepValidationRules(storage: MetadataStorage = getMetadataStorage()): void {
  if (installed) return;
  installed = true;
  const rulesOf: RulesOf = storage.getTargetValidationMetadatas.bind(storage);
  const kept = new Map<string | Function, Map<string, ReturnType<RulesOf>>>();
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    const question = `${schema}\u0000${always}\u0000${strictGroups}\u0000${groups?.join('\u0001') ?? ''}`;
    let byQuestion = kept.get(target);
    if (!byQuestion) kept.set(target, (byQuestion = new Map()));
    let rules = byQuestion.get(question);
    if (!rules) byQuestion.set(question, (rules = rulesOf(target, schema, always, strictGroups, groups)));
    return rules;
  };
  for (const method of ['addValidationMetadata', 'addConstraintMetadata', 'addValidationSchema'] as const) {
    const add = storage[method].bind(storage) as (arg: never) => void;
    storage[method] = ((arg: never) => {
      kept.clear();
      add(arg);
    }) as never;
  }
}
