/** Request/reply patterns answered by chat-svc (queue group "chat-svc"). */
export const ChatPatterns = {
  /** { userA, userB } -> { exists: boolean }: a marketplace chat where each side wrote at least once. */
  HasConversation: 'chat.conversation.exists',
} as const;

/** Subject of a room's fan-out events: chat.room.<roomId>.event */
export const chatRoomEventSubject = (roomId: number | string) => `chat.room.${roomId}.event`;
