import type { UserRole } from '@app/contracts';
import type { MessageId } from '../i18n/i18n';
import { useText } from '../i18n/use-text';
import { cn } from '../lib/cn';
import { Badge } from './ui/badge';

/** Sellers are shown to people as experts. */
const ROLE_LABELS: Record<UserRole, MessageId> = {
  guest: 'layout.role.guest',
  user: 'layout.role.user',
  vip: 'layout.role.vip',
  seller: 'layout.role.seller',
  moderator: 'layout.role.moderator',
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
  const t = useText();
  const style = ROLE_STYLES[role];
  return (
    <Badge variant={style.variant} className={cn('tracking-wide', style.className, className)} data-testid="role-badge">
      {t(ROLE_LABELS[role]).toUpperCase()}
    </Badge>
  );
}
