import { REPORT_REASONS } from '@app/contracts/browser';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/section-card';
import { useGetModerationStatusQuery, useGetMyReportsQuery, useReadNoticesMutation } from '../api/reports-api';
import { noticeText, outcomeText, REPORT_TEXT } from '../report-copy';
import { useFormatLocale } from '@/i18n/use-text';
import { formatDate } from '@/lib/format';

/** What the moderators told this person: warnings, mutes, and the outcome of their reports. */
export function ModerationNotices() {
  const locale = useFormatLocale();
  const { data } = useGetModerationStatusQuery(undefined, { refetchOnMountOrArgChange: true });
  const [readNotices] = useReadNoticesMutation();
  const notices = data?.notices ?? [];
  const newest = notices.reduce((max, n) => Math.max(max, n.id), 0);
  const unread = notices.some((n) => !n.read);
  return (
    <SectionCard
      titleId="moderation-notices"
      title={REPORT_TEXT.notices}
      action={
        unread ? (
          <Button size="sm" variant="ghost" onClick={() => void readNotices(newest)}>
            {REPORT_TEXT.markRead}
          </Button>
        ) : null
      }
    >
      {data?.mute ? <p className="mt-2 text-sm font-medium text-destructive">{REPORT_TEXT.mutedUntil(formatDate(data.mute.endsAt, locale, { time: true }))}</p> : null}
      {notices.length ? (
        <ul className="mt-3 divide-y" aria-label={REPORT_TEXT.notices}>
          {notices.map((notice) => (
            <li key={notice.id} className="py-2 text-sm" data-unread={!notice.read || undefined}>
              <p className={notice.read ? undefined : 'font-semibold'}>{noticeText(notice)}</p>
              {notice.reason ? <p className="text-muted-foreground">{notice.reason}</p> : null}
              <p className="text-xs text-muted-foreground">{formatDate(notice.createdAt, locale, { time: true })}</p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-muted-foreground">{REPORT_TEXT.noNotices}</p>
      )}
    </SectionCard>
  );
}

/** The reports this person sent, newest first, each with its outcome once decided. */
export function MyReports() {
  const locale = useFormatLocale();
  const { data } = useGetMyReportsQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <SectionCard titleId="my-reports" title={REPORT_TEXT.myReports}>
      {data?.length ? (
        <ul className="mt-3 divide-y" aria-label={REPORT_TEXT.myReports}>
          {data.map((report) => (
            <li key={report.id} className="py-2 text-sm">
              <p className="font-medium wrap-anywhere">{report.targetLabel}</p>
              <p className="text-xs text-muted-foreground">
                {REPORT_REASONS[report.reason]} · {formatDate(report.createdAt, locale, { time: true })}
              </p>
              <p className={report.outcome ? 'mt-1' : 'mt-1 text-muted-foreground'}>{report.outcome ? outcomeText(report.outcome) : REPORT_TEXT.open}</p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-muted-foreground">{REPORT_TEXT.noReports}</p>
      )}
    </SectionCard>
  );
}
