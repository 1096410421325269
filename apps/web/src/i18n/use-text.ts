import { useSyncExternalStore } from 'react';
import { formatLocale, i18n, t } from './i18n';

const onLanguageChange = (listener: () => void) => i18n.on('change', listener);
const spokenNow = () => i18n.locale;

/** Renders the component again when the language changes (no provider needed: a test may render a part alone). */
export function useSpokenLanguage(): string {
  return useSyncExternalStore(onLanguageChange, spokenNow, spokenNow);
}

/** The messages of the language spoken now, for a component's render. */
export function useText(): typeof t {
  useSpokenLanguage();
  return t;
}

/** The locale to write numbers, money and dates in, following the language spoken. */
export function useFormatLocale(): string {
  useSpokenLanguage();
  return formatLocale();
}
