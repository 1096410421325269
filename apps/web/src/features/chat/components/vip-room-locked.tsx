import { Crown, Lock } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'wouter';
import { useAppDispatch } from '@/app/hooks';
import { Seo } from '@/components/seo';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { openVipDialog } from '@/features/vip/vip-slice';
import { CHAT_TEXT, VIP_ROOM_TEXT } from '../chat-copy';

/** /chat/:id of a VIP-only room for someone who may not enter: the room locked, with the VIP offer opened once. */
export function VipRoomLocked() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(openVipDialog());
  }, [dispatch]);
  return (
    <main className="flex min-h-dvh items-center justify-center px-4" data-testid="vip-room-locked">
      <Seo title={VIP_ROOM_TEXT.lockedTitle} />
      <Card className="w-full max-w-sm p-8 text-center">
        <span className="relative mx-auto mb-3 block h-10 w-10">
          <Lock className="h-10 w-10 text-muted-foreground" aria-hidden />
          <Crown className="absolute -top-2 -right-3 h-5 w-5 text-yellow-500" aria-hidden />
        </span>
        <h1 className="text-lg font-semibold">{VIP_ROOM_TEXT.lockedTitle}</h1>
        <p className="mt-2 text-sm text-muted-foreground">{VIP_ROOM_TEXT.lockedBody}</p>
        <div className="mt-6 flex flex-col gap-2">
          <Button onClick={() => dispatch(openVipDialog())}>
            <Crown className="h-4 w-4" aria-hidden /> {VIP_ROOM_TEXT.upgrade}
          </Button>
          <Button variant="outline" asChild>
            <Link to="/public-rooms">{CHAT_TEXT.browseRooms}</Link>
          </Button>
        </div>
      </Card>
    </main>
  );
}
