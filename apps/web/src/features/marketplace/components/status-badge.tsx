import type { SellerDto } from '@app/contracts';
import { cn } from '@/lib/cn';
import { sellerStatus, type SellerStatusTone } from '../seller-status';

const TONES: Record<SellerStatusTone, { badge: string; dot: string }> = {
  red: { badge: 'bg-red-100 text-red-700 dark:bg-red-950/50 dark:text-red-300', dot: 'bg-red-500' },
  green: { badge: 'bg-green-100 text-green-700 dark:bg-green-950/50 dark:text-green-300', dot: 'bg-green-500' },
  grey: { badge: 'bg-muted text-muted-foreground', dot: 'bg-gray-400' },
};

export type StatusBadgeProps = { seller: Pick<SellerDto, 'isBusy' | 'acceptsCalls' | 'availability'>; className?: string };

export function StatusBadge({ seller, className }: StatusBadgeProps) {
  const status = sellerStatus(seller);
  const tone = TONES[status.tone];
  return (
    <span
      className={cn('inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium', tone.badge, className)}
      data-testid="seller-status"
      data-tone={status.tone}
    >
      <span className={cn('h-2 w-2 rounded-full', tone.dot)} aria-hidden />
      {status.label}
    </span>
  );
}
