import { useEffect, useRef, type RefObject } from 'react';
import { useSearchParams } from 'wouter';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { messageFocusServed, selectFocusRequest } from '../chat-slice';
import type { RoomFeed } from '../types';
import type { OlderMessages } from './use-older-messages';

/** Within this distance of the bottom the message list follows new messages. */
export const FOLLOW_THRESHOLD_PX = 120;

function nearBottom(scroller: HTMLElement): boolean {
  return scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < FOLLOW_THRESHOLD_PX;
}

/**
 * A room opened from a search result or a notification (`?message=<id>`), or a reply's quote
 * or a pin chosen, shows that message: history is paged back until it is loaded, then it is
 * scrolled to the middle and marked. A message further up stops the list following the newest
 * ones, so it stays in view; one among the newest leaves a reader at the bottom following them.
 * Each ask is served once: coming back to the room later does not jump there again.
 */
export function useFocusMessage(scroller: RefObject<HTMLDivElement | null>, feed: RoomFeed, older: OlderMessages | undefined, following: RefObject<boolean>) {
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const fromLink = Number(params.get('message')) || 0;
  const asked = useAppSelector(selectFocusRequest);
  // The newest ask wins: a quote chosen after the room opened at a linked message.
  const request = asked?.roomId === feed.room?.id ? asked : null;
  const target = request?.messageId ?? fromLink;
  /** The link's message was shown (or a later ask took its place): it is not shown again once the ask is done. */
  const linkServed = useRef(0);

  useEffect(() => {
    if (!target || !feed.joined || (!request && linkServed.current === fromLink)) return;
    const list = scroller.current;
    const element = list?.querySelector<HTMLElement>(`[data-message-id="${target}"]`);
    if (list && element) {
      linkServed.current = fromLink;
      list.querySelectorAll<HTMLElement>('[data-focused]').forEach((marked) => delete marked.dataset.focused);
      element.dataset.focused = 'true';
      element.scrollIntoView({ block: 'center' });
      following.current = nearBottom(list);
      if (request) dispatch(messageFocusServed(request));
      return;
    }
    const oldest = feed.messages[0]?.id;
    if (older?.hasOlder && !older.loading && !older.failed && oldest !== undefined && oldest > target) void older.loadOlder();
  }, [target, request, fromLink, feed, older, scroller, following, dispatch]);
}
