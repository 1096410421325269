import { fieldMessage, type FieldMessage } from '@app/contracts';

/** How deep JSON input may nest: our deepest DTO needs 4 levels; the rest is an attack on the stack. */
export const INPUT_MAX_DEPTH = 32;

export interface InputProblem {
  /** The field path, as validation errors name fields (`formatting.color`, `items.0.title`). */
  field: string;
  problem: FieldMessage;
}

export const InputMessages = {
  tooDeep: fieldMessage('input_too_deep', { max: INPUT_MAX_DEPTH }),
  nul: fieldMessage('text_nul'),
  brokenUnicode: fieldMessage('text_broken_unicode'),
  wrongShape: fieldMessage('input_wrong_shape'),
} as const;

// U+0000, or a surrogate that is not part of a pair.
const NUL = /\u0000/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function textProblem(text: string): FieldMessage | null {
  if (NUL.test(text)) return InputMessages.nul;
  if (LONE_SURROGATE.test(text)) return InputMessages.brokenUnicode;
  return null;
}

/**
 * The rules every text and every structure from outside obeys, whatever the DTO: no NUL, no
 * broken UTF-16, no nesting past INPUT_MAX_DEPTH. Walks without recursion, so a hostile depth
 * cannot overflow the stack here either; answers the first problem found.
 */
export function inspectInput(input: unknown): InputProblem | null {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value: input, path: '', depth: 0 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem) return { field: path || 'value', problem };
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= INPUT_MAX_DEPTH) return { field: path || 'value', problem: InputMessages.tooDeep };
    for (const [key, child] of Object.entries(value)) {
      const childPath = path ? `${path}.${key}` : key;
      const keyProblem = textProblem(key);
      if (keyProblem) return { field: childPath, problem: keyProblem };
      stack.push({ value: child, path: childPath, depth: depth + 1 });
    }
  }
  return null;
}
