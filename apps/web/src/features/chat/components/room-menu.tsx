import type { RoomDto, UserDto } from '@app/contracts';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Crown, DoorOpen, Flag, LayoutGrid, LogOut, MoreVertical, Plus, Trash2, User } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { useAppDispatch } from '../../../app/hooks';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { useLogout } from '../../auth/hooks/use-logout';
import { ActionDialog, type ActionTarget } from '../../moderation/components/action-dialog';
import { ReportDialog, type ReportTarget } from '../../moderation/components/report-dialog';
import { REPORT_TEXT } from '../../moderation/report-copy';
import { openVipDialog } from '../../vip/vip-slice';
import { leaveDestination } from '../../../lib/chat-source';
import { createRoomDialogSet } from '../chat-slice';
import { mayCreateRooms } from '../constants';
import { CHAT_TEXT, CHAT_TOASTS } from '../chat-copy';

const ITEM = 'flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm outline-none select-none data-[highlighted]:bg-muted';

export type RoomMenuProps = { room: RoomDto | undefined; me: UserDto };

export function RoomMenu({ room, me }: RoomMenuProps) {
  const [, navigate] = useLocation();
  const dispatch = useAppDispatch();
  const logout = useLogout();
  const [reporting, setReporting] = useState<ReportTarget | null>(null);
  const [deleting, setDeleting] = useState<ActionTarget | null>(null);
  const publicRoom = room?.type === 'public' ? room : undefined;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button variant="ghost" size="icon" className="h-9 w-9" aria-label={CHAT_TEXT.menu}>
          <MoreVertical className="h-5 w-5" />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className="z-50 w-52 rounded-lg border bg-card p-1 shadow-lg">
          <DropdownMenu.Item className={ITEM} onSelect={() => navigate(me.role === 'seller' ? '/seller-profile' : '/profile')}>
            <User className="h-4 w-4 text-muted-foreground" aria-hidden /> {CHAT_TEXT.viewProfile}
          </DropdownMenu.Item>
          <DropdownMenu.Item className={ITEM} onSelect={() => navigate('/public-rooms')}>
            <LayoutGrid className="h-4 w-4 text-muted-foreground" aria-hidden /> {CHAT_TEXT.browseRooms}
          </DropdownMenu.Item>
          {mayCreateRooms(me.role) ? (
            <DropdownMenu.Item className={ITEM} onSelect={() => dispatch(createRoomDialogSet(true))}>
              <Plus className="h-4 w-4 text-muted-foreground" aria-hidden /> {CHAT_TEXT.createRoom}
            </DropdownMenu.Item>
          ) : (
            <DropdownMenu.Item className={ITEM} onSelect={() => dispatch(openVipDialog())}>
              <Crown className="h-4 w-4 text-yellow-500" aria-hidden /> {CHAT_TEXT.upgrade}
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item className={ITEM} disabled={!room} onSelect={() => room && navigate(leaveDestination(room))}>
            <DoorOpen className="h-4 w-4 text-muted-foreground" aria-hidden /> {CHAT_TEXT.leaveRoom}
          </DropdownMenu.Item>
          {publicRoom && me.role !== 'guest' && me.role !== 'moderator' ? (
            <DropdownMenu.Item className={ITEM} onSelect={() => setReporting({ type: 'room', id: publicRoom.id, label: publicRoom.name })}>
              <Flag className="h-4 w-4 text-muted-foreground" aria-hidden /> {REPORT_TEXT.reportRoom}
            </DropdownMenu.Item>
          ) : null}
          {publicRoom && me.role === 'moderator' ? (
            <DropdownMenu.Item className={ITEM} onSelect={() => setDeleting({ action: 'delete_room', roomId: publicRoom.id, label: publicRoom.name })}>
              <Trash2 className="h-4 w-4 text-destructive" aria-hidden /> {CHAT_TEXT.deleteRoom}
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item
            className={ITEM}
            onSelect={async () => {
              if (!(await logout())) toast({ title: CHAT_TOASTS.logoutFailed, variant: 'destructive' });
            }}
          >
            <LogOut className="h-4 w-4 text-muted-foreground" aria-hidden /> {CHAT_TEXT.logout}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
      <ReportDialog target={reporting} onClose={() => setReporting(null)} />
      <ActionDialog target={deleting} onClose={() => setDeleting(null)} onDone={() => navigate('/public-rooms')} />
    </DropdownMenu.Root>
  );
}
