/** Request/reply patterns of blocks, answered by chat-svc (queue group "chat-svc"). */
export const BlockPatterns = {
  /** BlockRequestDto -> BlockedUserDto; 400 for oneself, 403 for a moderator, 404 for an unknown user; blocking twice answers the first block */
  Block: 'chat.block.create',
  /** BlockRequestDto -> { ok: true }; 404 when that person is not blocked */
  Unblock: 'chat.block.delete',
  /** ActorRequestDto -> BlockedUserDto[], newest first */
  List: 'chat.block.list',
  /** BlockBetweenDto -> BlockBetweenAnswerDto: whether either of two people blocked the other */
  Between: 'chat.block.between',
} as const;

/** Events of blocks. Every gateway hears them (no queue group). */
export const BlockEvents = {
  /** A person's block list changed: gateways stop (or start) writing those senders' messages to their sockets. */
  Changed: 'chat.blocks.changed',
} as const;

export interface BlockListChangedEvent {
  userId: number;
  blockedUserIds: number[];
}
