import type { RoomCategory, RoomDto } from '@app/contracts';
import { Plus, Search } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { useAppDispatch } from '@/app/hooks';
import { useCurrentUser } from '@/features/auth/hooks/use-current-user';
import { openVipDialog } from '@/features/vip/vip-slice';
import { useGetPublicRoomsQuery } from '../api/chat-api';
import { canEnterVipRooms } from '@app/contracts/browser';
import { mayCreateRooms } from '../constants';
import { ROOM_CATEGORY_TEXT } from '../chat-copy';
import { useText } from '@/i18n/use-text';
import { CreateRoomDialog } from './create-room-dialog';
import { RoomCard } from './room-card';
import { SignupGate } from './signup-gate';

/**
 * Rooms by category, as the server orders them (most people in them, then the newest message);
 * the categories follow their busiest room.
 */
function groupByActivity(rooms: RoomDto[]): { key: RoomCategory; rooms: RoomDto[] }[] {
  const groups = new Map<RoomCategory, RoomDto[]>();
  for (const room of rooms) groups.set(room.category, [...(groups.get(room.category) ?? []), room]);
  return [...groups].map(([key, list]) => ({ key, rooms: list }));
}

/** Typing settles for this long before the search goes into the URL (and to the server). */
const SEARCH_SETTLE_MS = 300;

/** /public-rooms: rooms by category with their real online count, search in ?q. */
export function PublicRooms() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [typed, setTyped] = useState(q);
  const [, navigate] = useLocation();
  const t = useText();
  const dispatch = useAppDispatch();
  const { user } = useCurrentUser();
  const [gateRoom, setGateRoom] = useState<RoomDto | null>(null);
  const [creating, setCreating] = useState(false);
  const { data: rooms, isLoading, isError, refetch, isFetching } = useGetPublicRoomsQuery({ q }, { refetchOnMountOrArgChange: true });

  useEffect(() => setTyped(q), [q]);
  useEffect(() => {
    if (typed === q) return;
    const timer = setTimeout(() => setParams(typed.trim() ? { q: typed } : {}, { replace: true }), SEARCH_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [typed, q, setParams]);

  const byCategory = useMemo(() => groupByActivity(rooms ?? []), [rooms]);

  const locked = (room: RoomDto) => room.vipOnly && !canEnterVipRooms(user?.role);
  const open = (room: RoomDto) => {
    // A VIP room is offered with the VIP upsell to everyone who may not enter it, signed in or not.
    if (locked(room)) return dispatch(openVipDialog());
    return user ? navigate(`/chat/${room.id}`) : setGateRoom(room);
  };

  return (
    <div>
      <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="relative flex-1">
          <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input
            type="search"
            className="pl-9"
            value={typed}
            placeholder={t('rooms.searchPlaceholder')}
            aria-label={t('rooms.search')}
            onChange={(e) => setTyped(e.target.value)}
          />
        </div>
        {mayCreateRooms(user?.role) ? (
          <Button onClick={() => setCreating(true)}>
            <Plus className="h-4 w-4" /> {t('rooms.createRoom')}
          </Button>
        ) : null}
      </div>

      {isLoading ? (
        <p className="py-10 text-center text-muted-foreground" role="status">
          {t('rooms.loading')}
        </p>
      ) : isError ? (
        <Card className="p-8 text-center">
          <p className="text-destructive" role="alert">
            {t('rooms.loadFailed')}
          </p>
          <Button variant="outline" className="mt-4" onClick={() => void refetch()} disabled={isFetching}>
            {t('rooms.retry')}
          </Button>
        </Card>
      ) : byCategory.length === 0 ? (
        <Card className="p-8 text-center">
          <p className="font-semibold">{t('rooms.empty')}</p>
          <p className="mt-1 text-sm text-muted-foreground">{t('rooms.emptyHint')}</p>
        </Card>
      ) : (
        // Columns of category cards: a category with one room takes one row's height, never a half-empty row.
        <div className="gap-4 sm:columns-2 lg:columns-3">
          {byCategory.map((group) => (
            <section
              key={group.key}
              aria-labelledby={`category-${group.key}`}
              className="mb-4 break-inside-avoid overflow-hidden rounded-xl border bg-card shadow-sm"
            >
              <h2 id={`category-${group.key}`} className="border-b bg-muted/40 px-4 py-2 text-sm font-semibold">
                {ROOM_CATEGORY_TEXT[group.key]}
              </h2>
              <ul className="divide-y">
                {group.rooms.map((room) => (
                  <li key={room.id}>
                    <RoomCard room={room} locked={locked(room)} onOpen={() => open(room)} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}

      {gateRoom ? (
        <SignupGate roomName={gateRoom.name} onDismiss={() => setGateRoom(null)} onJoined={() => navigate(`/chat/${gateRoom.id}`)} />
      ) : null}
      <CreateRoomDialog open={creating} onOpenChange={setCreating} onCreated={(room) => navigate(`/chat/${room.id}`)} />
    </div>
  );
}
