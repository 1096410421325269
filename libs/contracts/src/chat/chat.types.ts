import type { UserRole, UserSummary } from '../common/user';
import type { MessageType, RoomCategory } from './chat.constants';
import type { RpcErrorBody } from '../errors';
import type { LinkPreviewDto } from './link-previews';

export type RoomType = 'public' | 'private';
/** Where a private room was started: from a public room or the marketplace. */
export type RoomOrigin = 'public' | 'room' | 'marketplace';

export interface MessageFormatting {
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  fontSize?: number;
  color?: string;
}

export interface MessageDto {
  id: number;
  roomId: number;
  /** 1, 2, 3 ... within the room: a client that sees a gap fetches what is missing. */
  seq: number;
  content: string;
  type: MessageType;
  formatting: MessageFormatting | null;
  metadata: Record<string, unknown> | null;
  senderId: number;
  sender: UserSummary;
  clientId: string | null;
  createdAt: string;
  /**
   * Set when the message was removed, its content emptied: by a moderator ("removed by a
   * moderator") or by its sender ("message deleted").
   */
  removedBy?: 'moderator' | 'sender';
  /** When its sender last edited it (shown "edited"). */
  editedAt?: string;
  /** The people its @username mentions resolved to when it was stored, each with the name as written (absent when none). */
  mentions?: MessageMention[];
  /** Its reactions, most chosen first; absent when it has none. */
  reactions?: ReactionDto[];
  /** A reply: the message it answers, as that message reads now; absent when it answers none. */
  replyTo?: MessageQuoteDto;
  /** Its first link's preview, added after it was sent (link_preview); absent when it has none. */
  linkPreview?: LinkPreviewDto;
}

/**
 * The quote a reply shows of the message it answers: its author and first line. It follows the
 * original: an edit's message_edited and a removal's message_deleted change it on readers too.
 */
export interface MessageQuoteDto {
  id: number;
  seq: number;
  sender: UserSummary;
  type: MessageType;
  /** The first line of a text message (quoteLine); empty for other kinds and once removed. */
  text: string;
  /** Set once the original was removed, as its own removedBy. */
  removedBy?: 'moderator' | 'sender';
}

/** A message pinned in its room: shown in the room's pinned bar (the newest) and its info panel. */
export interface PinnedMessageDto {
  message: MessageQuoteDto;
  pinnedBy: UserSummary;
  pinnedAt: string;
}

/** One emoji on a message: how many chose it and (the first REACTION_NAMES_SHOWN of) who. */
export interface ReactionDto {
  emoji: string;
  count: number;
  users: Array<{ id: number; username: string }>;
}

/** A mention of a message: who it resolved to, and the @name (lower-case) that named them, for highlighting. */
export interface MessageMention {
  id: number;
  username: string;
}

export interface RoomParticipantDto {
  id: number;
  username: string;
  avatar: string | null;
  role: UserRole;
  /** When the person was last active in chat; null when unknown or when they hide it (chat-svc always sends it). */
  lastSeen?: string | null;
  /** Private chats: how far they have read and when ("Seen" under the last message they read); null before they first did. */
  lastRead?: { seq: number; at: string } | null;
}

export interface RoomDto {
  id: number;
  name: string;
  type: RoomType;
  category: RoomCategory;
  description: string | null;
  customRules: string | null;
  maxUsers: number;
  messageCooldown: number;
  allowImages: boolean;
  allowGifs: boolean;
  /** Public rooms only vip, seller and moderator members may enter; others see it locked. */
  vipOnly: boolean;
  origin: RoomOrigin;
  originPublicRoomId: number | null;
  sellerId: number | null;
  /** Private rooms: the two people. Public rooms: empty (see onlineCount and online_users). */
  participants: RoomParticipantDto[];
  /** People in the room right now (public rooms). */
  onlineCount: number;
  lastSeq: number;
  createdAt: string;
  /** Public rooms: the person who created it, its owner (who may pin, as moderators may); null otherwise. chat-svc always sends it. */
  ownerId?: number | null;
  /** Public rooms, as one room is answered (GET /api/rooms/:id, a join): its owner, shown in the room's information. */
  owner?: UserSummary | null;
  /**
   * False when the viewer may not send here: a private chat where either person blocked the
   * other ("You can't reply to this conversation"). chat-svc always sends it.
   */
  canReply?: boolean;
  /** The viewer blocked the other person of this private chat ("You blocked <name>"). chat-svc always sends it. */
  blockedByYou?: boolean;
  /**
   * For the viewer of a public room with send limits: how long their next message would be
   * refused for, measured when the answer was made; null when they may send now.
   */
  sendWait?: SendWaitDto | null;
}

/** A wait before the next send: the room's cooldown or the hourly quota, in ms. */
export interface SendWaitDto {
  reason: 'cooldown' | 'hourly';
  waitMs: number;
}

export interface PrivateChatSummaryDto {
  id: number;
  name: string;
  origin: RoomOrigin;
  originPublicRoomId: number | null;
  sellerId: number | null;
  otherParticipant: RoomParticipantDto;
  hasUnreadMessages: boolean;
  /** removedBy as on a message: it was taken back or removed, and carries no words. */
  lastMessage: { id: number; content: string; type: MessageType; createdAt: string; sender: UserSummary; removedBy?: MessageDto['removedBy'] } | null;
  lastActivityAt: string;
}

export interface OnlineUserDto extends UserSummary {
  joinedAt: string;
}

export interface JoinRoomResultDto {
  room: RoomDto;
  /** What the client missed after lastSeq (or the latest page when none was given), oldest first. */
  messages: MessageDto[];
  /** True when more was missed than fits one answer: fetch the rest with GET .../messages?afterSeq=. */
  hasMore: boolean;
  onlineUsers: OnlineUserDto[];
  /** People whose messages this viewer does not see (those they blocked): the gateway leaves them out of the live stream. */
  hiddenSenderIds?: number[];
}

/** The answer to JoinRoomsRequestDto. */
export interface JoinRoomsResultDto {
  /** Each joined room's online list as everyone in it sees it, once for all the joins into it. */
  onlineUsers: Record<number, OnlineUserDto[]>;
  /**
   * One per join, in their order: the join's answer, whose onlineUsers is there only when the
   * joiner's own list differs from the room's (they hide their status, and see themselves),
   * or the error that refused it.
   */
  results: Array<{ joined: Omit<JoinRoomResultDto, 'onlineUsers'> & { onlineUsers?: OnlineUserDto[] } } | { error: RpcErrorBody }>;
}

export interface StatsDto {
  totalUsers: number | null;
  rating: number | null;
}
