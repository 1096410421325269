import type { ModerationReportDto } from '@app/contracts';
import { REPORT_REASONS } from '@app/contracts/browser';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DESK_TEXT as T } from '../moderation-copy';
import { ActionDialog, type ActionTarget, type ModerationActionKind } from './action-dialog';
import { EvidenceView } from './evidence-view';
import { useFormatLocale } from '@/i18n/use-text';
import { formatDate } from '@/lib/format';

export type ReportDetailProps = { report: ModerationReportDto };

/** The actions that fit what was reported: a message can be deleted, a room too; a person can be sanctioned. */
function actionsFor(report: ModerationReportDto): ModerationActionKind[] {
  const onPerson: ModerationActionKind[] = report.subject && report.subject.role !== 'moderator' ? ['warn', 'mute', 'suspend', 'ban'] : [];
  const onThing: ModerationActionKind[] = report.targetType === 'message' ? ['delete_message'] : report.targetType === 'room' ? ['delete_room'] : [];
  return ['dismiss', ...onThing, ...onPerson];
}

/** One report: who, why, the frozen evidence, and the actions, each taken with a reason. */
export function ReportDetail({ report }: ReportDetailProps) {
  const locale = useFormatLocale();
  const [acting, setActing] = useState<ActionTarget | null>(null);
  const open = report.status === 'open';
  const subject = report.subject;

  const targetOf = (action: ModerationActionKind): ActionTarget => {
    const base = { action, reportId: report.id };
    if (action === 'delete_message') return { ...base, messageId: report.targetId, label: report.targetLabel };
    if (action === 'delete_room') return { ...base, roomId: report.targetId, label: report.targetLabel };
    if (action === 'dismiss') return { ...base, label: report.targetLabel };
    return { ...base, userId: subject?.id, label: subject?.username ?? report.targetLabel };
  };

  return (
    <Card className="space-y-3 p-4 wrap-anywhere" aria-label={report.targetLabel} role="region">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold">{report.targetLabel}</h3>
        <Badge variant={open ? 'default' : 'secondary'}>{T.statuses[report.status]}</Badge>
        {report.openReportsOnTarget > 1 ? <span className="text-xs text-muted-foreground">{T.otherOpen(report.openReportsOnTarget)}</span> : null}
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted-foreground">{T.reasonLabel}</dt>
        <dd>{REPORT_REASONS[report.reason]}</dd>
        {report.note ? (
          <>
            <dt className="text-muted-foreground">{T.note}</dt>
            <dd>{report.note}</dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">{T.reportedBy}</dt>
        <dd>
          {report.reporter.username} · {formatDate(report.createdAt, locale, { time: true })}
        </dd>
        {subject ? (
          <>
            <dt className="text-muted-foreground">{T.subject}</dt>
            <dd>
              {subject.username} ({subject.role})
            </dd>
          </>
        ) : null}
      </dl>
      <EvidenceView evidence={report.evidence} />
      {report.resolution ? (
        <p className="text-sm text-muted-foreground">
          {T.resolvedBy(T.actionNames[report.resolution.action], report.resolution.by.username, formatDate(report.resolution.at, locale, { time: true }))}
        </p>
      ) : null}
      {open ? (
        <div className="flex flex-wrap gap-2">
          {actionsFor(report).map((action) => (
            <Button key={action} size="sm" variant={action === 'dismiss' ? 'outline' : action === 'ban' ? 'destructive' : 'secondary'} onClick={() => setActing(targetOf(action))}>
              {T.actions[action]}
            </Button>
          ))}
        </div>
      ) : null}
      <ActionDialog target={acting} onClose={() => setActing(null)} />
    </Card>
  );
}
