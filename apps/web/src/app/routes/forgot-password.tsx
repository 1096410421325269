import { AccountMailCard } from '@/features/auth/components/account-mail-card';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { RECOVERY_TEXT } from '@/features/auth/recovery-copy';
import authEnglish from '@/i18n/catalogues/en/auth.json';
import { addEnglish } from '@/i18n/i18n';

addEnglish(authEnglish);

export function ForgotPasswordScreen() {
  return (
    <AccountMailCard title={RECOVERY_TEXT.forgotTitle} subtitle={RECOVERY_TEXT.forgotSubtitle}>
      <ForgotPasswordForm />
    </AccountMailCard>
  );
}
