import type { MessageSnapshot, ReportEvidence } from '@app/contracts';
import { cn } from '@/lib/cn';
import { DESK_TEXT as T } from '../moderation-copy';
import { useFormatLocale } from '@/i18n/use-text';
import { formatDate } from '@/lib/format';

export type EvidenceViewProps = { evidence: ReportEvidence; reportedMessageId?: number };

/** What the reporter saw, frozen when they reported it. */
export function EvidenceView({ evidence, reportedMessageId }: EvidenceViewProps) {
  const locale = useFormatLocale();
  const messages = evidence.context?.length ? evidence.context : evidence.message ? [evidence.message] : [];
  return (
    <section aria-label={T.evidence} className="space-y-3 rounded-lg border bg-muted/30 p-3 text-sm wrap-anywhere">
      <p className="text-xs text-muted-foreground">
        {T.evidence} · {T.capturedAt} {formatDate(evidence.capturedAt, locale, { time: true })}
      </p>
      {evidence.room ? (
        <div>
          <p className="font-medium">#{evidence.room.name}</p>
          {evidence.room.description ? <p className="text-muted-foreground">{evidence.room.description}</p> : null}
          {evidence.room.customRules ? <p className="text-muted-foreground">{evidence.room.customRules}</p> : null}
        </div>
      ) : null}
      {messages.length ? (
        <ol className="space-y-1" aria-label={T.context}>
          {messages.map((m) => (
            <SnapshotLine key={m.id} message={m} reported={m.id === (reportedMessageId ?? evidence.message?.id)} />
          ))}
        </ol>
      ) : null}
      {evidence.user ? (
        <p>
          <span className="font-medium">{evidence.user.username}</span> <span className="text-muted-foreground">({evidence.user.role})</span>
        </p>
      ) : null}
      {evidence.seller ? (
        <div>
          <p className="font-medium">{evidence.seller.displayName}</p>
          <p className="text-muted-foreground">{evidence.seller.bio}</p>
          <p className="whitespace-pre-wrap text-muted-foreground">{evidence.seller.aboutMe}</p>
        </div>
      ) : null}
    </section>
  );
}

function SnapshotLine({ message, reported }: { message: MessageSnapshot; reported: boolean }) {
  const locale = useFormatLocale();
  return (
    <li className={cn('rounded px-2 py-1', reported && 'bg-amber-100 ring-1 ring-amber-400 dark:bg-amber-950/50')} data-reported={reported || undefined}>
      <span className="font-medium">{message.sender.username}</span>{' '}
      <span className="text-xs text-muted-foreground">{formatDate(message.createdAt, locale, { time: true })}</span>
      <p className="whitespace-pre-wrap">{message.removed ? <em className="text-muted-foreground">{T.removedSnapshot}</em> : message.content}</p>
    </li>
  );
}
