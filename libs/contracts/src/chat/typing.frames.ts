import type { UserSummary } from '../common/user';

/** At most one typing frame per person and room is passed on in this long (the server drops the rest). */
export const TYPING_THROTTLE_MS = 2000;
/** A typing entry shows this long after its last frame unless the person's message arrives first. */
export const TYPING_EXPIRY_MS = 5000;
/** Names shown in the indicator; more read as "Several people are typing…". */
export const TYPING_NAMES_SHOWN = 3;

/** Client -> server: the person is typing in the room their socket joined. */
export interface TypingFrame {
  type: 'typing';
  roomId: number;
}

/** Server -> the room's other sockets (published on the room's event subject, so every gateway delivers it). */
export interface UserTypingFrame {
  type: 'user_typing';
  roomId: number;
  user: Pick<UserSummary, 'id' | 'username'>;
}

/** "Ana is typing…", "Ana and Bo are typing…", "Ana, Bo and Cy are typing…", then "Several people are typing…". */
export function typingText(names: readonly string[]): string {
  if (names.length === 0) return '';
  if (names.length > TYPING_NAMES_SHOWN) return 'Several people are typing…';
  if (names.length === 1) return `${names[0]} is typing…`;
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]} are typing…`;
}

/** Why a typing frame was refused. */
export const TypingMessages = {
  GuestsCannotType: 'Guests cannot type in chats',
  JoinToType: 'Join this room before typing in it',
} as const;
