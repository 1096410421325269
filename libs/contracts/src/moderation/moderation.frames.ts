import type { ModerationNoticeDto } from './moderation.types';

/** To everyone in the room: a moderator removed this message; show "removed by a moderator" in its place. */
export interface MessageDeletedFrame {
  type: 'message_deleted';
  roomId: number;
  messageId: number;
  seq: number;
  removedBy: 'moderator';
}

/** To every socket of one person: a warning, a mute (with its end), a lifted mute, the outcome of their report. */
export interface ModerationNoticeFrame {
  type: 'moderation_notice';
  notice: ModerationNoticeDto;
}
