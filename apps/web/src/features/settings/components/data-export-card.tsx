import { Download, FileArchive } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { LoadFailed } from '@/components/load-failed';
import { SectionCard } from '@/components/ui/section-card';
import { useFormatLocale, useText } from '@/i18n/use-text';
import { errorBody, errorStatus } from '@/lib/errors';
import { formatDate } from '@/lib/format';
import { useAskDataExportMutation, useDataExportStatusQuery } from '../api/data-export-api';

/** While an export is being made, its state is asked for this often. */
const POLL_MS = 5_000;

/**
 * Settings' "Your data": asks for a zip of everything the account holds, follows it while it is
 * made, then offers its link until it expires. One a day: until then the card says when.
 */
export function DataExportCard() {
  const t = useText();
  const locale = useFormatLocale();
  const [pollMs, setPollMs] = useState(0);
  const status = useDataExportStatusQuery(undefined, { pollingInterval: pollMs });
  const [ask, { isLoading: asking }] = useAskDataExportMutation();
  const [askError, setAskError] = useState<string | null>(null);
  const state = status.data?.state;
  const nextAskAt = status.data?.nextAskAt ?? null;
  useEffect(() => setPollMs(state === 'asked' ? POLL_MS : 0), [state]);

  const askForExport = async () => {
    setAskError(null);
    const result = await ask();
    if (!('error' in result)) return;
    const next = errorBody(result.error)?.nextAskAt;
    setAskError(
      errorStatus(result.error) === 429 && typeof next === 'string'
        ? t('settings.export.nextAsk', { date: formatDate(next, locale, { time: true }) })
        : t('settings.export.askFailed'),
    );
  };

  return (
    <SectionCard titleId="data-export-title" title={t('settings.export.title')} icon={FileArchive} description={t('settings.export.description')}>
      {status.isLoading ? (
        <p className="mt-4 text-sm text-muted-foreground" role="status">
          {t('settings.export.loading')}
        </p>
      ) : status.isError || !status.data ? (
        <LoadFailed className="mt-4" message={t('settings.export.loadFailed')} retryLabel={t('settings.export.retry')} onRetry={() => void status.refetch()} />
      ) : (
        <div className="mt-4 space-y-3" aria-live="polite">
          {state === 'asked' ? (
            <p className="text-sm" role="status" data-testid="export-state">
              {t('settings.export.asked')}
            </p>
          ) : null}
          {state === 'ready' && status.data.downloadUrl && status.data.expiresAt ? (
            <div className="space-y-2" data-testid="export-state">
              <p className="text-sm font-medium">{t('settings.export.ready')}</p>
              <Button asChild className="w-full sm:w-auto">
                <a href={status.data.downloadUrl} download>
                  <Download className="h-4 w-4" aria-hidden />
                  {t('settings.export.download')}
                </a>
              </Button>
              <p className="text-xs text-muted-foreground">{t('settings.export.until', { date: formatDate(status.data.expiresAt, locale, { time: true }) })}</p>
            </div>
          ) : null}
          {state === 'failed' ? (
            <p className="text-sm text-destructive" data-testid="export-state">
              {t('settings.export.failed')}
            </p>
          ) : null}
          {state === 'expired' ? (
            <p className="text-sm text-muted-foreground" data-testid="export-state">
              {t('settings.export.expired')}
            </p>
          ) : null}
          {nextAskAt && state !== 'asked' ? (
            <p className="text-xs text-muted-foreground">{t('settings.export.nextAsk', { date: formatDate(nextAskAt, locale, { time: true }) })}</p>
          ) : null}
          {!nextAskAt && state !== 'asked' ? (
            <Button className="w-full sm:w-auto" variant="outline" disabled={asking} onClick={() => void askForExport()}>
              {asking ? t('settings.export.asking') : t('settings.export.ask')}
            </Button>
          ) : null}
          {askError ? (
            <p className="text-sm text-destructive" role="alert">
              {askError}
            </p>
          ) : null}
        </div>
      )}
    </SectionCard>
  );
}
