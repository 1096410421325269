import type { MessageDto, OnlineUserDto, RoomDto, UserRole } from '@app/contracts';

/** A message as the landing preview shows it; the chat feature widens it. */
export interface RecentMessage {
  id: number | string;
  content: string;
  createdAt?: string;
  sender?: { id?: number; username?: string; avatar?: string | null; role?: UserRole } | null;
}

export interface CommunityStats {
  totalUsers: number;
  rating: number;
}

/** A join or leave notice, merged into the message stream by time. */
export interface RoomNotice {
  id: string;
  type: 'join' | 'leave';
  /** Whose arrival or departure: the people the viewer blocked are left out, as their messages are. */
  userId: number;
  username: string;
  timestamp: string;
}

/**
 * A room as the open chat screen knows it: filled and kept current by socket frames
 * (history on join, new messages, presence), never polled.
 */
export interface RoomFeed {
  room: RoomDto | null;
  /** Ordered by sequence, each message once. */
  messages: MessageDto[];
  notices: RoomNotice[];
  onlineUsers: OnlineUserDto[];
  /** The socket confirmed the join and sent the history. */
  joined: boolean;
  /** Why the room cannot be shown (not found, not a participant, full). */
  error: string | null;
}

