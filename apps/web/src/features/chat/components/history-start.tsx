import { useEffect, useRef, type RefObject } from 'react';
import { cn } from '@/lib/cn';
import { CHAT_TEXT } from '../chat-copy';
import type { OlderMessages } from '../hooks/use-older-messages';

/** The top of the list: earlier messages load when it comes into view, or on a click. */
export function HistoryStart({ older, scroller }: { older: OlderMessages; scroller: RefObject<HTMLDivElement | null> }) {
  const button = useRef<HTMLButtonElement>(null);
  const { hasOlder, loading, failed, loadOlder } = older;

  useEffect(() => {
    const el = button.current;
    if (!el || !hasOlder || failed || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void loadOlder();
    }, { root: scroller.current });
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasOlder, failed, loadOlder, scroller]);

  if (!hasOlder) {
    return <p className="mx-auto mb-3 max-w-3xl text-center text-xs text-muted-foreground">{CHAT_TEXT.startOfHistory}</p>;
  }
  return (
    <div className="mb-3 flex justify-center">
      <button
        ref={button}
        type="button"
        onClick={() => void loadOlder()}
        disabled={loading}
        aria-busy={loading}
        className={cn(
          'rounded-full border px-3 py-1 text-xs hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:opacity-70',
          failed ? 'border-destructive text-destructive' : 'text-muted-foreground',
        )}
      >
        {loading ? CHAT_TEXT.loadingOlder : failed ? CHAT_TEXT.loadOlderFailed : CHAT_TEXT.loadOlder}
      </button>
    </div>
  );
}
