import type { CallType, SellerDto } from '@app/contracts';
import { Loader2, Phone, Video } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useCurrentUser } from '@/features/auth/hooks/use-current-user';
import { useGetSellerQuery } from '@/features/marketplace/api/marketplace-api';
import { displayPrices, formatPrice } from '@/features/marketplace/types';
import { CALLS_TEXT } from '../calls-copy';
import { useStartCall } from '../hooks/use-start-call';

type CallableSeller = Pick<SellerDto, 'id' | 'userId' | 'pricing' | 'localPricing'>;

const ICONS = { audio: Phone, video: Video } as const;

export type CallButtonProps = {
  seller: CallableSeller;
  callType: CallType;
  /**
   * full: "Audio Call · $25/min"; compact: an icon with the price beside it from small screens up
   * (the chat header); service: "Start audio call" where the price is already shown next to it.
   */
  variant?: 'full' | 'compact' | 'service';
  size?: ButtonProps['size'];
  className?: string;
};

/** Calls the seller; nothing for the seller themselves. Who may call is the server's decision. */
export function CallButton({ seller, callType, variant = 'full', size, className }: CallButtonProps) {
  const { user } = useCurrentUser();
  const { start, starting, ready } = useStartCall();
  if (user && user.id === seller.userId) return null;
  const Icon = ICONS[callType];
  const price = `${formatPrice(displayPrices(seller)[callType])}${CALLS_TEXT.perMinute}`;
  const label = `${CALLS_TEXT.callType[callType]} · ${price}`;
  const mine = starting?.sellerId === seller.id && starting.callType === callType;
  const icon = mine ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : <Icon className="h-4 w-4" aria-hidden />;
  const press = () => void start(seller.id, callType);

  if (variant === 'compact') {
    return (
      <Button variant="ghost" size="sm" className={cn('h-9 px-2', className)} onClick={press} disabled={!!starting || !ready} aria-label={label} title={label}>
        {icon}
        <span className="hidden text-xs sm:inline" aria-hidden>
          {price}
        </span>
      </Button>
    );
  }
  return (
    <Button
      variant={callType === 'video' ? 'default' : 'outline'}
      size={size}
      className={className}
      onClick={press}
      disabled={!!starting || !ready}
      data-call-type={callType}
    >
      {icon}
      {mine ? CALLS_TEXT.starting : variant === 'service' ? CALLS_TEXT.startTypedCall(callType) : label}
    </Button>
  );
}

export type CallButtonsProps = { seller: CallableSeller; className?: string; size?: ButtonProps['size'] };

/** Audio Call and Video Call with their per-minute prices in the buyer's currency. */
export function CallButtons({ seller, className, size }: CallButtonsProps) {
  const { user } = useCurrentUser();
  if (user && user.id === seller.userId) return null;
  return (
    <div className={cn('flex flex-col gap-2 sm:flex-row', className)} data-testid="call-buttons">
      <CallButton seller={seller} callType="audio" size={size} className="w-full sm:w-auto" />
      <CallButton seller={seller} callType="video" size={size} className="w-full sm:w-auto" />
    </div>
  );
}

export type ChatCallButtonsProps = { sellerId: number };

/** In a private chat with a seller: call them from the header, at the prices their profile shows. */
export function ChatCallButtons({ sellerId }: ChatCallButtonsProps) {
  const { data: seller } = useGetSellerQuery(sellerId);
  const { user } = useCurrentUser();
  if (!seller || !user || user.id === seller.userId) return null;
  return (
    <div className="flex shrink-0 items-center" data-testid="chat-call-buttons">
      <CallButton seller={seller} callType="audio" variant="compact" />
      <CallButton seller={seller} callType="video" variant="compact" />
    </div>
  );
}
