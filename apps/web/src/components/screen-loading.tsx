import { Loader2 } from 'lucide-react';
import english from '../i18n/catalogues/en/layout.json';
import { plainText } from '../i18n/i18n';
import { useText } from '../i18n/use-text';

/** The English words, as the tests name them. */
export const SCREEN_LOADING_TEXT = plainText(english['layout.loading']);

/** What a screen shows while its code arrives: a spinner that screen readers announce. */
export function ScreenLoading() {
  const t = useText();
  return (
    <div className="flex min-h-[50vh] items-center justify-center gap-2 text-muted-foreground" role="status" aria-live="polite">
      <Loader2 className="h-5 w-5 animate-spin" aria-hidden />
      <span>{t('layout.loading')}</span>
    </div>
  );
}
