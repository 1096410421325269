import { CheckCircle2, Loader2, XCircle } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/toast-store';
// Lingui's Trans without its React context (the package files it under server/): the component
// reads the language itself (useText), so no provider is needed around the app or a test's part.
import { TransNoContext } from '@lingui/react/server';
import { i18n } from '@/i18n/i18n';
import { useText } from '@/i18n/use-text';
import { errorMessage } from '@/lib/errors';
import { useRegisterMutation } from '../api/auth-api';
import type { CaptchaState } from '../hooks/use-captcha';
import { normalizeUsername, useUsernameAvailability, type UsernameAvailability } from '../hooks/use-username-availability';
import { CaptchaField } from './captcha-field';
import { PasswordInput } from './password-input';

export type SignUpFormProps = { captcha: CaptchaState };

export function SignUpForm({ captcha }: SignUpFormProps) {
  const id = useId();
  const [, navigate] = useLocation();
  const [register, { isLoading }] = useRegisterMutation();
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [acceptedTerms, setAcceptedTerms] = useState(false);
  const availability = useUsernameAvailability(username);
  const t = useText();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!captcha.token) {
      toast({ variant: 'destructive', title: t('auth.toast.captchaRequired.title'), description: t('auth.toast.captchaRequired.description') });
      return;
    }
    if (password !== confirmPassword) {
      toast({ variant: 'destructive', title: t('auth.toast.passwordMismatch.title'), description: t('auth.toast.passwordMismatch.description') });
      return;
    }
    if (!acceptedTerms) {
      toast({ variant: 'destructive', title: t('auth.toast.termsRequired.title'), description: t('auth.toast.termsRequired.description') });
      return;
    }
    const result = await register({
      username,
      email: email.trim(),
      password,
      confirmPassword,
      rememberMe,
      captchaResponse: captcha.token,
    });
    if ('error' in result) {
      captcha.reset();
      toast({
        variant: 'destructive',
        title: t('auth.toast.registrationFailed.title'),
        description: errorMessage(result.error, t('auth.toast.registrationFailed.fallback')),
      });
      return;
    }
    navigate('/');
  };

  return (
    <form onSubmit={submit} className="space-y-4" aria-label={t('auth.tab.signUp')}>
      <FormField label={t('auth.field.username')} hint={<UsernameStatus availability={availability} />}>
        {(c) => (
          <Input
            {...c}
            autoComplete="username"
            required
            minLength={3}
            maxLength={20}
            value={username}
            onChange={(e) => setUsername(normalizeUsername(e.target.value))}
          />
        )}
      </FormField>
      <FormField label={t('auth.field.email')}>
        {(c) => (
          <Input {...c} type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} placeholder="you@example.com" />
        )}
      </FormField>
      <FormField label={t('auth.field.password')}>
        {(c) => <PasswordInput {...c} autoComplete="new-password" required value={password} onChange={(e) => setPassword(e.target.value)} />}
      </FormField>
      <FormField label={t('auth.field.confirmPassword')}>
        {(c) => (
          <PasswordInput {...c} autoComplete="new-password" required value={confirmPassword} onChange={(e) => setConfirmPassword(e.target.value)} />
        )}
      </FormField>
      <div className="flex items-center gap-2">
        <Checkbox id={`${id}-remember`} checked={rememberMe} onCheckedChange={(v) => setRememberMe(v === true)} />
        <Label htmlFor={`${id}-remember`} className="font-normal">
          {t('auth.rememberMe')}
        </Label>
      </div>
      <div className="flex items-start gap-2">
        <Checkbox
          id={`${id}-terms`}
          className="mt-0.5"
          checked={acceptedTerms}
          onCheckedChange={(v) => setAcceptedTerms(v === true)}
        />
        <Label htmlFor={`${id}-terms`} className="leading-snug font-normal">
          {/* Plain links: they open a new tab, so the form being filled in stays as it is. */}
          <TransNoContext
            id="auth.terms"
            lingui={{ i18n }}
            components={{
              0: <a href="/terms-of-use" className="text-primary underline" target="_blank" rel="noopener" />,
              1: <a href="/privacy-policy" className="text-primary underline" target="_blank" rel="noopener" />,
            }}
          />
        </Label>
      </div>
      <CaptchaField captcha={captcha} />
      <Button type="submit" className="w-full" disabled={isLoading}>
        {isLoading ? t('auth.signUp.busy') : t('auth.signUp.submit')}
      </Button>
    </form>
  );
}

/** Whether the name typed is free, as the server says; the naming rule while nothing is typed. */
export function UsernameStatus({ availability }: { availability: UsernameAvailability }) {
  const t = useText();
  return (
    <span className="flex items-center gap-1" aria-live="polite">
      {availability === 'checking' ? (
        <>
          <Loader2 className="h-3 w-3 animate-spin" aria-hidden /> {t('auth.username.checking')}
        </>
      ) : availability === 'available' ? (
        <span className="flex items-center gap-1 text-green-700 dark:text-green-400">
          <CheckCircle2 className="h-3 w-3" aria-hidden /> {t('auth.username.available')}
        </span>
      ) : availability === 'taken' ? (
        <span className="flex items-center gap-1 text-destructive">
          <XCircle className="h-3 w-3" aria-hidden /> {t('auth.username.taken')}
        </span>
      ) : (
        t('auth.username.hint')
      )}
    </span>
  );
}
