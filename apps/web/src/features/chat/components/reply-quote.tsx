import type { MessageQuoteDto } from '@app/contracts';
import { CornerUpLeft } from 'lucide-react';
import { useAppDispatch } from '@/app/hooks';
import { cn } from '@/lib/cn';
import { messageFocusRequested } from '../chat-slice';
import { MESSAGE_ACTS_TEXT, REPLY_TEXT } from '../chat-copy';
import { shownName } from '@/lib/shown-name';

/** What a quote reads: the first line, the kind of a picture or voice note, or that the original is gone. */
export function quoteText(quote: Pick<MessageQuoteDto, 'type' | 'text' | 'removedBy'>): string {
  if (quote.removedBy) return quote.removedBy === 'sender' ? MESSAGE_ACTS_TEXT.deleted : MESSAGE_ACTS_TEXT.removedByModerator;
  return quote.text || REPLY_TEXT.kinds[quote.type] || '';
}

/** Above a reply: who wrote the message it answers and its first line; choosing it scrolls to that message. */
export function ReplyQuote({ roomId, quote, mine }: { roomId: number; quote: MessageQuoteDto; mine: boolean }) {
  const dispatch = useAppDispatch();
  return (
    <button
      type="button"
      className={cn(
        'flex max-w-full items-center gap-1.5 rounded-lg border-l-2 border-primary/60 bg-muted/60 px-2 py-1 text-left text-xs hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        mine ? 'self-end' : 'self-start',
      )}
      onClick={() => dispatch(messageFocusRequested({ roomId, messageId: quote.id }))}
      aria-label={REPLY_TEXT.goTo(shownName(quote.sender.username))}
      data-testid="reply-quote"
      data-reply-to={quote.id}
    >
      <CornerUpLeft className="h-3 w-3 shrink-0 text-muted-foreground" aria-hidden />
      <span className="shrink-0 font-semibold">{shownName(quote.sender.username)}</span>
      <span className={cn('truncate text-muted-foreground', quote.removedBy && 'italic')} data-testid="reply-quote-text">
        {quoteText(quote)}
      </span>
    </button>
  );
}
