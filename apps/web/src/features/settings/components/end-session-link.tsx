import { CheckCircle2, XCircle } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { useText } from '@/i18n/use-text';
import { errorMessage, fieldErrors } from '@/lib/errors';
import { useEndSessionByLinkMutation } from '../api/sessions-api';

export type EndSessionLinkProps = { token: string };

type Outcome = { state: 'ready' } | { state: 'ended'; wasLive: boolean } | { state: 'failed'; message: string };

/**
 * The page of the link in a new-device mail. It asks before it acts: mail scanners open links,
 * and the link works once. No sign-in needed; only the session the mail was about ends.
 */
export function EndSessionLink({ token }: EndSessionLinkProps) {
  const t = useText();
  const [endByLink, { isLoading }] = useEndSessionByLinkMutation();
  const [outcome, setOutcome] = useState<Outcome>(token ? { state: 'ready' } : { state: 'failed', message: t('settings.sessions.link.missing') });

  const confirm = async () => {
    const result = await endByLink({ token });
    if ('error' in result) {
      const field = fieldErrors(result.error)?.token?.[0];
      setOutcome({ state: 'failed', message: field ?? errorMessage(result.error, t('settings.sessions.link.failed')) });
    } else {
      setOutcome({ state: 'ended', wasLive: result.data.ended });
    }
  };

  if (outcome.state === 'ready') {
    return (
      <div className="space-y-4">
        <p className="text-sm text-muted-foreground">{t('settings.sessions.link.body')}</p>
        <Button className="w-full" variant="destructive" disabled={isLoading} onClick={() => void confirm()}>
          {isLoading ? t('settings.sessions.link.working') : t('settings.sessions.link.confirm')}
        </Button>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      {outcome.state === 'ended' ? (
        <p role="status" className="flex items-center gap-2 text-sm text-emerald-700 dark:text-emerald-400">
          <CheckCircle2 className="h-5 w-5 shrink-0" aria-hidden /> {t(outcome.wasLive ? 'settings.sessions.link.done' : 'settings.sessions.link.gone')}
        </p>
      ) : (
        <p role="alert" className="flex items-center gap-2 text-sm text-destructive">
          <XCircle className="h-5 w-5 shrink-0" aria-hidden /> {outcome.message}
        </p>
      )}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button asChild className="flex-1">
          <Link to="/forgot-password">{t('settings.sessions.link.changePassword')}</Link>
        </Button>
        <Button asChild variant="outline" className="flex-1">
          <Link to="/settings">{t('settings.sessions.link.settings')}</Link>
        </Button>
      </div>
    </div>
  );
}
