import type { UserSummary } from '@app/contracts';
import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { toast } from '@/components/ui/toast-store';
import { errorMessage } from '@/lib/errors';
import { useStartPrivateChatMutation } from '../api/chat-api';
import { recordChatSource, recordPublicRoom } from '@/lib/chat-source';
import { CHAT_TOASTS } from '../chat-copy';

/** Clicking a person in a public room: a private chat with them, never with yourself. */
export function useStartPrivateChat(originRoomId: number, myId: number | undefined) {
  const [start, { isLoading }] = useStartPrivateChatMutation();
  const [, navigate] = useLocation();
  const startWith = useCallback(
    async (other: Pick<UserSummary, 'id'>) => {
      if (other.id === myId) {
        toast({ ...CHAT_TOASTS.selfChat, variant: 'destructive' });
        return;
      }
      const result = await start({ userId: other.id, originRoomId });
      if ('data' in result && result.data) {
        recordChatSource('public-room');
        recordPublicRoom(originRoomId);
        navigate(`/chat/${result.data.id}`);
      } else {
        console.warn('Starting a private chat failed', result.error);
        toast({ title: CHAT_TOASTS.startChatFailed, description: errorMessage(result.error, ''), variant: 'destructive' });
      }
    },
    [start, navigate, originRoomId, myId],
  );
  return { startWith, starting: isLoading };
}
