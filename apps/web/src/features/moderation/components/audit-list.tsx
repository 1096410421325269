import type { AuditEntryDto } from '@app/contracts';
import { useGetAuditQuery } from '../api/moderation-desk-api';
import { DESK_TEXT as T } from '../moderation-copy';
import { useFormatLocale } from '@/i18n/use-text';
import { formatDate } from '@/lib/format';

export type AuditListProps = { entries: AuditEntryDto[] };

/** Who did what to whom, when and why, newest first. */
export function AuditList({ entries }: AuditListProps) {
  const locale = useFormatLocale();
  if (!entries.length) return <p className="text-sm text-muted-foreground">{T.noAudit}</p>;
  return (
    <ol className="divide-y rounded-lg border text-sm wrap-anywhere" aria-label={T.tabs.audit}>
      {entries.map((entry) => (
        <li key={entry.id} className="space-y-0.5 p-3">
          <p className="font-medium">{T.auditLine(entry.actor.username, T.actionNames[entry.action], entry.target?.username ?? '')}</p>
          <p>{entry.reason}</p>
          <p className="text-xs text-muted-foreground">
            {formatDate(entry.createdAt, locale, { time: true })}
            {entry.details.endsAt ? ` · ${T.until} ${formatDate(entry.details.endsAt, locale, { time: true })}` : ''}
            {entry.details.message ? ` · “${entry.details.message.content}”` : ''}
          </p>
        </li>
      ))}
    </ol>
  );
}

/** The whole audit list, as the desk's tab shows it. */
export function AuditLog() {
  const { data, isLoading } = useGetAuditQuery(undefined, { refetchOnMountOrArgChange: true });
  if (isLoading) return <p role="status" className="text-sm text-muted-foreground">{T.loading}</p>;
  return <AuditList entries={data ?? []} />;
}
