import type { UserDto } from './common/user';
import type { MessageFormatting, MessageDto, OnlineUserDto, PinnedMessageDto, PrivateChatSummaryDto, ReactionDto, RoomDto } from './chat/chat.types';
import type { MessageType } from './chat/chat.constants';
import type { LinkPreviewDto } from './chat/link-previews';
import type { UserSummary } from './common/user';
import type { CallClientFrame, CallServerFrame } from './calls/calls.frames';
import type { MessageDeletedFrame, ModerationNoticeFrame } from './moderation/moderation.frames';
import type { NotificationChangedFrame, NotificationFrame, NotificationsReadFrame, NotificationsRemovedFrame } from './notifications/notifications.frames';
import type { TypingFrame, UserTypingFrame } from './chat/typing.frames';

/**
 * Frames of the /ws protocol. Every frame is a JSON object with a `type`.
 * The full protocol is described in docs/ws-protocol.md.
 */

// ---- client -> server ----
export interface AuthFrame {
  type: 'auth';
  userId: number;
}

/** Enter a room (a socket is in one room at a time; joining another leaves the first). */
export interface JoinRoomFrame {
  type: 'join_room';
  roomId: number;
  /** The last sequence number seen in this room: the server sends what came after. */
  lastSeq?: number;
}

export interface LeaveRoomFrame {
  type: 'leave_room';
  roomId?: number;
}

export interface SendMessageFrame {
  type: 'send_message';
  content: string;
  messageType?: MessageType;
  formatting?: MessageFormatting;
  metadata?: Record<string, unknown>;
  /** Defaults to the room the socket joined. */
  roomId?: number;
  /** Makes a retry safe: the same clientId never stores a second message. */
  clientId?: string;
  /** A reply: the message of this conversation it answers. */
  replyToId?: number;
  /** The same clientId went before and was not answered (see SendMessageDto.retry). */
  retry?: boolean;
}

export type ClientFrame = AuthFrame | JoinRoomFrame | LeaveRoomFrame | SendMessageFrame | CallClientFrame | TypingFrame;

// ---- server -> client ----
export interface AuthSuccessFrame {
  type: 'auth_success';
  user: UserDto;
}

export interface RoomJoinedFrame {
  type: 'room_joined';
  room: RoomDto;
}

/** History after join: what was missed after lastSeq, or the latest page. Oldest first. */
export interface RoomMessagesFrame {
  type: 'room_messages';
  roomId: number;
  messages: MessageDto[];
  /** More was missed than one frame holds: fetch GET /api/rooms/:id/messages?afterSeq=. */
  hasMore: boolean;
}

export interface NewMessageFrame {
  type: 'new_message';
  roomId: number;
  message: MessageDto;
  /**
   * A private message the other person read as it arrived (they had the chat open): their read
   * mark up to this message, carried here rather than in a messages_read frame of its own.
   */
  readBy?: { userId: number; readAt: string };
}

/** The sender's acknowledgement of a send_message: the stored message. */
/** To everyone in the room: its sender edited this message (within EDIT_WINDOW_MS); replace it by id. */
export interface MessageEditedFrame {
  type: 'message_edited';
  roomId: number;
  message: MessageDto;
}

/** To everyone in the room: a message's reactions changed; they replace the message's reactions. */
export interface ReactionsChangedFrame {
  type: 'reactions_changed';
  roomId: number;
  messageId: number;
  seq: number;
  reactions: ReactionDto[];
}

/**
 * To everyone in the room: a message's link preview arrived (fetched after the message was
 * stored), or went (its sender removed it, or an edit changed the link): null.
 */
export interface LinkPreviewFrame {
  type: 'link_preview';
  roomId: number;
  messageId: number;
  seq: number;
  senderId: number;
  preview: LinkPreviewDto | null;
}

/** To everyone in the room: its pinned messages changed (a pin or unpin); the list, newest first, replaces the old. */
export interface PinsChangedFrame {
  type: 'pins_changed';
  roomId: number;
  pins: PinnedMessageDto[];
}

/** To everyone in a private chat: one of its two people read it up to `seq` ("Seen" with the time). */
export interface MessagesReadFrame {
  type: 'messages_read';
  roomId: number;
  userId: number;
  seq: number;
  readAt: string;
}

export interface MessageAckFrame {
  type: 'message_ack';
  clientId: string | null;
  message: MessageDto;
}

export interface OnlineUsersFrame {
  type: 'online_users';
  roomId: number;
  users: OnlineUserDto[];
}

export interface UserJoinedFrame {
  type: 'user_joined';
  roomId: number;
  user: OnlineUserDto;
  timestamp: string;
}

export interface UserLeftFrame {
  type: 'user_left';
  roomId: number;
  user: UserSummary;
  timestamp: string;
}

export interface LeftRoomFrame {
  type: 'room_left';
  roomId: number;
}

/** To the other participant when someone starts a private chat with them. */
export interface PrivateChatCreatedFrame {
  type: 'private_chat_created';
  chat: PrivateChatSummaryDto;
  by: UserSummary;
}

/** To a seller's sockets, wherever they are, when a buyer writes in a marketplace chat. */
export interface SellerMessageNotificationFrame {
  type: 'seller_message_notification';
  roomId: number;
  message: MessageDto;
  buyer: UserSummary;
}

/** To every socket of a session that lives on when its account changed (a role granted or taken away). */
export interface AccountUpdatedFrame {
  type: 'account_updated';
  user: UserDto;
}

export interface ErrorFrame {
  type: 'error';
  code: string;
  message: string;
  /** Echoes the client id of a send that failed, so the client can match it. */
  clientId?: string;
  [extra: string]: unknown;
}

/** Events on chat.room.<id>.event (chat-svc's, and gateways' user_typing); gateways forward them to the room's sockets. */
export type RoomEventFrame =
  | NewMessageFrame
  | UserJoinedFrame
  | UserLeftFrame
  | MessageDeletedFrame
  | MessageEditedFrame
  | ReactionsChangedFrame
  | MessagesReadFrame
  | UserTypingFrame
  | PinsChangedFrame
  | LinkPreviewFrame;
/** Events chat-svc publishes on chat.user.<id>.event. */
export type UserEventFrame =
  | PrivateChatCreatedFrame
  | SellerMessageNotificationFrame
  | ModerationNoticeFrame
  | NotificationFrame
  | NotificationsReadFrame
  | NotificationChangedFrame
  | NotificationsRemovedFrame;

export type ServerFrame =
  | AuthSuccessFrame
  | RoomJoinedFrame
  | RoomMessagesFrame
  | NewMessageFrame
  | MessageAckFrame
  | OnlineUsersFrame
  | UserJoinedFrame
  | UserLeftFrame
  | LeftRoomFrame
  | PrivateChatCreatedFrame
  | SellerMessageNotificationFrame
  | CallServerFrame
  | MessageDeletedFrame
  | MessageEditedFrame
  | ReactionsChangedFrame
  | PinsChangedFrame
  | LinkPreviewFrame
  | MessagesReadFrame
  | ModerationNoticeFrame
  | NotificationFrame
  | NotificationsReadFrame
  | NotificationChangedFrame
  | NotificationsRemovedFrame
  | AccountUpdatedFrame
  | UserTypingFrame
  | ErrorFrame;

/** Close code the server uses when the session behind a socket ends. */
export const WS_CLOSE_SESSION_ENDED = 4001;
/** Close code (RFC 6455 "Try Again Later") when a dependency is away for a moment: the client reconnects. */
export const WS_CLOSE_TRY_AGAIN = 1013;
/** Close code (RFC 6455 "Service Restart") of a gateway shutting down: the client reconnects, to another gateway. */
export const WS_CLOSE_SERVICE_RESTART = 1012;
