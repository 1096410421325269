import { MessageCircle } from 'lucide-react';
import { useLocation } from 'wouter';
import { UserAvatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Menu, MenuContent, MenuItem, MenuLabel, MenuTrigger } from '@/components/ui/menu';
import { ROOM_PRIVATE_CHATS_POLL_MS, useGetRoomPrivateChatsQuery } from '../api/chat-api';
import { recordChatSource, recordPublicRoom } from '@/lib/chat-source';
import { CHAT_TEXT } from '../chat-copy';
import { shownName } from '@/lib/shown-name';

export type PrivateChatsDropdownProps = { roomId: number };

/** The private chats started from this public room; refetched every 30 s while the page is in front. */
export function PrivateChatsDropdown({ roomId }: PrivateChatsDropdownProps) {
  const [, navigate] = useLocation();
  const { data: chats = [] } = useGetRoomPrivateChatsQuery(roomId, {
    pollingInterval: ROOM_PRIVATE_CHATS_POLL_MS,
    skipPollingIfUnfocused: true,
    refetchOnMountOrArgChange: true,
  });
  const unread = chats.some((chat) => chat.hasUnreadMessages);
  return (
    <Menu>
      <MenuTrigger asChild>
        <Button variant="ghost" size="icon" className="relative h-9 w-9" aria-label={unread ? `${CHAT_TEXT.privateChats} (${CHAT_TEXT.unread})` : CHAT_TEXT.privateChats}>
          <MessageCircle className="h-5 w-5" />
          {unread ? <span className="absolute top-1.5 right-1.5 h-2.5 w-2.5 rounded-full bg-red-500 ring-2 ring-card" data-testid="private-chats-unread" /> : null}
        </Button>
      </MenuTrigger>
      <MenuContent align="end" sideOffset={6} collisionPadding={8} className="w-72 max-w-[calc(100vw-1rem)]">
        <MenuLabel>{CHAT_TEXT.privateChats}</MenuLabel>
        {chats.length === 0 ? <p className="px-2 py-3 text-sm text-muted-foreground">{CHAT_TEXT.noPrivateChats}</p> : null}
        {chats.map((chat) => (
          <MenuItem
            key={chat.id}
            onSelect={() => {
              recordChatSource('public-room');
              recordPublicRoom(roomId);
              navigate(`/chat/${chat.id}`);
            }}
          >
            <UserAvatar name={shownName(chat.otherParticipant.username)} src={chat.otherParticipant.avatar} className="h-8 w-8 text-sm" />
            <span className="min-w-0 flex-1">
              <span className="block truncate font-medium">{shownName(chat.otherParticipant.username)}</span>
              {chat.lastMessage ? <span className="block truncate text-xs text-muted-foreground">{chat.lastMessage.content}</span> : null}
            </span>
            {chat.hasUnreadMessages ? <span className="h-2.5 w-2.5 shrink-0 rounded-full bg-red-500" aria-label={CHAT_TEXT.unread} /> : null}
          </MenuItem>
        ))}
      </MenuContent>
    </Menu>
  );
}
