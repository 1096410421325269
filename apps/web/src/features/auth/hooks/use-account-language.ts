import { useEffect } from 'react';
import { activeLanguage, switchLanguage } from '@/i18n/i18n';
import { useCurrentUser } from './use-current-user';

/**
 * A signed-in person's own language wins over the one this browser chose or asked for: the page
 * switches to it once the account is known, and the cookie keeps it for the server's next page.
 */
export function useAccountLanguage() {
  const language = useCurrentUser().user?.language;
  useEffect(() => {
    if (language && language !== activeLanguage()) void switchLanguage(language, { remember: true });
  }, [language]);
}
