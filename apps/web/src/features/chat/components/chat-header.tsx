import type { OnlineUserDto, RoomDto, UserDto } from '@app/contracts';
import { ArrowLeft, RefreshCw } from 'lucide-react';
import { useLocation } from 'wouter';
import { useAppDispatch } from '@/app/hooks';
import { Button } from '@/components/ui/button';
import { retrySocket } from '@/lib/socket';
import { ChatCallButtons } from '@/features/calls/components/call-buttons';
import { leaveDestination } from '@/lib/chat-source';
import { clearCacheDialogSet } from '../chat-slice';
import { CHAT_TEXT, ROOM_CATEGORY_TEXT } from '../chat-copy';
import type { Connection } from '../hooks/use-connection';
import { ConnectionStatus } from './connection-status';
import { OnlineUsersDrawer } from './online-users-drawer';
import { ChatPartnerMenu } from './person-menu';
import { PrivateChatPresence } from './private-chat-presence';
import { PrivateChatsDropdown } from './private-chats-dropdown';
import { RoomInfoButton } from './room-info';
import { RoomMenu } from './room-menu';

export type ChatHeaderProps = {
  roomId: number;
  room: RoomDto | undefined;
  me: UserDto;
  connection: Connection;
  onlineUsers: OnlineUserDto[];
  onPickUser: (user: OnlineUserDto) => void;
};

/** The room's name, the reader's connection, and per kind of room: who is here, or who the other person is. */
export function ChatHeader({ roomId, room, me, connection, onlineUsers, onPickUser }: ChatHeaderProps) {
  const [, navigate] = useLocation();
  const isPublic = room?.type === 'public';
  return (
    <header className="flex items-center gap-1 border-b bg-card px-2 py-2 sm:gap-2 sm:px-4">
      <Button
        variant="ghost"
        size="icon"
        className="h-9 w-9 shrink-0"
        aria-label={CHAT_TEXT.leaveRoom}
        disabled={!room}
        onClick={() => room && navigate(leaveDestination(room))}
      >
        <ArrowLeft className="h-5 w-5" />
      </Button>
      <div className="min-w-0 flex-1">
        {/* The server names a private room for its viewer (the other person, or the expert's display name). */}
        <h1 className="truncate text-base font-semibold sm:text-lg">{room?.name ?? CHAT_TEXT.loadingRoom}</h1>
        <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
          <ConnectionStatus connection={connection} quietWhenOnline={room?.type === 'private'} />
          {room && isPublic ? <span className="hidden truncate sm:inline">· {ROOM_CATEGORY_TEXT[room.category]}</span> : null}
          {room && !isPublic && connection.online ? <PrivateChatPresence room={room} me={me} onlineUsers={onlineUsers} /> : null}
        </p>
      </div>
      {isPublic ? (
        <>
          <OnlineUsersDrawer
            users={onlineUsers}
            myId={me.id}
            onPick={onPickUser}
            canModerate={me.role !== 'guest'}
            connection={connection}
          />
          {me.role !== 'guest' ? <PrivateChatsDropdown roomId={roomId} /> : null}
        </>
      ) : room ? (
        <>
          {room.sellerId ? <ChatCallButtons sellerId={room.sellerId} /> : null}
          <ChatPartnerMenu room={room} me={me} />
        </>
      ) : null}
      {room?.type === 'public' ? <RoomInfoButton room={room} me={me} /> : null}
      <RoomMenu room={room} me={me} />
    </header>
  );
}

/** After every retry failed: the one place with the Reconnect button. */
export function DisconnectedBanner() {
  const dispatch = useAppDispatch();
  return (
    <div className="flex flex-wrap items-center justify-center gap-2 border-b bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950/30 dark:text-red-300" role="alert">
      {CHAT_TEXT.offline}
      <Button size="sm" variant="outline" onClick={() => dispatch(retrySocket())}>
        <RefreshCw className="h-3.5 w-3.5" /> {CHAT_TEXT.reconnect}
      </Button>
      <Button size="sm" variant="link" onClick={() => dispatch(clearCacheDialogSet(true))}>
        {CHAT_TEXT.connectionTrouble}
      </Button>
    </div>
  );
}
