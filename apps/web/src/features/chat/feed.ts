import type { LinkPreviewDto, MessageDto, MessageQuoteDto, OnlineUserDto, ReactionDto, UserSummary } from '@app/contracts';
import type { RoomFeed, RoomNotice } from './types';
import { quoteLine } from '@app/contracts/browser';

/** Notices kept per room: enough to read back, bounded for a busy room. */
const MAX_NOTICES = 200;

/** Adds messages by sequence; one already there (a send's echo, a resumed page) is not added twice. */
export function mergeMessages(feed: RoomFeed, incoming: MessageDto[]): RoomFeed {
  const known = new Set(feed.messages.map((m) => m.id));
  const fresh = incoming.filter((m) => !known.has(m.id) && (known.add(m.id), true));
  if (fresh.length === 0) return feed;
  feed.messages.push(...fresh);
  if (feed.messages.some((m, i) => i > 0 && m.seq < feed.messages[i - 1].seq)) feed.messages.sort((a, b) => a.seq - b.seq);
  return feed;
}

/** A message changed after it was sent (its sender edited it): the stored one takes its place. */
export function replaceMessage(feed: RoomFeed, message: MessageDto): RoomFeed {
  const at = feed.messages.findIndex((m) => m.id === message.id);
  if (at >= 0) feed.messages[at] = message;
  // The replies quoting it show its new first line.
  for (const reply of feed.messages) if (reply.replyTo?.id === message.id) Object.assign(reply.replyTo, quoteOf(message));
  return feed;
}

/** What a quote of this message (a reply's, a pin's) shows of it now. */
export function quoteOf(message: MessageDto): Pick<MessageQuoteDto, 'type' | 'text'> {
  return { type: message.type, text: message.type === 'text' || message.type === 'emoji' ? quoteLine(message.content) : '' };
}

/** A message's reactions changed: the new list replaces the old (none: the message has none). */
export function setReactions(feed: RoomFeed, messageId: number, reactions: ReactionDto[]): RoomFeed {
  const message = feed.messages.find((m) => m.id === messageId);
  if (message) {
    if (reactions.length) message.reactions = reactions;
    else delete message.reactions;
  }
  return feed;
}

/** A private chat's person read it up to `seq`; an older mark arriving late changes nothing. */
export function markRead(feed: RoomFeed, userId: number, seq: number, readAt: string): RoomFeed {
  const reader = feed.room?.participants.find((p) => p.id === userId);
  if (reader && (reader.lastRead?.seq ?? 0) < seq) reader.lastRead = { seq, at: readAt };
  return feed;
}

/** A message's link preview arrived, or went (null). */
export function setLinkPreview(feed: RoomFeed, messageId: number, preview: LinkPreviewDto | null): RoomFeed {
  const message = feed.messages.find((m) => m.id === messageId);
  if (message) {
    if (preview && !message.removedBy) message.linkPreview = preview;
    else delete message.linkPreview;
  }
  return feed;
}

/** A message its sender or a moderator removed: its words go, a marker stays. */
export function removeMessage(feed: RoomFeed, messageId: number, removedBy: 'moderator' | 'sender'): RoomFeed {
  const removed = feed.messages.find((m) => m.id === messageId);
  if (removed) {
    removed.content = '';
    removed.removedBy = removedBy;
    delete removed.editedAt;
    delete removed.mentions;
    delete removed.linkPreview;
  }
  // The replies quoting it show it removed.
  for (const reply of feed.messages) {
    if (reply.replyTo?.id !== messageId) continue;
    reply.replyTo.text = '';
    reply.replyTo.removedBy = removedBy;
  }
  return feed;
}

export function addNotice(feed: RoomFeed, type: RoomNotice['type'], user: UserSummary, timestamp: string) {
  feed.notices.push({ id: `${type}-${user.id}-${timestamp}`, type, userId: user.id, username: user.username, timestamp });
  if (feed.notices.length > MAX_NOTICES) feed.notices.splice(0, feed.notices.length - MAX_NOTICES);
}

export function upsertOnlineUser(feed: RoomFeed, user: OnlineUserDto) {
  feed.onlineUsers = [...feed.onlineUsers.filter((u) => u.id !== user.id), user];
}

export function newestSeq(feed: RoomFeed | undefined): number | undefined {
  const last = feed?.messages[feed.messages.length - 1];
  return last?.seq;
}

export type StreamItem = { kind: 'message'; message: MessageDto; at: number } | { kind: 'notice'; notice: RoomNotice; at: number };

/** Messages and join/leave notices as one stream by time (messages keep their sequence order). */
export function streamOf(feed: RoomFeed): StreamItem[] {
  const items: StreamItem[] = feed.messages.map((message) => ({ kind: 'message', message, at: Date.parse(message.createdAt) }));
  const notices: StreamItem[] = feed.notices.map((notice) => ({ kind: 'notice', notice, at: Date.parse(notice.timestamp) }));
  if (notices.length === 0) return items;
  // A stable merge: both lists are already in time order.
  const out: StreamItem[] = [];
  let i = 0;
  let j = 0;
  while (i < items.length || j < notices.length) {
    if (j >= notices.length || (i < items.length && items[i].at <= notices[j].at)) out.push(items[i++]);
    else out.push(notices[j++]);
  }
  return out;
}
