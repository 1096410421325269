import type { RoomDto } from '@app/contracts';
import { Crown, Lock, Users } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useFormatLocale, useText } from '@/i18n/use-text';
import { formatNumber } from '@/lib/format';

/** `locked`: a VIP-only room the viewer may not enter; Join offers VIP instead. */
export type RoomCardProps = { room: RoomDto; locked?: boolean; onOpen: () => void };

/** One room as a compact row of its category: name, topic, who is in it now, and Join. */
export function RoomCard({ room, locked = false, onOpen }: RoomCardProps) {
  const someone = room.onlineCount > 0;
  const t = useText();
  const locale = useFormatLocale();
  const max = formatNumber(room.maxUsers, locale);
  return (
    <div className="flex items-center gap-3 px-4 py-3" data-testid="room-card" data-vip-only={room.vipOnly} data-locked={locked}>
      <div className="min-w-0 flex-1">
        <h3 className="flex min-w-0 items-center gap-1.5 font-semibold">
          <span className="truncate">{room.name}</span>
          {room.vipOnly ? (
            <Badge className="shrink-0 gap-1 bg-yellow-400 px-2 text-yellow-950" title={t('rooms.vipOnly')} data-testid="vip-room-badge">
              <Crown className="h-3 w-3" aria-hidden /> {t('rooms.vipBadge')}
            </Badge>
          ) : null}
        </h3>
        {room.description ? <p className="truncate text-sm text-muted-foreground">{room.description}</p> : null}
        <p className="mt-1 flex items-center gap-1.5 text-xs text-muted-foreground" title={t('rooms.upTo', { max })}>
          {/* Green only when someone is in the room right now. */}
          <span className={cn('h-2 w-2 rounded-full', someone ? 'bg-green-500' : 'bg-gray-400')} data-testid="online-dot" data-online={someone} aria-hidden />
          <Users className="h-3.5 w-3.5" aria-hidden />
          <span data-testid="room-online">{t('rooms.online', { count: formatNumber(room.onlineCount, locale), max })}</span>
        </p>
      </div>
      <Button
        size="sm"
        variant={locked ? 'outline' : 'default'}
        onClick={onOpen}
        aria-label={locked ? t('rooms.joinLocked', { name: room.name }) : t('rooms.joinRoom', { name: room.name })}
        className="shrink-0"
      >
        {locked ? <Lock className="h-3.5 w-3.5" aria-hidden /> : null}
        {t('rooms.join')}
      </Button>
    </div>
  );
}
