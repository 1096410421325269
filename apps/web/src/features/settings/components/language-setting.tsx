import { LANGUAGE_NAMES, LANGUAGES } from '@app/contracts/browser';
import { Card } from '@/components/ui/card';
import { Segmented } from '@/components/ui/segmented';
import { activeLanguage } from '@/i18n/i18n';
import { useChooseLanguage } from '@/i18n/use-choose-language';
import { useText } from '@/i18n/use-text';

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
      <Segmented
        labelledBy="language-setting"
        options={LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language], lang: language }))}
        value={current}
        onChange={choose}
        className="mt-4 flex-wrap"
      />
    </Card>
  );
}
