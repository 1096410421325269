import { OidcErrorCode } from '@app/contracts/browser';
import { Link, useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { AccountMailCard } from '@/features/auth/components/account-mail-card';
import { ProviderSignUpForm } from '@/features/auth/components/provider-sign-up-form';
import { TwoStepSignIn } from '@/features/auth/components/two-step-sign-in';
import { useHash } from '@/hooks/use-hash';
import authEnglish from '@/i18n/catalogues/en/auth.json';
import { addEnglish } from '@/i18n/i18n';
import { useText } from '@/i18n/use-text';

addEnglish(authEnglish);

const ERROR_WORDS = {
  [OidcErrorCode.Expired]: 'auth.provider.error.expired',
  [OidcErrorCode.Failed]: 'auth.provider.error.failed',
  [OidcErrorCode.Cancelled]: 'auth.provider.error.cancelled',
  [OidcErrorCode.Taken]: 'auth.provider.error.taken',
  [OidcErrorCode.Refused]: 'auth.provider.error.refused',
} as const satisfies Record<OidcErrorCode, string>;

/**
 * Where a sign-in provider's answer lands when it did not simply sign in: a new account's
 * username, the two-step code of an account that has it on, or why it did not work. The
 * address's fragment says which (the server never sees a fragment).
 */
export function AuthProviderScreen() {
  const t = useText();
  const [, navigate] = useLocation();
  const fragment = new URLSearchParams(useHash().replace(/^#/, ''));
  const signUp = fragment.get('sign-up');
  const challenge = fragment.get('two-step');
  const error = fragment.get('error');
  // "Sign in again" from Settings goes back there once the code is taken.
  const then = fragment.get('then') === 'settings' ? '/settings' : '/';

  if (signUp) {
    return (
      <AccountMailCard title={t('auth.provider.chooseUsername')} subtitle={t('auth.provider.chooseUsernameSubtitle')}>
        <ProviderSignUpForm token={signUp} />
      </AccountMailCard>
    );
  }
  if (challenge) {
    return (
      <AccountMailCard title={t('auth.twoStep.title')}>
        <TwoStepSignIn
          challenge={challenge}
          onSignedIn={() => navigate(then)}
          onRestart={(message) => {
            if (message) toast({ variant: 'destructive', title: t('auth.toast.loginFailed.title'), description: message });
            navigate('/auth');
          }}
        />
      </AccountMailCard>
    );
  }
  const words = ERROR_WORDS[error as OidcErrorCode] ?? ERROR_WORDS[OidcErrorCode.Expired];
  return (
    <AccountMailCard title={t('auth.provider.notSignedIn')}>
      <p className="text-sm" role="alert">
        {t(words)}
      </p>
      <Button asChild className="mt-5 w-full">
        <Link to="/auth">{t('auth.recovery.backToSignIn')}</Link>
      </Button>
    </AccountMailCard>
  );
}
