import { i18n, type Messages } from '@lingui/core';
import { createAction } from '@reduxjs/toolkit';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_COOKIE, LANGUAGE_QUERY, type Language } from '@app/contracts/browser';
import layout from './catalogues/en/layout.json';
import type { MessageId } from './catalogues/message-id';

export type { MessageId };
export { i18n };

/** The other languages' catalogues, each a chunk fetched the first time its language is spoken (English comes with the code). */
const catalogues: Partial<Record<Language, () => Promise<{ messages: Messages }>>> = {
  hi: () => import('./catalogues/hi'),
};

// English is the language every page starts in. The words every page shows (header, footer,
// banners, dialogs' chrome) are in the entry; each screen adds its feature's English when its code
// arrives (addEnglish in src/app/routes), so no page carries the others' words. The build compiles
// each catalogue's messages (vite.config.ts): no message parser is shipped.
i18n.load(DEFAULT_LANGUAGE, layout as unknown as Messages);
i18n.activate(DEFAULT_LANGUAGE);

/** A feature's English catalogue, added by the screen that shows its words. */
export function addEnglish(messages: Record<string, string>): void {
  i18n.load(DEFAULT_LANGUAGE, messages as unknown as Messages);
}

/**
 * A message that takes no values, as its catalogue holds it: compiled, it is a list of one text
 * (the English words the tests name, read from the English catalogue).
 */
export function plainText(message: string | readonly string[]): string {
  return typeof message === 'string' ? message : message.join('');
}

/** A message in the language spoken now, for code outside a component's render (a toast, an error kept in state). */
export function t(id: MessageId, values?: Record<string, unknown>): string {
  return i18n._(id, values);
}

export function activeLanguage(): Language {
  return isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE;
}

const loaded = new Set<Language>([DEFAULT_LANGUAGE]);
/** The language asked for last: a switch whose catalogue arrives after a later one was asked for gives way. */
let wanted: Language = DEFAULT_LANGUAGE;

/**
 * Speaks `language` from now on, its catalogue fetched first when this page has not had it yet;
 * the page's `<html lang>` follows. `remember` keeps the choice in a cookie, so the server serves
 * the next page in it too (a visitor's pick in the footer, a person's own setting).
 */
export async function switchLanguage(language: Language, { remember = false } = {}): Promise<void> {
  wanted = language;
  const load = catalogues[language];
  if (load && !loaded.has(language)) {
    i18n.load(language, (await load()).messages);
    loaded.add(language);
    if (wanted !== language) return;
  }
  if (remember) rememberLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  if (i18n.locale !== language) i18n.activate(language);
}

const YEAR_SECONDS = 365 * 24 * 60 * 60;

function rememberLanguage(language: Language) {
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=${YEAR_SECONDS}; samesite=lax${secure}`;
}

/**
 * The language a page starts in: the one its address asks for (?lang=), else the one last chosen
 * in this browser, else the one the server served the page in (its `<html lang>`: the browser's
 * Accept-Language, as far as we speak it).
 */
export function startingLanguage(): Language {
  // A language's own address (/?lang=hi) was served in it, whatever this browser chose before.
  const asked = new URLSearchParams(window.location.search).get(LANGUAGE_QUERY);
  if (isLanguage(asked)) return asked;
  const chosen = document.cookie
    .split(';')
    .map((pair) => pair.trim().split('='))
    .find(([name]) => name === LANGUAGE_COOKIE)?.[1];
  if (isLanguage(chosen)) return chosen;
  const served = document.documentElement.lang;
  return isLanguage(served) ? served : DEFAULT_LANGUAGE;
}

/** A visitor or a person chose a language (the footer, Settings): the account listener saves a person's choice. */
export const languageChosen = createAction<Language>('i18n/languageChosen');

/**
 * The locale numbers, money and dates are written in: the browser's own tag for the language
 * spoken (en-IN, hi-IN), else the language with the browser's region, else the language alone.
 */
export function formatLocale(language: Language = activeLanguage()): string {
  const asked = typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];
  const same = asked.find((tag) => tag.toLowerCase().split('-')[0] === language);
  if (same) return same;
  for (const tag of asked) {
    try {
      const { region } = new Intl.Locale(tag);
      if (region) return `${language}-${region}`;
    } catch {
      // A tag Intl does not know says nothing of the region.
    }
  }
  return language;
}
