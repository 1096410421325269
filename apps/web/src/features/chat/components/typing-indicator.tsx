import { useTypingPeople } from '../hooks/use-typing-people';

export type TypingIndicatorProps = { roomId: number };

/**
 * "Ana is typing…" above the composer. The line keeps its height when empty, so nothing moves
 * when someone starts or stops typing, and screen readers hear it politely.
 */
export function TypingIndicator({ roomId }: TypingIndicatorProps) {
  const text = useTypingPeople(roomId);
  return (
    <div className="shrink-0 px-2 sm:px-4">
      <p className="mx-auto h-5 max-w-3xl truncate text-xs leading-5 text-muted-foreground italic" aria-live="polite" aria-atomic="true" data-testid="typing-indicator">
        {text}
      </p>
    </div>
  );
}
