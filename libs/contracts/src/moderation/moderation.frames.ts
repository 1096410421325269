import type { ModerationNoticeDto } from './moderation.types';

/** To everyone in the room: a moderator ("removed by a moderator") or its sender ("message deleted") removed this message. */
export interface MessageDeletedFrame {
  type: 'message_deleted';
  roomId: number;
  messageId: number;
  seq: number;
  removedBy: 'moderator' | 'sender';
}

/** To every socket of one person: a warning, a mute (with its end), a lifted mute, the outcome of their report. */
export interface ModerationNoticeFrame {
  type: 'moderation_notice';
  notice: ModerationNoticeDto;
}
