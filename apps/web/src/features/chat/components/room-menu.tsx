import type { RoomDto, UserDto } from '@app/contracts';
import { Crown, DoorOpen, Flag, LayoutGrid, LogOut, MoreVertical, Plus, Trash2, User } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { useAppDispatch } from '@/app/hooks';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { Menu, MenuContent, MenuItem, MenuSeparator, MenuTrigger } from '@/components/ui/menu';
import { useLogout } from '@/features/auth/hooks/use-logout';
import { ActionDialog, type ActionTarget } from '@/features/moderation/components/action-dialog';
import { ReportDialog, type ReportTarget } from '@/features/moderation/components/report-dialog';
import { REPORT_TEXT } from '@/features/moderation/report-copy';
import { openVipDialog } from '@/features/vip/vip-slice';
import { leaveDestination } from '@/lib/chat-source';
import { createRoomDialogSet } from '../chat-slice';
import { mayCreateRooms } from '../constants';
import { CHAT_TEXT, CHAT_TOASTS } from '../chat-copy';

export type RoomMenuProps = { room: RoomDto | undefined; me: UserDto };

export function RoomMenu({ room, me }: RoomMenuProps) {
  const [, navigate] = useLocation();
  const dispatch = useAppDispatch();
  const logout = useLogout();
  const [reporting, setReporting] = useState<ReportTarget | null>(null);
  const [deleting, setDeleting] = useState<ActionTarget | null>(null);
  const publicRoom = room?.type === 'public' ? room : undefined;
  return (
    <Menu>
      <MenuTrigger asChild>
        <Button variant="ghost" size="icon" className="h-9 w-9" aria-label={CHAT_TEXT.menu}>
          <MoreVertical className="h-5 w-5" />
        </Button>
      </MenuTrigger>
      <MenuContent align="end" sideOffset={6} className="w-52">
        <MenuItem onSelect={() => navigate(me.role === 'seller' ? '/seller-profile' : '/profile')}>
          <User className="h-4 w-4 text-muted-foreground" aria-hidden /> {CHAT_TEXT.viewProfile}
        </MenuItem>
        <MenuItem onSelect={() => navigate('/public-rooms')}>
          <LayoutGrid className="h-4 w-4 text-muted-foreground" aria-hidden /> {CHAT_TEXT.browseRooms}
        </MenuItem>
        {mayCreateRooms(me.role) ? (
          <MenuItem onSelect={() => dispatch(createRoomDialogSet(true))}>
            <Plus className="h-4 w-4 text-muted-foreground" aria-hidden /> {CHAT_TEXT.createRoom}
          </MenuItem>
        ) : (
          <MenuItem onSelect={() => dispatch(openVipDialog())}>
            <Crown className="h-4 w-4 text-yellow-500" aria-hidden /> {CHAT_TEXT.upgrade}
          </MenuItem>
        )}
        <MenuItem disabled={!room} onSelect={() => room && navigate(leaveDestination(room))}>
          <DoorOpen className="h-4 w-4 text-muted-foreground" aria-hidden /> {CHAT_TEXT.leaveRoom}
        </MenuItem>
        {publicRoom && me.role !== 'guest' && me.role !== 'moderator' ? (
          <MenuItem onSelect={() => setReporting({ type: 'room', id: publicRoom.id, label: publicRoom.name })}>
            <Flag className="h-4 w-4 text-muted-foreground" aria-hidden /> {REPORT_TEXT.reportRoom}
          </MenuItem>
        ) : null}
        {publicRoom && me.role === 'moderator' ? (
          <MenuItem onSelect={() => setDeleting({ action: 'delete_room', roomId: publicRoom.id, label: publicRoom.name })}>
            <Trash2 className="h-4 w-4 text-destructive" aria-hidden /> {CHAT_TEXT.deleteRoom}
          </MenuItem>
        ) : null}
        <MenuSeparator />
        <MenuItem
          onSelect={async () => {
            if (!(await logout())) toast({ title: CHAT_TOASTS.logoutFailed, variant: 'destructive' });
          }}
        >
          <LogOut className="h-4 w-4 text-muted-foreground" aria-hidden /> {CHAT_TEXT.logout}
        </MenuItem>
      </MenuContent>
      <ReportDialog target={reporting} onClose={() => setReporting(null)} />
      <ActionDialog target={deleting} onClose={() => setDeleting(null)} onDone={() => navigate('/public-rooms')} />
    </Menu>
  );
}
