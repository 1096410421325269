import { useCallback, useState } from 'react';
import { useAppDispatch } from '@/app/hooks';
import { chatApi, HISTORY_PAGE, useLazyGetMessagesBeforeQuery } from '../api/chat-api';
import { mergeMessages } from '../feed';
import type { RoomFeed } from '../types';

export interface OlderMessages {
  /** Messages older than the first one shown exist (a room numbers its messages from 1). */
  hasOlder: boolean;
  loading: boolean;
  failed: boolean;
  loadOlder: () => Promise<void>;
}

/** Scrolling back through a room: pages of older messages merged into its feed. */
export function useOlderMessages(roomId: number, feed: RoomFeed | undefined): OlderMessages {
  const dispatch = useAppDispatch();
  const [fetchPage, { isFetching, isError }] = useLazyGetMessagesBeforeQuery();
  // A short page means the start was reached, also when messages before it are hidden from this reader.
  const [startReached, setStartReached] = useState<Record<number, boolean>>({});
  const oldest = feed?.messages[0];
  const hasOlder = oldest !== undefined && oldest.seq > 1 && !startReached[roomId];

  const loadOlder = useCallback(async () => {
    if (!oldest || isFetching) return;
    const result = await fetchPage({ roomId, before: oldest.id });
    const page = result.data;
    if (!page) return;
    dispatch(chatApi.util.updateQueryData('getRoomFeed', roomId, (draft) => void mergeMessages(draft, page)));
    if (page.length < HISTORY_PAGE) setStartReached((reached) => ({ ...reached, [roomId]: true }));
  }, [dispatch, fetchPage, isFetching, oldest, roomId]);

  return { hasOlder, loading: isFetching, failed: isError && !isFetching, loadOlder };
}
