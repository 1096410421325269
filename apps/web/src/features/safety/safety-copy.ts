/** Blocking's words; the server's refusals come from SafetyMessages. */
export const BLOCK_TEXT = {
  block: (name: string) => `Block ${name}`,
  unblock: (name: string) => `Unblock ${name}`,
  blocked: (name: string) => `You blocked ${name}`,
  unblocked: (name: string) => `You unblocked ${name}`,
  blockHint: 'You will not see their messages, and neither of you can start a private chat with the other. They are not told.',
  failed: 'Something went wrong. Please try again.',
  listTitle: 'Blocked people',
  listDescription: 'People you blocked cannot start private chats with you, and you do not see their messages. They are not told.',
  listEmpty: 'You have not blocked anyone.',
  unblockButton: 'Unblock',
  blockedOn: 'Blocked',
  loading: 'Loading...',
} as const;
