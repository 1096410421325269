import { useSearchParams } from 'wouter';
import { AccountMailCard } from '@/features/auth/components/account-mail-card';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { RECOVERY_TEXT } from '@/features/auth/recovery-copy';
import authEnglish from '@/i18n/catalogues/en/auth.json';
import { addEnglish } from '@/i18n/i18n';

addEnglish(authEnglish);

export function ResetPasswordScreen() {
  const [params] = useSearchParams();
  return (
    <AccountMailCard title={RECOVERY_TEXT.resetTitle}>
      <ResetPasswordForm token={params.get('token') ?? ''} />
    </AccountMailCard>
  );
}
