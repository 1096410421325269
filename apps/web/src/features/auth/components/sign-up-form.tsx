import { CheckCircle2, Loader2, XCircle } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage } from '../../../lib/errors';
import { useRegisterMutation } from '../api/auth-api';
import { AUTH_TEXT, AUTH_TOASTS } from '../auth-strings';
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

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!captcha.token) {
      toast({ variant: 'destructive', ...AUTH_TOASTS.captchaRequired });
      return;
    }
    if (password !== confirmPassword) {
      toast({ variant: 'destructive', ...AUTH_TOASTS.passwordMismatch });
      return;
    }
    if (!acceptedTerms) {
      toast({ variant: 'destructive', ...AUTH_TOASTS.termsRequired });
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
        title: AUTH_TOASTS.registrationFailed.title,
        description: errorMessage(result.error, AUTH_TOASTS.registrationFailed.fallback),
      });
      return;
    }
    navigate('/');
  };

  return (
    <form onSubmit={submit} className="space-y-4" aria-label={AUTH_TEXT.signUpTab}>
      <FormField label={AUTH_TEXT.username} hint={<UsernameStatus availability={availability} />}>
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
      <FormField label={AUTH_TEXT.email}>
        {(c) => (
          <Input {...c} type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} placeholder="you@example.com" />
        )}
      </FormField>
      <FormField label={AUTH_TEXT.password}>
        {(c) => <PasswordInput {...c} autoComplete="new-password" required value={password} onChange={(e) => setPassword(e.target.value)} />}
      </FormField>
      <FormField label={AUTH_TEXT.confirmPassword}>
        {(c) => (
          <PasswordInput {...c} autoComplete="new-password" required value={confirmPassword} onChange={(e) => setConfirmPassword(e.target.value)} />
        )}
      </FormField>
      <div className="flex items-center gap-2">
        <Checkbox id={`${id}-remember`} checked={rememberMe} onCheckedChange={(v) => setRememberMe(v === true)} />
        <Label htmlFor={`${id}-remember`} className="font-normal">
          {AUTH_TEXT.rememberMe}
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
          {AUTH_TEXT.termsPrefix}{' '}
          <a href="/terms-of-use" className="text-primary underline" target="_blank" rel="noopener">
            {AUTH_TEXT.termsLink}
          </a>{' '}
          {AUTH_TEXT.termsAnd}{' '}
          <a href="/privacy-policy" className="text-primary underline" target="_blank" rel="noopener">
            {AUTH_TEXT.privacyLink}
          </a>
        </Label>
      </div>
      <CaptchaField captcha={captcha} />
      <Button type="submit" className="w-full" disabled={isLoading}>
        {isLoading ? AUTH_TEXT.signUpBusy : AUTH_TEXT.signUpButton}
      </Button>
    </form>
  );
}

/** Whether the name typed is free, as the server says; the naming rule while nothing is typed. */
function UsernameStatus({ availability }: { availability: UsernameAvailability }) {
  return (
    <span className="flex items-center gap-1" aria-live="polite">
      {availability === 'checking' ? (
        <>
          <Loader2 className="h-3 w-3 animate-spin" aria-hidden /> {AUTH_TEXT.usernameChecking}
        </>
      ) : availability === 'available' ? (
        <span className="flex items-center gap-1 text-green-700 dark:text-green-400">
          <CheckCircle2 className="h-3 w-3" aria-hidden /> {AUTH_TEXT.usernameAvailable}
        </span>
      ) : availability === 'taken' ? (
        <span className="flex items-center gap-1 text-destructive">
          <XCircle className="h-3 w-3" aria-hidden /> {AUTH_TEXT.usernameTaken}
        </span>
      ) : (
        AUTH_TEXT.usernameHint
      )}
    </span>
  );
}
