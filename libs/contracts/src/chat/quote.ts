/** The most of its original's first line a reply's quote shows. */
export const QUOTE_MAX = 140;

/** What a reply quotes of a text message: its first non-blank line, cut to QUOTE_MAX characters. */
export function quoteLine(content: string): string {
  const line = content.split('\n').find((l) => l.trim() !== '') ?? '';
  const trimmed = line.trim();
  return trimmed.length > QUOTE_MAX ? `${trimmed.slice(0, QUOTE_MAX - 1)}…` : trimmed;
}
