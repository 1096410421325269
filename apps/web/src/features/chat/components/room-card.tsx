import type { RoomDto } from '@app/contracts';
import { Users } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { ROOMS_TEXT } from '../copy';

export type RoomCardProps = { room: RoomDto; onOpen: () => void };

/** One room as a compact row of its category: name, topic, who is in it now, and Join. */
export function RoomCard({ room, onOpen }: RoomCardProps) {
  const someone = room.onlineCount > 0;
  return (
    <div className="flex items-center gap-3 px-4 py-3" data-testid="room-card">
      <div className="min-w-0 flex-1">
        <h3 className="truncate font-semibold">{room.name}</h3>
        {room.description ? <p className="truncate text-sm text-muted-foreground">{room.description}</p> : null}
        <p className="mt-1 flex items-center gap-1.5 text-xs text-muted-foreground" title={ROOMS_TEXT.upTo(room.maxUsers)}>
          {/* Green only when someone is in the room right now. */}
          <span className={cn('h-2 w-2 rounded-full', someone ? 'bg-green-500' : 'bg-gray-400')} data-testid="online-dot" data-online={someone} aria-hidden />
          <Users className="h-3.5 w-3.5" aria-hidden />
          <span data-testid="room-online">{ROOMS_TEXT.online(room.onlineCount, room.maxUsers)}</span>
        </p>
      </div>
      <Button size="sm" onClick={onOpen} aria-label={`${ROOMS_TEXT.join}: ${room.name}`} className="shrink-0">
        {ROOMS_TEXT.join}
      </Button>
    </div>
  );
}
