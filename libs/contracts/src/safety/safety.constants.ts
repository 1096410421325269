/** Blocks, privacy, the content filter and the limits on abuse paths: values server and screens share. */

/** A person may block this many others: enough for anyone, and it keeps per-viewer filtering cheap. */
export const BLOCK_LIST_MAX = 1000;

/** Regular users in public rooms: messages with a link, at most this many in the window. */
export const LINK_MESSAGE_LIMIT = 2;
export const LINK_WINDOW_MS = 10 * 60 * 1000;

/** Defaults of the creation limits (each configurable per deployment). */
export const PUBLIC_ROOMS_PER_DAY = 5;
export const PRIVATE_CHATS_PER_HOUR = 30;
export const DAY_MS = 24 * 60 * 60 * 1000;

/** Every refusal of the safety rules, as the server sends it and the screens show it. */
export const SafetyMessages = {
  SelfBlock: 'You cannot block yourself',
  NotBlocked: 'This person is not blocked',
  /** Moderators stay reachable: a block would shut out the people who act on reports. */
  ModeratorNotBlockable: 'Moderators cannot be blocked. If a moderator treats you badly, report them instead.',
  BlockListFull: `You can block at most ${BLOCK_LIST_MAX} people`,
  /** To the one who blocked: the chat is read-only until they unblock. */
  youBlocked: (name: string) => `You blocked ${name}. Unblock them to send messages.`,
  youBlockedChat: (name: string) => `You blocked ${name}. Unblock them to start a chat.`,
  /** To the one blocked: the same words whatever the reason, so a block is never told. */
  CannotReply: "You can't reply to this conversation",
  NotAcceptingChats: 'This person is not accepting private chats',
  youBlockedCall: (name: string) => `You blocked ${name}. Unblock them to call.`,
  CannotCall: 'This expert cannot take calls from you.',
  JoinToSend: 'Join this room to send messages',
  WordsNotAllowed: {
    username: 'This username contains words that are not allowed',
    roomName: 'Room name contains words that are not allowed',
    description: 'Description contains words that are not allowed',
    customRules: 'Rules contain words that are not allowed',
    displayName: 'Display name contains words that are not allowed',
    bio: 'Bio contains words that are not allowed',
  },
  linkSpam: (wait: string) => `You can share at most ${LINK_MESSAGE_LIMIT} links every 10 minutes. Please wait ${wait}.`,
  roomsPerDay: (limit: number, wait: string) => `You can create at most ${limit} public rooms a day. Please wait ${wait}.`,
  privateChatsPerHour: (limit: number, wait: string) => `You can start at most ${limit} new private chats an hour. Please wait ${wait}.`,
  FrameRate: 'Too many requests on this connection. Please slow down.',
} as const;

/** "45 seconds", "12 minutes", "3 hours": a wait in the largest unit that reads well. */
export function describeWait(ms: number): string {
  const { amount, unit } = describeWaitValues(ms);
  return `${amount} ${unit}`;
}

/** describeWait's amount and unit apart, for a message's code to carry (`{amount} {unit}`). */
export function describeWaitValues(ms: number): { amount: number; unit: 'second' | 'seconds' | 'minutes' | 'hours' } {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 120) return { amount: seconds, unit: seconds === 1 ? 'second' : 'seconds' };
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return { amount: minutes, unit: 'minutes' };
  return { amount: Math.ceil(minutes / 60), unit: 'hours' };
}
