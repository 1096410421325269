import { useEffect, useRef, type RefObject } from 'react';
import { useSearchParams } from 'wouter';
import type { RoomFeed } from '../types';
import type { OlderMessages } from './use-older-messages';

/**
 * A room opened from a search result (`?message=<id>`) shows that message: history is paged back
 * until it is loaded, then it is scrolled to the middle and marked, and the list stops following
 * the newest messages so it stays in view.
 */
export function useFocusMessage(scroller: RefObject<HTMLDivElement | null>, feed: RoomFeed, older: OlderMessages | undefined, following: RefObject<boolean>) {
  const [params] = useSearchParams();
  const target = Number(params.get('message')) || 0;
  const shown = useRef(0);

  useEffect(() => {
    if (!target || shown.current === target || !feed.joined) return;
    const element = scroller.current?.querySelector<HTMLElement>(`[data-message-id="${target}"]`);
    if (element) {
      shown.current = target;
      following.current = false;
      element.dataset.focused = 'true';
      element.scrollIntoView({ block: 'center' });
      return;
    }
    const oldest = feed.messages[0]?.id;
    if (older?.hasOlder && !older.loading && !older.failed && oldest !== undefined && oldest > target) void older.loadOlder();
  }, [target, feed, older, scroller, following]);
}
