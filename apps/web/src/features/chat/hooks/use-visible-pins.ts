import { useMemo } from 'react';
import { useCurrentUser } from '@/features/auth/hooks/use-current-user';
import { useBlockToggle } from '@/features/safety/hooks/use-block-toggle';
import { useGetPinsQuery } from '../api/chat-api';

/**
 * A room's pinned messages as the viewer may see them: those of people they blocked are left
 * out, as the message list leaves out their messages (the pins reach everyone in the room alike).
 */
export function useVisiblePins(roomId: number) {
  const { user } = useCurrentUser();
  const { data, isLoading } = useGetPinsQuery(roomId);
  const { blockedIds } = useBlockToggle(user !== null && user.role !== 'guest');
  const pins = useMemo(() => (data && blockedIds.size > 0 ? data.filter((pin) => !blockedIds.has(pin.message.sender.id)) : data), [data, blockedIds]);
  return { pins, isLoading };
}
