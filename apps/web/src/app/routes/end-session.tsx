import { useSearchParams } from 'wouter';
import { AccountMailCard } from '@/features/auth/components/account-mail-card';
import { EndSessionLink } from '@/features/settings/components/end-session-link';
import settingsEnglish from '@/i18n/catalogues/en/settings.json';
import { addEnglish } from '@/i18n/i18n';
import { useText } from '@/i18n/use-text';

addEnglish(settingsEnglish);

export function EndSessionScreen() {
  const t = useText();
  const [params] = useSearchParams();
  return (
    <AccountMailCard title={t('settings.sessions.link.title')}>
      <EndSessionLink token={params.get('token') ?? ''} />
    </AccountMailCard>
  );
}
