/**
 * The landing page's live preview shows public-room messages that read as conversation. A
 * message qualifies when it is plain text (not emoji only, not an image) and:
 *   - has at least PREVIEW_MIN_WORDS words with letters in them and PREVIEW_MIN_LENGTH characters
 *     ("hi", "ok 👍" and "msg 12" are left out);
 *   - is mostly letters: at least PREVIEW_MIN_LETTER_SHARE of its visible characters
 *     ("12345 67890 111", "!!! ??? ...");
 *   - has no word that marks test traffic (PREVIEW_TEST_WORDS, alone or with digits: "test3", "ping 42");
 *   - does not repeat one character four times in a row ("aaaa", "hellooooo"), nor is half of it one word.
 * Private chats never reach the preview: only messages of public rooms are considered.
 */
export const PREVIEW_MIN_WORDS = 3;
export const PREVIEW_MIN_LENGTH = 12;
export const PREVIEW_MIN_LETTER_SHARE = 0.6;
export const PREVIEW_TEST_WORDS = ['test', 'testing', 'asdf', 'qwerty', 'lorem', 'ipsum', 'foo', 'foobar', 'ping', 'dummy'];
/** How many newest public messages the preview looks through to find a few that qualify. */
export const PREVIEW_SCAN = 300;

const LETTER = /\p{L}/u;
const TEST_WORD = new RegExp(`^(${PREVIEW_TEST_WORDS.join('|')})\\d*$`, 'u');

export function readsAsConversation(content: string): boolean {
  const text = content.trim();
  if (text.length < PREVIEW_MIN_LENGTH) return false;
  const words = text.toLowerCase().split(/\s+/).map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''));
  const wordy = words.filter((word) => LETTER.test(word));
  if (wordy.length < PREVIEW_MIN_WORDS) return false;
  if (words.some((word) => TEST_WORD.test(word))) return false;
  const visible = [...text.replace(/\s+/g, '')];
  if (visible.filter((ch) => LETTER.test(ch)).length < visible.length * PREVIEW_MIN_LETTER_SHARE) return false;
  if (/(.)\1{3,}/u.test(text)) return false;
  const counts = new Map<string, number>();
  for (const word of wordy) counts.set(word, (counts.get(word) ?? 0) + 1);
  return Math.max(...counts.values()) * 2 <= wordy.length;
}
