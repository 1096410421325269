import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { errorMessage, fieldErrors, wordField } from '@/lib/errors';
import { useResetPasswordMutation } from '../api/recovery-api';
import { RECOVERY_TEXT } from '../recovery-copy';
import { PasswordInput } from './password-input';

export type ResetPasswordFormProps = { token: string };

type Problems = { password?: string[]; confirmPassword?: string[]; form?: string };

/** Sets a new password with the token from the mail; the server's field messages are shown under their fields. */
export function ResetPasswordForm({ token }: ResetPasswordFormProps) {
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [done, setDone] = useState<string | null>(null);

  if (!token) return <LinkProblem message={RECOVERY_TEXT.missingResetToken} />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password !== confirmPassword) {
      setProblems({ confirmPassword: [RECOVERY_TEXT.passwordMismatch] });
      return;
    }
    setProblems({});
    const result = await resetPassword({ token, password, confirmPassword });
    if ('error' in result) {
      const fields = fieldErrors(result.error) ?? {};
      const form = fields.token?.[0] ?? (fields.password || fields.confirmPassword ? undefined : errorMessage(result.error, RECOVERY_TEXT.failed));
      setProblems({ password: fields.password, confirmPassword: fields.confirmPassword, form });
      return;
    }
    setDone(wordField(result.data.messageCode, result.data.message));
  };

  if (done) {
    return (
      <div className="space-y-4">
        <p role="status" className="rounded-md bg-muted p-3 text-sm">
          {done}
        </p>
        <Button asChild className="w-full">
          <Link to="/auth">{RECOVERY_TEXT.signIn}</Link>
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={submit} className="space-y-4" aria-label={RECOVERY_TEXT.resetTitle} noValidate>
      <FormField label={RECOVERY_TEXT.newPassword} error={problems.password}>
        {(c) => <PasswordInput {...c} autoComplete="new-password" required value={password} onChange={(e) => setPassword(e.target.value)} />}
      </FormField>
      <FormField label={RECOVERY_TEXT.confirmPassword} error={problems.confirmPassword}>
        {(c) => <PasswordInput {...c} autoComplete="new-password" required value={confirmPassword} onChange={(e) => setConfirmPassword(e.target.value)} />}
      </FormField>
      {problems.form ? <LinkProblem message={problems.form} /> : null}
      <Button type="submit" className="w-full" disabled={isLoading || !password}>
        {isLoading ? RECOVERY_TEXT.saving : RECOVERY_TEXT.savePassword}
      </Button>
    </form>
  );
}

function LinkProblem({ message }: { message: string }) {
  return (
    <div role="alert" className="space-y-1 rounded-md border border-destructive/40 p-3 text-sm text-destructive">
      <p>{message}</p>
      <Link to="/forgot-password" className="font-medium underline">
        {RECOVERY_TEXT.askNewLink}
      </Link>
    </div>
  );
}
