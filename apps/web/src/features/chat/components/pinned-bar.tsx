import { Pin } from 'lucide-react';
import { useAppDispatch } from '@/app/hooks';
import { messageFocusRequested } from '../chat-slice';
import { PIN_TEXT } from '../chat-copy';
import { useVisiblePins } from '../hooks/use-visible-pins';
import { quoteText } from './reply-quote';
import { shownName } from '@/lib/shown-name';

/** Under a public room's header: its newest pinned message; choosing it scrolls there. Absent when nothing (shown) is pinned. */
export function PinnedBar({ roomId }: { roomId: number }) {
  const dispatch = useAppDispatch();
  const { pins } = useVisiblePins(roomId);
  const latest = pins?.[0];
  if (!latest) return null;
  return (
    <div className="border-b bg-card px-3 py-1.5 sm:px-6" data-testid="pinned-bar">
      <button
        type="button"
        className="mx-auto flex w-full max-w-3xl items-center gap-2 rounded-md px-1 py-0.5 text-left text-xs hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        onClick={() => dispatch(messageFocusRequested({ roomId, messageId: latest.message.id }))}
        aria-label={PIN_TEXT.goTo(shownName(latest.message.sender.username))}
        data-pinned-id={latest.message.id}
      >
        <Pin className="h-3.5 w-3.5 shrink-0 text-primary" aria-hidden />
        <span className="shrink-0 font-semibold">{PIN_TEXT.bar}</span>
        <span className="min-w-0 flex-1 truncate text-muted-foreground">
          {shownName(latest.message.sender.username)}: {quoteText(latest.message)}
        </span>
        {pins.length > 1 ? <span className="shrink-0 text-muted-foreground">{PIN_TEXT.count(pins.length)}</span> : null}
      </button>
    </div>
  );
}
