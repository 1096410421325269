import { LANGUAGE_NAMES, LANGUAGES } from '@app/contracts/browser';
import { activeLanguage } from '@/i18n/i18n';
import { useChooseLanguage } from '@/i18n/use-choose-language';
import { useText } from '@/i18n/use-text';

/** The footer's languages, each named in itself, so a visitor finds theirs whatever the page is in. */
export function LanguageSwitcher() {
  const t = useText();
  const choose = useChooseLanguage();
  const current = activeLanguage();
  return (
    <div role="group" aria-label={t('layout.footer.language')} className="flex flex-wrap items-center gap-1 text-sm">
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          aria-pressed={language === current}
          onClick={() => choose(language)}
          className="rounded-md px-2 py-1 text-muted-foreground hover:text-foreground aria-pressed:bg-muted aria-pressed:font-medium aria-pressed:text-foreground"
        >
          {LANGUAGE_NAMES[language]}
        </button>
      ))}
    </div>
  );
}
