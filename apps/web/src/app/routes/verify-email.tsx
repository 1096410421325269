import { useSearchParams } from 'wouter';
import { AccountMailCard } from '@/features/auth/components/account-mail-card';
import { VerifyEmailStatus } from '@/features/auth/components/verify-email-status';
import { RECOVERY_TEXT } from '@/features/auth/recovery-copy';
import authEnglish from '@/i18n/catalogues/en/auth.json';
import { addEnglish } from '@/i18n/i18n';

addEnglish(authEnglish);

export function VerifyEmailScreen() {
  const [params] = useSearchParams();
  return (
    <AccountMailCard title={RECOVERY_TEXT.verifyTitle}>
      <VerifyEmailStatus token={params.get('token') ?? ''} />
    </AccountMailCard>
  );
}
