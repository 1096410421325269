/**
 * The languages the product speaks. English is the spec's own wording and what anyone gets
 * whose setting, cookie and browser name none of the others.
 */
export const LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language's name in itself: a switcher offers them so, whatever the page is in. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', hi: 'हिन्दी' };

/**
 * The cookie that keeps the language last chosen in this browser (by a visitor in the footer,
 * or applied from a person's setting), so the server writes the next page's `<html lang>` in it.
 */
export const LANGUAGE_COOKIE = 'lang';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
