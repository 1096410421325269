import type { ReportStatus, ReportTargetType } from '@app/contracts';
import { REPORT_REASONS, REPORT_TARGET_TYPES } from '@app/contracts/browser';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useGetReportsQueueQuery } from '../api/moderation-desk-api';
import { DESK_TEXT as T } from '../moderation-copy';
import { ReportDetail } from './report-detail';
import { useFormatLocale } from '@/i18n/use-text';
import { formatDate } from '@/lib/format';

const SELECT = 'h-9 rounded-md border bg-background px-2 text-sm';

/** Open reports first, oldest first (the server's order), with a filter by kind; one opens beside the list. */
export function ReportsQueue() {
  const locale = useFormatLocale();
  const [kind, setKind] = useState<ReportTargetType | ''>('');
  const [status, setStatus] = useState<ReportStatus>('open');
  const [selected, setSelected] = useState<number | null>(null);
  const { data, isLoading, isError, refetch } = useGetReportsQueueQuery({ status, ...(kind ? { kind } : {}) }, { refetchOnMountOrArgChange: true });
  const current = data?.find((r) => r.id === selected) ?? null;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-xs font-medium">
          {T.kindFilter}
          <select className={SELECT} value={kind} onChange={(e) => setKind(e.target.value as ReportTargetType | '')}>
            <option value="">{T.allKinds}</option>
            {REPORT_TARGET_TYPES.map((k) => (
              <option key={k} value={k}>
                {T.kinds[k]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-xs font-medium">
          {T.statusFilter}
          <select className={SELECT} value={status} onChange={(e) => setStatus(e.target.value as ReportStatus)}>
            <option value="open">{T.statuses.open}</option>
            <option value="resolved">{T.statuses.resolved}</option>
          </select>
        </label>
      </div>
      {isLoading ? (
        <p role="status" className="text-sm text-muted-foreground">
          {T.loading}
        </p>
      ) : isError ? (
        <div role="alert" className="text-sm">
          {T.failed}{' '}
          <Button size="sm" variant="link" onClick={() => void refetch()}>
            {T.open}
          </Button>
        </div>
      ) : !data?.length ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">{T.queueEmpty}</p>
      ) : (
        <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <ul className="space-y-2" aria-label={T.tabs.reports}>
            {data.map((report) => (
              <li key={report.id}>
                <button
                  type="button"
                  onClick={() => setSelected(report.id)}
                  aria-current={report.id === selected || undefined}
                  className={cn('w-full rounded-lg border p-3 text-left text-sm hover:bg-muted', report.id === selected && 'border-primary bg-muted')}
                >
                  <span className="block font-medium wrap-anywhere">{report.targetLabel}</span>
                  <span className="block text-xs text-muted-foreground">
                    {REPORT_REASONS[report.reason]} · {report.reporter.username} · {formatDate(report.createdAt, locale, { time: true })}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          <div>{current ? <ReportDetail report={current} /> : null}</div>
        </div>
      )}
    </div>
  );
}
