import type { MessageDto } from '@app/contracts';
import { canPin } from '@app/contracts/browser';
import { Pin, PinOff } from 'lucide-react';
import { toast } from '@/components/ui/toast-store';
import { MenuItem } from '@/components/ui/menu';
import { errorMessage } from '@/lib/errors';
import { useCurrentUser } from '@/features/auth/hooks/use-current-user';
import { useGetPinsQuery, useGetRoomQuery, usePinMutation } from '../api/chat-api';
import { PIN_TEXT } from '../chat-copy';

/** "Pin message" or "Unpin message" in a message's menu, for the room's owner and moderators. */
export function PinMenuItem({ message }: { message: MessageDto }) {
  const { user } = useCurrentUser();
  const { data: room } = useGetRoomQuery(message.roomId);
  const allowed = Boolean(user && room && canPin(user, room));
  const { data: pins } = useGetPinsQuery(message.roomId, { skip: !allowed });
  const [pin] = usePinMutation();
  if (!allowed) return null;
  const pinned = pins?.some((p) => p.message.id === message.id) ?? false;
  const change = async () => {
    const result = await pin({ roomId: message.roomId, messageId: message.id, remove: pinned });
    if ('error' in result) toast({ title: errorMessage(result.error, PIN_TEXT.failed), variant: 'destructive' });
  };
  return (
    <MenuItem onSelect={() => void change()}>
      {pinned ? <PinOff className="h-4 w-4 text-muted-foreground" aria-hidden /> : <Pin className="h-4 w-4 text-muted-foreground" aria-hidden />}
      {pinned ? PIN_TEXT.unpin : PIN_TEXT.pin}
    </MenuItem>
  );
}
