import { CheckCircle2, Loader2, XCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { errorMessage, fieldErrors } from '@/lib/errors';
import { useVerifyEmailMutation } from '../api/recovery-api';
import { RECOVERY_TEXT } from '../recovery-copy';

export type VerifyEmailStatusProps = { token: string };

/** message: the server's words; none for a link without its token, worded in the language spoken. */
type Outcome = { state: 'pending' } | { state: 'verified' } | { state: 'failed'; message?: string };

/** Sends the mail's token once, as the page opens, and says how it went. */
export function VerifyEmailStatus({ token }: VerifyEmailStatusProps) {
  const [verifyEmail] = useVerifyEmailMutation();
  const [outcome, setOutcome] = useState<Outcome>(token ? { state: 'pending' } : { state: 'failed' });
  // A link works once: an effect run twice (development's strict mode) must not spend it twice.
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    if (!token || sentFor.current === token) return;
    sentFor.current = token;
    void verifyEmail({ token }).then((result) => {
      if ('error' in result) {
        const field = fieldErrors(result.error)?.token?.[0];
        setOutcome({ state: 'failed', message: field ?? errorMessage(result.error, RECOVERY_TEXT.missingVerifyToken) });
      } else {
        setOutcome({ state: 'verified' });
      }
    });
  }, [token, verifyEmail]);

  if (outcome.state === 'pending') {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> {RECOVERY_TEXT.verifying}
      </p>
    );
  }
  return (
    <div className="space-y-4">
      {outcome.state === 'verified' ? (
        <p role="status" className="flex items-center gap-2 text-sm text-emerald-700 dark:text-emerald-400">
          <CheckCircle2 className="h-5 w-5 shrink-0" aria-hidden /> {RECOVERY_TEXT.verified}
        </p>
      ) : (
        <p role="alert" className="flex items-center gap-2 text-sm text-destructive">
          <XCircle className="h-5 w-5 shrink-0" aria-hidden /> {outcome.message ?? RECOVERY_TEXT.missingVerifyToken}
        </p>
      )}
      <Button asChild className="w-full">
        <Link to="/">{RECOVERY_TEXT.continue}</Link>
      </Button>
    </div>
  );
}
