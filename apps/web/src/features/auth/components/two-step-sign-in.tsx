import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useText } from '@/i18n/use-text';
import { errorMessage, fieldErrors } from '@/lib/errors';
import { useCompleteTwoStepLoginMutation } from '../api/auth-api';

export type TwoStepSignInProps = {
  challenge: string;
  onSignedIn: () => void;
  /** Back to the password: also where an expired sign-in goes. */
  onRestart: (message?: string) => void;
};

/** The second step of a sign-in: the code from the authenticator app, or a recovery code. */
export function TwoStepSignIn({ challenge, onSignedIn, onRestart }: TwoStepSignInProps) {
  const t = useText();
  const [code, setCode] = useState('');
  const [complete, { isLoading }] = useCompleteTwoStepLoginMutation();
  const [problem, setProblem] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await complete({ challenge, code: code.trim() });
    if (!('error' in result)) {
      onSignedIn();
      return;
    }
    const fields = fieldErrors(result.error);
    if (fields?.challenge) {
      onRestart(fields.challenge.join(' '));
      return;
    }
    setProblem(fields?.code?.join(' ') ?? errorMessage(result.error, t('auth.toast.loginFailed.fallback')));
  };

  return (
    <form onSubmit={submit} className="space-y-4" aria-label={t('auth.twoStep.title')}>
      <h2 className="text-lg font-semibold">{t('auth.twoStep.title')}</h2>
      <p className="text-sm text-muted-foreground">{t('auth.twoStep.prompt')}</p>
      <FormField label={t('auth.twoStep.code')} error={problem}>
        {(c) => (
          <Input
            {...c}
            autoComplete="one-time-code"
            autoFocus
            required
            maxLength={32}
            value={code}
            onChange={(e) => {
              setCode(e.target.value);
              setProblem(undefined);
            }}
          />
        )}
      </FormField>
      <Button type="submit" className="w-full" disabled={isLoading}>
        {isLoading ? t('auth.twoStep.busy') : t('auth.twoStep.submit')}
      </Button>
      <Button type="button" variant="link" className="w-full" onClick={() => onRestart()}>
        {t('auth.twoStep.back')}
      </Button>
    </form>
  );
}
