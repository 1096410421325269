import type { UserDto } from '@app/contracts';
import { ArrowLeft, Lock, RefreshCw } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Seo } from '../../../components/seo';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { errorMessage } from '../../../lib/errors';
import { joinRoom, leaveRoom, retrySocket, selectSocketStatus } from '../../../lib/socket';
import { useCurrentUser } from '../../auth/hooks/use-current-user';
import { ChatCallButtons } from '../../calls/components/call-buttons';
import { useGetRoomFeedQuery, useGetRoomQuery } from '../api/chat-api';
import { leaveDestination, recordPublicRoom } from '../chat-source';
import { clearCacheDialogSet, createRoomDialogSet, selectCreateRoomOpen } from '../chat-slice';
import { ROOM_CATEGORIES } from '@app/contracts/browser';
import { CHAT_TEXT } from '../copy';
import { newestSeq } from '../feed';
import { useOlderMessages } from '../hooks/use-older-messages';
import { useStartPrivateChat } from '../hooks/use-start-private-chat';
import { ClearCacheDialog } from './clear-cache-dialog';
import { Composer } from './composer';
import { CreateRoomDialog } from './create-room-dialog';
import { MessageList } from './message-list';
import { OnlineUsersDrawer } from './online-users-drawer';
import { PrivateChatsDropdown } from './private-chats-dropdown';
import { RateLimitDialog } from './rate-limit-dialog';
import { RoomMenu } from './room-menu';
import { SignupGate } from './signup-gate';

export type ChatRoomProps = { roomId: number };

/** /chat/:roomId: the signup gate for visitors, the live room for everyone signed in. */
export function ChatRoom({ roomId }: ChatRoomProps) {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <FullScreenNote text={CHAT_TEXT.loadingRoom} />;
  if (!user) return <JoiningRoom roomId={roomId} />;
  return <LiveRoom roomId={roomId} me={user} />;
}

function FullScreenNote({ text }: { text: string }) {
  return (
    <main className="flex min-h-dvh items-center justify-center p-4 text-muted-foreground" role="status">
      {text}
    </main>
  );
}

function JoiningRoom({ roomId }: { roomId: number }) {
  const navigate = useNavigate();
  const { data: room } = useGetRoomQuery(roomId);
  return (
    <main className="flex min-h-dvh items-center justify-center p-4">
      <Seo title={room?.name ?? CHAT_TEXT.joiningRoom} />
      <p className="text-lg font-semibold text-muted-foreground" role="status">
        {CHAT_TEXT.joiningRoom}
      </p>
      <SignupGate
        roomName={room?.name ?? `#${roomId}`}
        onDismiss={() => (window.history.length > 1 ? navigate(-1) : navigate('/public-rooms'))}
        onJoined={() => window.location.reload()}
      />
    </main>
  );
}

function LiveRoom({ roomId, me }: { roomId: number; me: UserDto }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const status = useAppSelector(selectSocketStatus);
  const createRoomOpen = useAppSelector(selectCreateRoomOpen);
  const { data: roomAnswer, error: roomError } = useGetRoomQuery(roomId);
  const { data: feed } = useGetRoomFeedQuery(roomId);
  const room = feed?.room ?? roomAnswer;
  const { startWith } = useStartPrivateChat(roomId, me.id);
  const older = useOlderMessages(roomId, feed);

  // What the cache already holds of this room: the join asks only for what came after it.
  const cached = useRef(feed);
  cached.current = feed;
  useEffect(() => {
    dispatch(joinRoom({ roomId, lastSeq: newestSeq(cached.current) }));
    return () => {
      dispatch(leaveRoom({ roomId }));
    };
  }, [dispatch, roomId, me.id]);

  useEffect(() => {
    if (room?.type === 'public') recordPublicRoom(room.id);
  }, [room?.id, room?.type]);

  const problem = feed?.error ?? (roomError && !room ? errorMessage(roomError, CHAT_TEXT.roomUnavailable) : null);
  if (problem) {
    return (
      <main className="flex min-h-dvh items-center justify-center px-4">
        <Card className="w-full max-w-sm p-8 text-center">
          <Lock className="mx-auto mb-3 h-8 w-8 text-muted-foreground" aria-hidden />
          <h1 className="text-lg font-semibold">{CHAT_TEXT.roomUnavailable}</h1>
          <p className="mt-2 text-sm text-muted-foreground" role="alert">
            {problem}
          </p>
          <Button className="mt-6" asChild>
            <Link to="/public-rooms">{CHAT_TEXT.browseRooms}</Link>
          </Button>
        </Card>
      </main>
    );
  }

  const isPublic = room?.type === 'public';
  const online = status === 'online';
  // The server names a private room for its viewer (the other person, or the expert's display name).
  const title = room?.name ?? '';

  return (
    <main className="flex h-dvh flex-col bg-background">
      <Seo title={title || CHAT_TEXT.loadingRoom} />
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
          <h1 className="truncate text-base font-semibold sm:text-lg">{title}</h1>
          <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
            <span
              className={online ? 'h-2 w-2 rounded-full bg-green-500' : status === 'offline' ? 'h-2 w-2 rounded-full bg-red-500' : 'h-2 w-2 animate-pulse rounded-full bg-amber-500'}
              aria-hidden
            />
            <span data-testid="connection-status">{online ? CHAT_TEXT.online : status === 'offline' ? CHAT_TEXT.offline : CHAT_TEXT.connecting}</span>
            {room ? <span className="hidden truncate sm:inline">· {isPublic ? ROOM_CATEGORIES[room.category] : CHAT_TEXT.privateChat}</span> : null}
          </p>
        </div>
        {isPublic ? (
          <>
            <OnlineUsersDrawer users={feed?.onlineUsers ?? []} myId={me.id} onPick={(user) => void startWith(user)} canModerate={me.role !== 'guest'} />
            {me.role !== 'guest' ? <PrivateChatsDropdown roomId={roomId} /> : null}
          </>
        ) : room?.sellerId ? (
          <ChatCallButtons sellerId={room.sellerId} />
        ) : null}
        <RoomMenu room={room} me={me} />
      </header>

      {status === 'offline' ? (
        <div className="flex flex-wrap items-center justify-center gap-2 border-b bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950/30 dark:text-red-300" role="alert">
          {CHAT_TEXT.offline}
          <Button size="sm" variant="outline" onClick={() => dispatch(retrySocket())}>
            <RefreshCw className="h-3.5 w-3.5" /> {CHAT_TEXT.reconnect}
          </Button>
          <Button size="sm" variant="link" onClick={() => dispatch(clearCacheDialogSet(true))}>
            {CHAT_TEXT.connectionTrouble}
          </Button>
        </div>
      ) : null}

      {feed ? <MessageList feed={feed} room={room} me={me} older={older} onAuthorClick={isPublic ? (author) => void startWith(author) : undefined} /> : <div className="flex-1" />}

      {room && me.role === 'guest' ? (
        <div className="border-t bg-card px-4 py-3 text-center text-sm">
          <p className="text-muted-foreground">{CHAT_TEXT.guestReadOnly}</p>
          <Button asChild size="sm" className="mt-2">
            <Link to="/auth">{CHAT_TEXT.signUpToChat}</Link>
          </Button>
        </div>
      ) : room ? (
        <Composer room={room} me={me} disabled={!online || !feed?.joined} />
      ) : null}

      <CreateRoomDialog
        open={createRoomOpen}
        onOpenChange={(open) => dispatch(createRoomDialogSet(open))}
        onCreated={(created) => navigate(`/chat/${created.id}`)}
      />
      <RateLimitDialog />
      <ClearCacheDialog />
    </main>
  );
}
