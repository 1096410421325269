import { LANGUAGE_NAMES, LANGUAGES } from '@app/contracts/browser';
import { Card } from '../../../components/ui/card';
import { activeLanguage } from '../../../i18n/i18n';
import { useChooseLanguage } from '../../../i18n/use-choose-language';
import { useText } from '../../../i18n/use-text';

/** The person's language, saved to their account (the account listener) and spoken at once. */
export function LanguageSetting() {
  const t = useText();
  const choose = useChooseLanguage();
  const current = activeLanguage();
  return (
    <Card className="p-5">
      <h2 id="language-setting" className="text-lg font-semibold">
        {t('settings.language.title')}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{t('settings.language.description')}</p>
      <div role="radiogroup" aria-labelledby="language-setting" className="mt-4 inline-flex flex-wrap rounded-lg bg-muted p-1">
        {LANGUAGES.map((language) => (
          <button
            key={language}
            type="button"
            role="radio"
            lang={language}
            aria-checked={language === current}
            onClick={() => choose(language)}
            className="rounded-md px-3 py-1 text-sm aria-checked:bg-card aria-checked:font-medium aria-checked:shadow-sm"
          >
            {LANGUAGE_NAMES[language]}
          </button>
        ))}
      </div>
    </Card>
  );
}
