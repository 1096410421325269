import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { errorMessage, fieldErrors, wordField } from '@/lib/errors';
import { useForgotPasswordMutation } from '../api/recovery-api';
import { RECOVERY_TEXT } from '../recovery-copy';

/** Asks for a reset link; the answer reads the same whether or not the address has an account. */
export function ForgotPasswordForm() {
  const [requestReset, { isLoading }] = useForgotPasswordMutation();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const result = await requestReset({ email: email.trim() });
    if ('error' in result) {
      const field = fieldErrors(result.error)?.email?.[0];
      setError(field ? { field, message: field } : { message: errorMessage(result.error, RECOVERY_TEXT.failed) });
      return;
    }
    setSent(wordField(result.data.messageCode, result.data.message));
  };

  if (sent) {
    return (
      <div className="space-y-4">
        <p role="status" className="rounded-md bg-muted p-3 text-sm">
          {sent}
        </p>
        <Button asChild variant="outline" className="w-full">
          <Link to="/auth">{RECOVERY_TEXT.backToSignIn}</Link>
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={submit} className="space-y-4" aria-label={RECOVERY_TEXT.forgotTitle} noValidate>
      <FormField label={RECOVERY_TEXT.email} error={error?.field}>
        {(c) => <Input {...c} type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} placeholder="you@example.com" />}
      </FormField>
      {error && !error.field ? (
        <p role="alert" className="text-sm text-destructive">
          {error.message}
        </p>
      ) : null}
      <Button type="submit" className="w-full" disabled={isLoading || !email.trim()}>
        {isLoading ? RECOVERY_TEXT.sending : RECOVERY_TEXT.sendLink}
      </Button>
      <Button asChild variant="link" size="sm" className="w-full">
        <Link to="/auth">{RECOVERY_TEXT.backToSignIn}</Link>
      </Button>
    </form>
  );
}
