import { useEffect, useRef, type RefObject } from 'react';
import { useSearchParams } from 'wouter';
import { useAppSelector } from '../../../app/hooks';
import { selectFocusRequest } from '../chat-slice';
import type { RoomFeed } from '../types';
import type { OlderMessages } from './use-older-messages';

/**
 * A room opened from a search result or a notification (`?message=<id>`), or a reply's quote
 * chosen, shows that message: history is paged back until it is loaded, then it is scrolled to
 * the middle and marked, and the list stops following the newest messages so it stays in view.
 */
export function useFocusMessage(scroller: RefObject<HTMLDivElement | null>, feed: RoomFeed, older: OlderMessages | undefined, following: RefObject<boolean>) {
  const [params] = useSearchParams();
  const fromLink = Number(params.get('message')) || 0;
  const asked = useAppSelector(selectFocusRequest);
  // The newest ask wins: a quote chosen after the room opened at a linked message.
  const request = asked?.roomId === feed.room?.id ? asked : null;
  const target = request?.messageId ?? fromLink;
  const shown = useRef<unknown>(null);

  useEffect(() => {
    const ask = request ?? fromLink;
    if (!target || shown.current === ask || !feed.joined) return;
    const element = scroller.current?.querySelector<HTMLElement>(`[data-message-id="${target}"]`);
    if (element) {
      shown.current = ask;
      following.current = false;
      scroller.current?.querySelectorAll<HTMLElement>('[data-focused]').forEach((marked) => delete marked.dataset.focused);
      element.dataset.focused = 'true';
      element.scrollIntoView({ block: 'center' });
      return;
    }
    const oldest = feed.messages[0]?.id;
    if (older?.hasOlder && !older.loading && !older.failed && oldest !== undefined && oldest > target) void older.loadOlder();
  }, [target, request, fromLink, feed, older, scroller, following]);
}
