import type { SellerDto } from '@app/contracts';
import { BadgeCheck, MessageCircle, PhoneOff, Star } from 'lucide-react';
import { Link } from 'wouter';
import { UserAvatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { MARKETPLACE_TEXT } from '../marketplace-copy';
import { sellerStatus } from '../seller-status';
import { displayPrices, formatPrice, sellerAvatar, sellerName } from '../types';
import { CategoryBadge } from './category-badge';
import { StatusBadge } from './status-badge';

export type SellerCardProps = {
  seller: SellerDto;
  onChat: (seller: SellerDto) => void;
  isStarting?: boolean;
};

export function SellerCard({ seller, onChat, isStarting = false }: SellerCardProps) {
  const name = sellerName(seller);
  const prices = displayPrices(seller);
  const { notAccepting } = sellerStatus(seller);
  return (
    <Card className="flex h-full flex-col p-4" data-testid="seller-card">
      <Link to={`/seller/${seller.id}`} className="flex gap-3 rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
        <UserAvatar name={name} src={sellerAvatar(seller)} className="h-14 w-14 text-lg" />
        <div className="min-w-0 flex-1">
          <p className="flex items-center gap-1 font-semibold">
            <span className="truncate">{name}</span>
            {seller.isVerified ? <BadgeCheck className="h-4 w-4 shrink-0 text-blue-600" aria-label={MARKETPLACE_TEXT.verified} /> : null}
          </p>
          <div className="mt-1 flex flex-wrap items-center gap-1.5">
            <CategoryBadge category={seller.category} />
            <StatusBadge seller={seller} />
          </div>
          <p className="mt-1.5 flex items-center gap-1 text-xs text-muted-foreground">
            <Star className="h-3.5 w-3.5 fill-yellow-400 text-yellow-400" aria-hidden />
            {seller.reviewCount > 0 ? (
              <>
                <span className="font-medium text-foreground">{seller.rating.toFixed(1)}</span> ({MARKETPLACE_TEXT.reviews(seller.reviewCount)})
              </>
            ) : (
              MARKETPLACE_TEXT.noReviews
            )}
          </p>
        </div>
      </Link>
      <p className="mt-3 line-clamp-2 text-sm text-muted-foreground">{seller.bio}</p>
      {notAccepting ? (
        <p className="mt-3 flex items-center gap-1.5 rounded-md bg-muted px-2 py-1.5 text-xs text-muted-foreground" data-testid="not-accepting">
          <PhoneOff className="h-3.5 w-3.5" aria-hidden /> {MARKETPLACE_TEXT.notAccepting}
        </p>
      ) : null}
      <div className="mt-auto flex items-end justify-between gap-2 pt-4">
        <p className="text-sm">
          <span className="text-lg font-bold" data-testid="seller-price">
            {formatPrice(prices.audio)}
          </span>
          <span className="text-muted-foreground">{MARKETPLACE_TEXT.perMinute}</span>
        </p>
        <Button size="sm" onClick={() => onChat(seller)} disabled={isStarting} aria-label={MARKETPLACE_TEXT.chatWith(name)}>
          <MessageCircle className="h-4 w-4" aria-hidden /> {MARKETPLACE_TEXT.chat}
        </Button>
      </div>
    </Card>
  );
}
