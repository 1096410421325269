import type { MessageDto, RoomDto, UserDto } from '@app/contracts';
import { LogIn, LogOut, MessageSquare } from 'lucide-react';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useAppDispatch } from '@/app/hooks';
import { replyStarted } from '../chat-slice';
import { CHAT_TEXT } from '../chat-copy';
import { streamOf, type StreamItem } from '../feed';
import { useNow } from '@/hooks/use-now';
import { FOLLOW_THRESHOLD_PX, useFocusMessage } from '../hooks/use-focus-message';
import type { OlderMessages } from '../hooks/use-older-messages';
import type { RoomFeed, RoomNotice } from '../types';
import { useBlockToggle } from '@/features/safety/hooks/use-block-toggle';
import { HistoryStart } from './history-start';
import { ImageViewer, isPicture } from './image-viewer';
import { MessageGroup } from './message-group';
import { OutgoingMessages, type OutgoingMessagesProps } from './outgoing-messages';
import { PersonMenu } from './person-menu';

const RELATIVE_TIME_REFRESH_MS = 30_000;

export type MessageListProps = {
  feed: RoomFeed;
  room: RoomDto | undefined;
  me: UserDto;
  /** Scrolling back through history; without it the list shows only what the feed holds. */
  older?: OlderMessages;
  /** Public rooms: clicking an author starts a private chat. */
  onAuthorClick?: (author: MessageDto['sender']) => void;
  /** My messages on their way (the outbox), shown after the stored ones. */
  outgoing?: OutgoingMessagesProps['entries'];
  onRetry?: OutgoingMessagesProps['onRetry'];
  onDiscard?: OutgoingMessagesProps['onDiscard'];
};

const NOTHING_OUTGOING: OutgoingMessagesProps['entries'] = [];

type Block = { kind: 'group'; key: string; sender: MessageDto['sender']; messages: MessageDto[] } | { kind: 'notice'; key: string; notice: RoomNotice };

function noop() {}

/** Consecutive messages of one sender form one group; a notice between them splits it. */
function blocksOf(items: StreamItem[]): Block[] {
  const blocks: Block[] = [];
  for (const item of items) {
    if (item.kind === 'notice') {
      blocks.push({ kind: 'notice', key: item.notice.id, notice: item.notice });
      continue;
    }
    const last = blocks[blocks.length - 1];
    if (last?.kind === 'group' && last.sender.id === item.message.senderId) last.messages.push(item.message);
    else blocks.push({ kind: 'group', key: `m${item.message.id}`, sender: item.message.sender, messages: [item.message] });
  }
  return blocks;
}

export function MessageList({ feed, room, me, older, onAuthorClick, outgoing = NOTHING_OUTGOING, onRetry = noop, onDiscard = noop }: MessageListProps) {
  const now = useNow(RELATIVE_TIME_REFRESH_MS);
  const scroller = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const following = useRef(true);
  /** Where the reader is, from the bottom, and the first message then: older pages keep the view still. */
  const position = useRef<{ fromBottom: number; firstId: number | undefined }>({ fromBottom: 0, firstId: undefined });
  const dispatch = useAppDispatch();
  const member = me.role !== 'guest';
  const writes = member && room?.canReply !== false;
  const blocking = useBlockToggle(member);
  // The server leaves blocked people's messages out; what arrived before the block goes too, and so do their comings and goings.
  const blocks = useMemo(() => {
    const items = streamOf(feed);
    const hidden = blocking.blockedIds;
    return blocksOf(hidden.size ? items.filter((item) => !hidden.has(item.kind === 'message' ? item.message.senderId : item.notice.userId)) : items);
  }, [feed, blocking.blockedIds]);
  // The viewer moves between the pictures shown here, in the order shown.
  const pictures = useMemo(() => blocks.flatMap((block) => (block.kind === 'group' ? block.messages.filter(isPicture) : [])), [blocks]);
  // A private chat: "Seen" under my newest message the other person has read.
  const live = feed.room ?? room;
  const upTo = live?.type === 'private' ? live.participants.find((p) => p.id !== me.id)?.lastRead : undefined;
  const seen = useMemo(() => {
    if (!upTo) return undefined;
    const last = feed.messages.findLast((m) => m.senderId === me.id && m.seq <= upTo.seq && !m.removedBy);
    return last ? { messageId: last.id, at: upTo.at } : undefined;
  }, [feed.messages, upTo, me.id]);
  // A message is shown once: as soon as the stored one is here, its outbox entry is not, whichever news came first.
  const waiting = useMemo(() => {
    if (outgoing.length === 0) return outgoing;
    const stored = new Set(feed.messages.filter((m) => m.senderId === me.id && m.clientId).map((m) => m.clientId));
    return outgoing.filter((entry) => !stored.has(entry.clientId));
  }, [outgoing, feed.messages, me.id]);
  const count = feed.messages.length + feed.notices.length + waiting.length;
  const firstId = feed.messages[0]?.id;

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (following.current) el.scrollTop = el.scrollHeight;
    else if (position.current.firstId !== undefined && firstId !== position.current.firstId) {
      el.scrollTop = el.scrollHeight - el.clientHeight - position.current.fromBottom;
    }
    position.current.firstId = firstId;
  }, [count, feed.joined, firstId]);

  useFocusMessage(scroller, feed, older, following);

  const connecting = !feed.joined && feed.messages.length === 0 && waiting.length === 0;
  const empty = feed.messages.length === 0 && feed.notices.length === 0 && waiting.length === 0;
  const listShown = !connecting && !empty;

  // While following, the newest stays in view whatever changes size: the list's window (the pinned
  // bar appearing above it, the composer growing below it) or what it holds (a picture loaded, a
  // link's card arriving, reactions added).
  useEffect(() => {
    const el = scroller.current;
    if (!el || !listShown) return;
    const observer = new ResizeObserver(() => {
      if (following.current) el.scrollTop = el.scrollHeight;
    });
    observer.observe(el);
    if (list.current) observer.observe(list.current);
    return () => observer.disconnect();
  }, [listShown]);

  if (connecting) {
    return (
      <div className="flex flex-1 items-center justify-center p-6 text-muted-foreground" role="status">
        <span className="mr-2 h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden />
        {CHAT_TEXT.connectingToChat}
      </div>
    );
  }

  if (empty) {
    return (
      <div className="flex flex-1 flex-col items-center justify-center p-6 text-center">
        <MessageSquare className="h-10 w-10 text-muted-foreground" aria-hidden />
        <p className="mt-3 font-semibold">{CHAT_TEXT.emptyTitle}</p>
        <p className="text-sm text-muted-foreground">{CHAT_TEXT.emptyHint}</p>
      </div>
    );
  }

  const clickable = room?.type === 'public' && onAuthorClick !== undefined;
  const lastBlock = blocks[blocks.length - 1];

  return (
    <div
      ref={scroller}
      className="flex-1 overflow-y-auto px-3 py-4 sm:px-6"
      onScroll={(e) => {
        const el = e.currentTarget;
        position.current.fromBottom = el.scrollHeight - el.scrollTop - el.clientHeight;
        following.current = position.current.fromBottom < FOLLOW_THRESHOLD_PX;
      }}
    >
      {older ? <HistoryStart older={older} scroller={scroller} /> : null}
      <ImageViewer messages={pictures}>
        <ol ref={list} className="mx-auto flex max-w-3xl flex-col gap-3" aria-label={CHAT_TEXT.messages} aria-live="polite">
          {blocks.map((block) =>
            block.kind === 'notice' ? (
              <li key={block.key} className="flex items-center justify-center gap-1.5 text-xs text-muted-foreground" data-testid="room-notice">
                {block.notice.type === 'join' ? <LogIn className="h-3 w-3" aria-hidden /> : <LogOut className="h-3 w-3" aria-hidden />}
                {block.notice.type === 'join' ? CHAT_TEXT.joinedNotice(block.notice.username) : CHAT_TEXT.leftNotice(block.notice.username)}
              </li>
            ) : (
              <MessageGroup
                key={block.key}
                sender={block.sender}
                messages={block.messages}
                mine={block.sender.id === me.id}
                now={now}
                onAuthorClick={clickable ? onAuthorClick : undefined}
                actionsFor={
                  member && block.sender.id !== me.id
                    ? (message) => <PersonMenu person={block.sender} message={message} blocks={blocking} onReply={writes ? () => dispatch(replyStarted(message)) : undefined} />
                    : undefined
                }
                ownActions={member && block.sender.id === me.id}
                viewerId={me.id}
                canReact={writes}
                seen={seen}
              />
            ),
          )}
          {waiting.length > 0 ? (
            <OutgoingMessages
              roomId={feed.room?.id ?? room?.id ?? waiting[0].roomId}
              entries={waiting}
              me={me}
              onRetry={onRetry}
              onDiscard={onDiscard}
              continuesMine={lastBlock?.kind === 'group' && lastBlock.sender.id === me.id}
            />
          ) : null}
        </ol>
      </ImageViewer>
    </div>
  );
}
