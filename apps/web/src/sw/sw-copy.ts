import { DEFAULT_LANGUAGE, type Language } from '@app/contracts/browser';
import english from '../i18n/catalogues/en/sw.json';
import hindi from '../i18n/catalogues/hi/sw.json';

export type WorkerWordId = keyof typeof english;

/**
 * The worker's few words in every language: its own small catalogue (sw.json), since it cannot
 * fetch the app's as a page does (a push may wake it with no page open). What a push says is
 * worded by the server in the person's language; these are the worker's own.
 */
const WORDS: Record<Language, Record<WorkerWordId, Word>> = { en: english, hi: hindi };

/** A word as its catalogue holds it: plain in the worker; compiled (a list of one text) where the app's build or tests load it. */
type Word = string | readonly string[];

/** A word of the worker in `language`, in English where that language lacks it. */
export function workerText(language: Language, id: WorkerWordId): string {
  const word = WORDS[language]?.[id] ?? WORDS[DEFAULT_LANGUAGE][id];
  return typeof word === 'string' ? word : word.join('');
}
