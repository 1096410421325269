import { ModerationErrorCode } from '@app/contracts/browser';
import { useId, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/toast-store';
import { useText } from '@/i18n/use-text';
import { errorBody, errorMessage } from '@/lib/errors';
import { useLoginMutation } from '../api/auth-api';
import type { CaptchaState } from '../hooks/use-captcha';
import { CaptchaField } from './captcha-field';
import { PasskeySignIn } from './passkey-sign-in';
import { PasswordInput } from './password-input';
import { TwoStepSignIn } from './two-step-sign-in';

export type SignInFormProps = {
  captcha: CaptchaState;
  /** Remember me: the screen keeps it, so a provider's sign-in follows the same box. */
  rememberMe: boolean;
  onRememberMeChange: (rememberMe: boolean) => void;
};

export function SignInForm({ captcha, rememberMe, onRememberMeChange }: SignInFormProps) {
  const id = useId();
  const [, navigate] = useLocation();
  const [login, { isLoading }] = useLoginMutation();
  const t = useText();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  /** A suspension or ban stays in view, with its end, while the toast goes. */
  const [sanction, setSanction] = useState<string | null>(null);
  /** Set once the password was right on an account with two-step sign-in: the code comes next. */
  const [challenge, setChallenge] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!captcha.token) {
      toast({ variant: 'destructive', title: t('auth.toast.captchaRequired.title'), description: t('auth.toast.captchaRequired.description') });
      return;
    }
    const result = await login({ email: email.trim(), password, rememberMe, captchaResponse: captcha.token });
    if ('error' in result) {
      captcha.reset();
      const code = errorBody(result.error)?.code;
      setSanction(code === ModerationErrorCode.AccountSuspended || code === ModerationErrorCode.AccountBanned ? errorMessage(result.error, '') : null);
      toast({
        variant: 'destructive',
        title: t('auth.toast.loginFailed.title'),
        description: errorMessage(result.error, t('auth.toast.loginFailed.fallback')),
      });
      return;
    }
    if ('twoStepRequired' in result.data) {
      setChallenge(result.data.challenge);
      return;
    }
    navigate('/');
  };

  if (challenge) {
    return (
      <TwoStepSignIn
        challenge={challenge}
        onSignedIn={() => navigate('/')}
        onRestart={(message) => {
          setChallenge(null);
          captcha.reset();
          if (message) toast({ variant: 'destructive', title: t('auth.toast.loginFailed.title'), description: message });
        }}
      />
    );
  }

  return (
    <form onSubmit={submit} className="space-y-4" aria-label={t('auth.tab.signIn')}>
      <FormField label={t('auth.field.emailOrUsername')}>
        {(c) => <Input {...c} autoComplete="username webauthn" required value={email} onChange={(e) => setEmail(e.target.value)} placeholder="you@example.com" />}
      </FormField>
      <FormField label={t('auth.field.password')}>
        {(c) => <PasswordInput {...c} autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />}
      </FormField>
      <div className="flex items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <Checkbox id={`${id}-remember`} checked={rememberMe} onCheckedChange={(v) => onRememberMeChange(v === true)} />
          <Label htmlFor={`${id}-remember`} className="font-normal">
            {t('auth.rememberMe')}
          </Label>
        </div>
        <Button variant="link" size="sm" className="h-auto" asChild>
          <Link to="/forgot-password">{t('auth.forgotPassword')}</Link>
        </Button>
      </div>
      {sanction ? (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-2 text-sm text-destructive">
          {sanction}
        </p>
      ) : null}
      <CaptchaField captcha={captcha} />
      <Button type="submit" className="w-full" disabled={isLoading}>
        {isLoading ? t('auth.signIn.busy') : t('auth.signIn.submit')}
      </Button>
      <PasskeySignIn login={email} rememberMe={rememberMe} onSignedIn={() => navigate('/')} />
    </form>
  );
}
