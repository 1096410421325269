import type { SellerDto } from '@app/contracts';
import { useLocation } from 'wouter';
import { toast } from '@/components/ui/toast-store';
import { describeHttpError } from '@/lib/errors';
import { useCurrentUser } from '@/features/auth/hooks/use-current-user';
import { useStartSellerChatMutation } from '../api/marketplace-api';
import { recordChatSource } from '@/lib/chat-source';
import { SELLER_PAGE_TEXT } from '../marketplace-copy';

/**
 * Opens the private chat with a seller: signed-out visitors go to sign in; the room is
 * created (or found), marked as coming from the marketplace, and opened.
 */
export function useStartSellerChat() {
  const [, navigate] = useLocation();
  const { user } = useCurrentUser();
  const [startChat, { isLoading, originalArgs }] = useStartSellerChatMutation();

  async function start(seller: Pick<SellerDto, 'id' | 'userId'>) {
    if (!user) {
      navigate('/auth');
      return;
    }
    if (seller.userId === user.id) {
      toast({ title: SELLER_PAGE_TEXT.cannotStartTitle, description: SELLER_PAGE_TEXT.cannotStartSelf, variant: 'destructive' });
      return;
    }
    try {
      const room = await startChat(seller.id).unwrap();
      recordChatSource('marketplace');
      navigate(`/chat/${room.id}`);
    } catch (error) {
      console.error(`Failed to start chat: ${describeHttpError(error)}`);
      toast({ title: SELLER_PAGE_TEXT.startFailed, variant: 'destructive' });
    }
  }

  return { start, isStarting: isLoading, startingSellerId: isLoading ? originalArgs : undefined };
}
