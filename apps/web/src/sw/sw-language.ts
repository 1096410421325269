import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@app/contracts/browser';

/** What a page tells the worker: the language its person reads, for the worker's own words. */
export const LANGUAGE_MESSAGE = 'language';

export interface LanguageMessage {
  type: typeof LANGUAGE_MESSAGE;
  language: Language;
}

export function isLanguageMessage(data: unknown): data is LanguageMessage {
  const message = data as Partial<LanguageMessage> | null;
  return message?.type === LANGUAGE_MESSAGE && isLanguage(message.language);
}

/** Where the worker keeps the page's word: Cache Storage outlives the worker, which a push may start anew. */
const CACHE = 'chatmarket-language';
const KEY = '/language';

/** The cache storage as far as the worker's language needs it (tests give a stand-in). */
export type LanguageCaches = Pick<CacheStorage, 'open'>;

export async function rememberLanguage(caches: LanguageCaches, language: Language): Promise<void> {
  const cache = await caches.open(CACHE);
  await cache.put(KEY, new Response(language, { headers: { 'content-type': 'text/plain' } }));
}

/** The language the worker speaks: the one a page last told it, else the browser's first it speaks, else English. */
export async function workerLanguage(caches: LanguageCaches, browserLanguages: readonly string[]): Promise<Language> {
  try {
    const kept = await (await caches.open(CACHE)).match(KEY);
    const language = kept ? await kept.text() : null;
    if (isLanguage(language)) return language;
  } catch {
    // No storage (a private window's quota): the browser's languages say it.
  }
  for (const tag of browserLanguages) {
    const language = tag.toLowerCase().split('-')[0];
    if (isLanguage(language)) return language;
  }
  return DEFAULT_LANGUAGE;
}
