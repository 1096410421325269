import { USERNAME_MAX, USERNAME_MIN } from '../auth/auth.constants';

/** Distinct names resolved per message: a wall of @names notifies nobody past this. */
export const MENTIONS_PER_MESSAGE_MAX = 20;

/** Character before an @ that may start a mention: not a letter, digit or underscore (so e-mail addresses are not mentions). */
const MENTION = new RegExp(`(^|[^A-Za-z0-9_])@([A-Za-z0-9_]{${USERNAME_MIN},${USERNAME_MAX}})(?![A-Za-z0-9_])`, 'g');

export interface MentionToken {
  /** Lower-cased, as usernames are stored. */
  username: string;
  /** Where the @ is in the text, and where the name ends. */
  start: number;
  end: number;
}

/** The @username tokens of a text, in order (the same name may appear more than once). */
export function mentionTokens(text: string): MentionToken[] {
  const tokens: MentionToken[] = [];
  for (const match of text.matchAll(MENTION)) {
    const start = (match.index ?? 0) + match[1].length;
    tokens.push({ username: match[2].toLowerCase(), start, end: start + 1 + match[2].length });
  }
  return tokens;
}

/** The distinct usernames a text mentions, first ones first, at most MENTIONS_PER_MESSAGE_MAX. */
export function mentionedUsernames(text: string): string[] {
  return [...new Set(mentionTokens(text).map((t) => t.username))].slice(0, MENTIONS_PER_MESSAGE_MAX);
}

/**
 * The @word being typed just before the caret, for the picker: its start and the query typed
 * after the @ so far (possibly empty). Null when the caret is not in such a word.
 */
export function mentionQueryAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const match = new RegExp(`(^|[^A-Za-z0-9_])@([A-Za-z0-9_]{0,${USERNAME_MAX}})$`).exec(before);
  if (!match) return null;
  return { start: match.index + match[1].length, query: match[2].toLowerCase() };
}
