import { TYPING_THROTTLE_MS } from '@app/contracts/browser';
import { useCallback, useRef } from 'react';
import { useAppDispatch } from '@/app/hooks';
import { sendSocketFrame } from '@/lib/socket';

/** A little over the server's window, so a steady typist's frames are each passed on. */
const SIGNAL_EVERY_MS = TYPING_THROTTLE_MS + 500;

/** Tells the room this person is typing, at most every 2.5 s; nothing while `off` (a guest, offline, a wait running). */
export function useTypingSignal(roomId: number, off: boolean): () => void {
  const dispatch = useAppDispatch();
  const last = useRef(0);
  return useCallback(() => {
    const now = Date.now();
    if (off || now - last.current < SIGNAL_EVERY_MS) return;
    last.current = now;
    dispatch(sendSocketFrame({ type: 'typing', roomId }));
  }, [dispatch, roomId, off]);
}
