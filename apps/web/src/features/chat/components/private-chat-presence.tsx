import type { OnlineUserDto, RoomDto, UserDto } from '@app/contracts';
import { Link } from 'wouter';
import { useGetSellerQuery } from '@/features/marketplace/api/marketplace-api';
import { StatusBadge } from '@/features/marketplace/components/status-badge';
import { displayPrices, formatPrice } from '@/features/marketplace/types';
import { useNow } from '@/hooks/use-now';
import { CHAT_TEXT } from '../chat-copy';
import { useFormatLocale } from '@/i18n/use-text';
import { formatRelativeTime } from '@/lib/format';

const AGO_TICK_MS = 30_000;

export type PrivateChatPresenceProps = {
  room: RoomDto;
  me: UserDto;
  /** Who has the chat open now; the server leaves out those who hide their online status. */
  onlineUsers: OnlineUserDto[];
};

/**
 * The other person of a private chat as their privacy settings let others see them: online,
 * last seen, or nothing; and for a buyer talking to an expert, the expert's status, price and profile.
 */
/** Someone who left seconds ago was last seen "1 minute ago", never "now" (they are not here now). */
const LAST_SEEN_AT_LEAST_MS = 60_000;

export function PrivateChatPresence({ room, me, onlineUsers }: PrivateChatPresenceProps) {
  const other = room.participants.find((p) => p.id !== me.id);
  const now = useNow(AGO_TICK_MS, Boolean(other?.lastSeen));
  const locale = useFormatLocale();
  const { data: seller } = useGetSellerQuery(room.sellerId ?? 0, { skip: !room.sellerId });
  const online = other ? onlineUsers.some((u) => u.id === other.id) : false;
  const expert = seller && seller.userId !== me.id ? seller : null;
  const presence = online
    ? CHAT_TEXT.presenceOnline
    : other?.lastSeen
      ? CHAT_TEXT.lastSeen(formatRelativeTime(Math.min(Date.parse(other.lastSeen), now - LAST_SEEN_AT_LEAST_MS), now, locale))
      : null;
  return (
    <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-0.5" data-testid="other-presence">
      {presence ? (
        <span className={online ? 'font-medium text-green-700 dark:text-green-400' : undefined} data-testid="presence">
          {presence}
        </span>
      ) : null}
      {expert ? (
        <>
          <StatusBadge seller={expert} className="py-0" />
          <span data-testid="expert-price">{CHAT_TEXT.expertPrice(formatPrice(displayPrices(expert).audio))}</span>
          <Link to={`/seller/${expert.id}`} className="font-medium text-primary underline-offset-2 hover:underline">
            {CHAT_TEXT.viewExpertProfile}
          </Link>
        </>
      ) : null}
    </span>
  );
}
