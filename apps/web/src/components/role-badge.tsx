import type { UserRole } from '@app/contracts';
import { cn } from '../lib/cn';
import { Badge } from './ui/badge';

/** Sellers are shown to people as experts. */
export const ROLE_LABELS: Record<UserRole, string> = {
  guest: 'Guest',
  user: 'User',
  vip: 'VIP',
  seller: 'Expert',
  moderator: 'Moderator',
};

/** Spec: vip default style, seller secondary, others outline; moderator blue, vip yellow, seller purple. */
const ROLE_STYLES: Record<UserRole, { variant: 'default' | 'secondary' | 'outline'; className: string }> = {
  vip: { variant: 'default', className: 'bg-yellow-400 text-yellow-950' },
  seller: { variant: 'secondary', className: 'bg-purple-600 text-white' },
  moderator: { variant: 'outline', className: 'border-blue-600 text-blue-600' },
  user: { variant: 'outline', className: '' },
  guest: { variant: 'outline', className: 'text-muted-foreground' },
};

export type RoleBadgeProps = { role: UserRole; className?: string };

export function RoleBadge({ role, className }: RoleBadgeProps) {
  const style = ROLE_STYLES[role];
  return (
    <Badge variant={style.variant} className={cn('tracking-wide', style.className, className)} data-testid="role-badge">
      {ROLE_LABELS[role].toUpperCase()}
    </Badge>
  );
}
