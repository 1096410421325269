import { t, type MessageId } from './i18n';

// Apart from i18n.ts, which every page loads: only the screens' copy modules need these.

/** A word of a copy object that takes values known when its module loads (a constant of the contracts). */
export class MessageWithValues {
  constructor(
    readonly id: MessageId,
    readonly values: Record<string, unknown>,
  ) {}
}

export function withValues(id: MessageId, values: Record<string, unknown>): MessageWithValues {
  return new MessageWithValues(id, values);
}

type CopyWord = MessageId | MessageWithValues | ((...args: never[]) => unknown) | readonly (MessageId | MessageWithValues)[] | CopyShape;
type CopyShape = { readonly [name: string]: CopyWord };

/** A copy object as its screens read it: each message id a string in the language spoken when it is read. */
export type Spoken<T> = T extends string | MessageWithValues
  ? string
  : T extends (...args: infer A) => infer R
    ? (...args: A) => R
    : T extends readonly (infer E)[]
      ? readonly Spoken<E>[]
      : { readonly [K in keyof T]: Spoken<T[K]> };

const say = (word: MessageId | MessageWithValues) => (typeof word === 'string' ? t(word) : t(word.id, word.values));

/**
 * A screen's copy object (CHAT_TEXT, CALLS_TEXT…) whose words are message ids: reading a word
 * gives it in the language spoken then, so the screens and their tests keep reading the object
 * while the catalogues stay the words' one home. Functions (words with values) are kept as they are.
 */
export function spoken<T extends CopyShape>(shape: T): Spoken<T> {
  const words = {};
  for (const [name, word] of Object.entries(shape)) {
    if (typeof word === 'function') Object.defineProperty(words, name, { value: word, enumerable: true });
    else if (typeof word === 'string' || word instanceof MessageWithValues) Object.defineProperty(words, name, { get: () => say(word), enumerable: true });
    else if (Array.isArray(word)) Object.defineProperty(words, name, { get: () => (word as (MessageId | MessageWithValues)[]).map(say), enumerable: true });
    else Object.defineProperty(words, name, { value: spoken(word as CopyShape), enumerable: true });
  }
  return words as Spoken<T>;
}
