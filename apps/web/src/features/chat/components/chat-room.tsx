import type { UserDto } from '@app/contracts';
import { roomDescription, VIP_ROOM_ERROR_CODE } from '@app/contracts/browser';
import { Lock } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'wouter';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { Seo } from '@/components/seo';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorBody, errorMessage } from '@/lib/errors';
import { joinRoom, leaveRoom } from '@/lib/socket';
import { useCurrentUser } from '@/features/auth/hooks/use-current-user';
import { useGetRoomFeedQuery, useGetRoomQuery } from '../api/chat-api';
import { recordPublicRoom } from '@/lib/chat-source';
import { createRoomDialogSet, selectCreateRoomOpen } from '../chat-slice';
import { CHAT_TEXT } from '../chat-copy';
import { newestSeq } from '../feed';
import { useConnection } from '../hooks/use-connection';
import { useOlderMessages } from '../hooks/use-older-messages';
import { useStartPrivateChat } from '../hooks/use-start-private-chat';
import { useOutbox, useOutgoing } from '../outbox/use-outbox';
import { ChatHeader, DisconnectedBanner } from './chat-header';
import { ClearCacheDialog } from './clear-cache-dialog';
import { Composer } from './composer';
import { CreateRoomDialog } from './create-room-dialog';
import { MessageList } from './message-list';
import { PinnedBar } from './pinned-bar';
import { RateLimitDialog } from './rate-limit-dialog';
import { SignupGate } from './signup-gate';
import { TypingIndicator } from './typing-indicator';
import { VipRoomLocked } from './vip-room-locked';

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
  const [, navigate] = useLocation();
  const { data: room, error } = useGetRoomQuery(roomId);
  if (errorBody(error)?.code === VIP_ROOM_ERROR_CODE) return <VipRoomLocked />;
  return (
    <main className="flex min-h-dvh items-center justify-center p-4">
      <Seo title={room?.name ?? CHAT_TEXT.joiningRoom} description={room?.type === 'public' ? roomDescription(room) : undefined} />
      <p className="text-lg font-semibold text-muted-foreground" role="status">
        {CHAT_TEXT.joiningRoom}
      </p>
      <SignupGate
        roomName={room?.name ?? `#${roomId}`}
        room={room?.type === 'public' ? room : undefined}
        onDismiss={() => (window.history.length > 1 ? window.history.back() : navigate('/public-rooms'))}
        onJoined={() => window.location.reload()}
      />
    </main>
  );
}

function LiveRoom({ roomId, me }: { roomId: number; me: UserDto }) {
  const dispatch = useAppDispatch();
  const [, navigate] = useLocation();
  const connection = useConnection();
  const createRoomOpen = useAppSelector(selectCreateRoomOpen);
  const { data: roomAnswer, error: roomError } = useGetRoomQuery(roomId);
  const { data: feed } = useGetRoomFeedQuery(roomId);
  // The room's own answer is refreshed when someone leaves a private chat (their last seen); the join's copy is the same room.
  const room = roomAnswer ?? feed?.room ?? undefined;
  const { startWith } = useStartPrivateChat(roomId, me.id);
  const older = useOlderMessages(roomId, feed);
  const outbox = useOutbox(me);
  const outgoing = useOutgoing(outbox, roomId);

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
  if (errorBody(roomError)?.code === VIP_ROOM_ERROR_CODE) return <VipRoomLocked />;
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

  return (
    <main className="flex h-dvh flex-col bg-background">
      <Seo title={room?.name || CHAT_TEXT.loadingRoom} description={isPublic ? roomDescription(room) : undefined} />
      <ChatHeader
        roomId={roomId}
        room={room}
        me={me}
        connection={connection}
        onlineUsers={feed?.onlineUsers ?? []}
        onPickUser={(user) => void startWith(user)}
      />
      {connection.status === 'offline' ? <DisconnectedBanner /> : null}
      {isPublic ? <PinnedBar roomId={roomId} /> : null}

      {feed ? (
        <MessageList
          feed={feed}
          room={room}
          me={me}
          older={older}
          onAuthorClick={isPublic ? (author) => void startWith(author) : undefined}
          outgoing={outgoing}
          onRetry={(clientId) => outbox.retry(clientId)}
          onDiscard={(clientId) => outbox.discard(clientId)}
        />
      ) : (
        <div className="flex-1" />
      )}

      {room ? <TypingIndicator roomId={roomId} /> : null}
      {room && me.role === 'guest' ? (
        <div className="border-t bg-card px-4 py-3 text-center text-sm">
          <p className="text-muted-foreground">{CHAT_TEXT.guestReadOnly}</p>
          <Button asChild size="sm" className="mt-2">
            <Link to="/auth">{CHAT_TEXT.signUpToChat}</Link>
          </Button>
        </div>
      ) : room ? (
        <Composer room={room} me={me} disabled={!connection.online || !feed?.joined} />
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
