import type { UserDto } from '@app/contracts';
import { CircleX, Clock } from 'lucide-react';
import { useAppSelector } from '@/app/hooks';
import { Button } from '@/components/ui/button';
import { UserAvatar } from '@/components/ui/avatar';
import { Picture } from '@/components/ui/picture';
import { useNow } from '@/hooks/use-now';
import { cn } from '@/lib/cn';
import { bodyMessage } from '@/lib/errors';
import { selectWaitUntil } from '../chat-slice';
import { EMOJI_FONT } from '../constants';
import { OUTBOX_TEXT } from '../chat-copy';
import { styleOf } from '../message-kind';
import type { OutboxEntry } from '../outbox/outbox-store';

const COUNTDOWN_TICK_MS = 250;

export type OutgoingMessagesProps = {
  roomId: number;
  entries: OutboxEntry[];
  me: UserDto;
  onRetry: (clientId: string) => void;
  onDiscard: (clientId: string) => void;
  /** The stored messages end with mine: these go on under the same avatar. */
  continuesMine?: boolean;
};

/** My messages on their way, after the room's stored ones: "Sending…", or the server's refusal with Retry and Discard. */
export function OutgoingMessages({ roomId, entries, me, onRetry, onDiscard, continuesMine = false }: OutgoingMessagesProps) {
  // Retrying while the room's wait runs would only be refused again.
  const waitUntil = useAppSelector((state) => selectWaitUntil(state, roomId));
  const now = useNow(COUNTDOWN_TICK_MS, waitUntil > Date.now());
  const waitSeconds = Math.max(0, Math.ceil((waitUntil - now) / 1000));
  return (
    <li className="flex flex-row-reverse gap-2.5" data-testid="outgoing-messages">
      {continuesMine ? <span className="w-8 shrink-0" aria-hidden /> : <UserAvatar name={me.username} src={me.avatar} className="h-8 w-8 self-start text-sm" />}
      <div className="flex min-w-0 max-w-[85%] flex-col items-end gap-1 sm:max-w-[75%]">
        {entries.map((entry) => (
          <div key={entry.clientId} className="flex max-w-full flex-col items-end gap-1" data-testid="outgoing-message" data-state={entry.state} data-client-id={entry.clientId}>
            <OutgoingBody entry={entry} />
            {entry.state === 'sending' ? (
              <p className="inline-flex items-center gap-1 text-[11px] text-muted-foreground" role="status">
                <Clock className="h-3 w-3" aria-hidden />
                {OUTBOX_TEXT.sending}
              </p>
            ) : (
              <div className="flex flex-wrap items-center justify-end gap-x-2 gap-y-1">
                <p className="inline-flex items-center gap-1 text-xs text-destructive" role="alert" data-testid="outgoing-refusal">
                  <CircleX className="h-3.5 w-3.5 shrink-0" aria-hidden />
                  <span className="sr-only">{OUTBOX_TEXT.notSent}: </span>
                  {bodyMessage(entry.refusal, OUTBOX_TEXT.notSent)}
                </p>
                <Button size="sm" variant="outline" className="h-7 px-2 text-xs" disabled={waitSeconds > 0} onClick={() => onRetry(entry.clientId)}>
                  {waitSeconds > 0 ? OUTBOX_TEXT.retryIn(waitSeconds) : OUTBOX_TEXT.retry}
                </Button>
                <Button size="sm" variant="ghost" className="h-7 px-2 text-xs" onClick={() => onDiscard(entry.clientId)}>
                  {OUTBOX_TEXT.discard}
                </Button>
              </div>
            )}
          </div>
        ))}
      </div>
    </li>
  );
}

function OutgoingBody({ entry }: { entry: OutboxEntry }) {
  const { content, type, formatting } = entry.payload;
  const faded = entry.state === 'sending' && 'opacity-70';
  if (type === 'image' || type === 'gif') {
    return <Picture src={content} alt={OUTBOX_TEXT.pictureAlt} className={cn('max-h-64 max-w-full rounded-lg border object-contain', faded)} data-testid="outgoing-body" />;
  }
  if (type === 'voice') {
    return (
      <p className={cn('w-fit rounded-2xl rounded-tr-sm bg-primary/10 px-3 py-1.5 text-sm', faded)} data-testid="outgoing-body">
        🎤 {OUTBOX_TEXT.voiceNote}
      </p>
    );
  }
  if (type === 'emoji') {
    return (
      <p className={cn('text-3xl leading-tight', EMOJI_FONT, faded)} data-testid="outgoing-body">
        {content}
      </p>
    );
  }
  const { style, className } = styleOf(formatting ?? null);
  return (
    <p
      className={cn('w-fit max-w-full rounded-2xl rounded-tr-sm bg-primary/10 px-3 py-1.5 text-sm break-words whitespace-pre-wrap', className, faded)}
      style={style}
      data-testid="outgoing-body"
    >
      {content}
    </p>
  );
}
