import { addListener } from '@reduxjs/toolkit';
import { TYPING_EXPIRY_MS, typingText } from '@app/contracts/browser';
import { useEffect, useState } from 'react';
import { useAppDispatch } from '@/app/hooks';
import { socketFrameReceived } from '@/lib/socket';

type Typing = Map<number, { username: string; until: number }>;

/**
 * Who is typing in this room now, as a sentence ("Ana is typing…"): an entry lasts
 * TYPING_EXPIRY_MS after its last frame, and goes at once when that person's message arrives.
 */
export function useTypingPeople(roomId: number): string {
  const dispatch = useAppDispatch();
  const [typing, setTyping] = useState<Typing>(() => new Map());

  useEffect(() => {
    setTyping(new Map());
    // Listens for as long as the room is open; the socket frames pass through the store.
    return dispatch(
      addListener({
        actionCreator: socketFrameReceived,
        effect: ({ payload: frame }) => {
          if (frame.type === 'user_typing' && frame.roomId === roomId) {
            setTyping((now) => new Map(now).set(frame.user.id, { username: frame.user.username, until: Date.now() + TYPING_EXPIRY_MS }));
          } else if (frame.type === 'new_message' && frame.roomId === roomId) {
            setTyping((now) => {
              if (!now.has(frame.message.senderId)) return now;
              const next = new Map(now);
              next.delete(frame.message.senderId);
              return next;
            });
          }
        },
      }),
    );
  }, [dispatch, roomId]);

  // The soonest expiry wakes the hook once, to drop what ran out.
  useEffect(() => {
    if (typing.size === 0) return;
    const soonest = Math.min(...[...typing.values()].map((t) => t.until));
    const timer = setTimeout(() => {
      setTyping((now) => new Map([...now].filter(([, t]) => t.until > Date.now())));
    }, Math.max(0, soonest - Date.now()) + 10);
    return () => clearTimeout(timer);
  }, [typing]);

  return typingText([...typing.values()].map((t) => t.username));
}
