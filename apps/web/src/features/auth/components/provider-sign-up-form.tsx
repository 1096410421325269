import { Link, useLocation } from 'wouter';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useText } from '@/i18n/use-text';
import { errorMessage, fieldErrors } from '@/lib/errors';
import { useCompleteProviderSignUpMutation } from '../api/oidc-api';
import { normalizeUsername, useUsernameAvailability } from '../hooks/use-username-availability';
import { UsernameStatus } from './sign-up-form';

export type ProviderSignUpFormProps = { token: string };

/**
 * The one thing a new account from a sign-in provider needs: a username, with the rules and
 * messages of sign-up. The provider's identity waits on the server under `token`.
 */
export function ProviderSignUpForm({ token }: ProviderSignUpFormProps) {
  const t = useText();
  const [, navigate] = useLocation();
  const [username, setUsername] = useState('');
  const availability = useUsernameAvailability(username);
  const [complete, { isLoading }] = useCompleteProviderSignUpMutation();
  const [problem, setProblem] = useState<string | undefined>();
  const [expired, setExpired] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await complete({ token, username });
    if (!('error' in result)) {
      navigate('/');
      return;
    }
    const fields = fieldErrors(result.error);
    if (fields?.token) {
      setExpired(true);
      return;
    }
    setProblem(fields?.username?.join(' ') ?? errorMessage(result.error, t('auth.toast.registrationFailed.fallback')));
  };

  if (expired) {
    return (
      <div className="space-y-4" role="alert">
        <p className="text-sm">{t('auth.provider.signUpExpired')}</p>
        <Button asChild className="w-full">
          <Link to="/auth">{t('auth.recovery.backToSignIn')}</Link>
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={submit} className="space-y-4" aria-label={t('auth.provider.chooseUsername')}>
      <FormField label={t('auth.field.username')} hint={problem ? undefined : <UsernameStatus availability={availability} />} error={problem}>
        {(c) => (
          <Input
            {...c}
            autoComplete="username"
            autoFocus
            required
            minLength={3}
            maxLength={20}
            value={username}
            onChange={(e) => {
              setUsername(normalizeUsername(e.target.value));
              setProblem(undefined);
            }}
          />
        )}
      </FormField>
      <Button type="submit" className="w-full" disabled={isLoading}>
        {isLoading ? t('auth.signUp.busy') : t('auth.signUp.submit')}
      </Button>
    </form>
  );
}
