import { CheckCircle2, RefreshCw, XCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { MEDIA_SERVICE, useGetSystemHealthQuery } from '../api/media-api';
import { MEDIA_TEXT } from '../media-copy';
import type { DependencyHealth, SystemHealth } from '../types';
import { useFormatLocale } from '@/i18n/use-text';
import { formatTime } from '@/lib/format';

interface StatusRow {
  name: string;
  /** undefined: no report about it arrived. */
  health?: DependencyHealth;
}

/** What the upload screens depend on, from the system's own health report. */
function rowsOf(report: SystemHealth): StatusRow[] {
  const media = report.services?.[MEDIA_SERVICE];
  const mediaReport = media && 'dependencies' in media ? media : undefined;
  return [
    { name: MEDIA_TEXT.statusGateway, health: { ok: report.gateway?.ok ?? report.ok } },
    {
      name: MEDIA_TEXT.statusMediaService,
      health: media ? { ok: media.ok, error: 'error' in media ? media.error : undefined } : undefined,
    },
    { name: MEDIA_TEXT.statusStorage, health: mediaReport?.dependencies.storage },
    { name: MEDIA_TEXT.statusDatabase, health: mediaReport?.dependencies.postgres },
  ];
}

export type IntegrationStatusProps = { className?: string };

/** The media service and its storage as the running system reports them, checked when asked. */
export function IntegrationStatus({ className }: IntegrationStatusProps) {
  const { data, isFetching, isError, refetch, fulfilledTimeStamp } = useGetSystemHealthQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const locale = useFormatLocale();

  return (
    <Card className={cn('p-4', className)} aria-labelledby="integration-status-title">
      <div className="flex items-center justify-between gap-2">
        <h2 id="integration-status-title" className="font-semibold">
          {MEDIA_TEXT.statusTitle}
        </h2>
        <Button variant="ghost" size="sm" onClick={() => void refetch()} disabled={isFetching}>
          <RefreshCw className={cn('h-4 w-4', isFetching && 'animate-spin')} aria-hidden />
          {isFetching ? MEDIA_TEXT.statusChecking : MEDIA_TEXT.statusRefresh}
        </Button>
      </div>

      {isError && !isFetching ? (
        <p className="mt-3 text-sm text-destructive" role="alert">
          {MEDIA_TEXT.statusUnreachable}
        </p>
      ) : null}
      {!data && isFetching ? <p className="mt-3 text-sm text-muted-foreground">{MEDIA_TEXT.statusChecking}</p> : null}

      {data && !isError ? (
        <>
          <ul className="mt-3 divide-y" aria-label={MEDIA_TEXT.statusTitle}>
            {rowsOf(data).map((row) => (
              <StatusLine key={row.name} row={row} />
            ))}
          </ul>
          {fulfilledTimeStamp ? (
            <p className="mt-2 text-xs text-muted-foreground">{MEDIA_TEXT.statusChecked(formatTime(fulfilledTimeStamp, locale, { seconds: true }))}</p>
          ) : null}
        </>
      ) : null}
    </Card>
  );
}

function StatusLine({ row }: { row: StatusRow }) {
  const state = row.health === undefined ? MEDIA_TEXT.statusNoReport : row.health.ok ? MEDIA_TEXT.statusOk : MEDIA_TEXT.statusDown;
  const ok = row.health?.ok === true;
  return (
    <li className="flex items-start justify-between gap-3 py-2 text-sm" data-testid="integration-status-row">
      <span className="min-w-0">
        <span className="font-medium">{row.name}</span>
        {row.health?.error ? <span className="block break-words text-xs text-muted-foreground">{row.health.error}</span> : null}
      </span>
      <span className={cn('flex shrink-0 items-center gap-1', ok ? 'text-green-700 dark:text-green-400' : 'text-destructive')}>
        {ok ? <CheckCircle2 className="h-4 w-4" aria-hidden /> : <XCircle className="h-4 w-4" aria-hidden />}
        {state}
        {ok && row.health?.latencyMs !== undefined ? (
          <span className="text-xs text-muted-foreground tabular-nums">{row.health.latencyMs} ms</span>
        ) : null}
      </span>
    </li>
  );
}
