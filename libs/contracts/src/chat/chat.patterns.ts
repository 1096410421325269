import type { RpcErrorBody } from '../errors';
import type { MessageDto } from './chat.types';

/** Request/reply patterns answered by chat-svc (queue group "chat-svc"). */
export const ChatPatterns = {
  /** { userA, userB } -> { exists: boolean }: a marketplace chat where each side wrote at least once. */
  HasConversation: 'chat.conversation.exists',
  /** CreateRoomRequestDto -> RoomDto */
  CreateRoom: 'chat.room.create',
  /** ListPublicRoomsRequestDto -> RoomDto[] (with real online counts) */
  ListPublicRooms: 'chat.room.list-public',
  /** RoomRequestDto -> RoomDto; private rooms only for their participants */
  GetRoom: 'chat.room.get',
  /** RoomRequestDto -> { ok: true }: hides a private chat for the one who deletes it */
  DeleteRoom: 'chat.room.delete',
  /** StartPrivateChatRequestDto -> RoomDto (idempotent for the same pair and origin) */
  StartPrivateChat: 'chat.room.start-private',
  /** ActorRequestDto -> PrivateChatSummaryDto[] */
  MyChats: 'chat.room.my-chats',
  /** ActorRequestDto -> PrivateChatSummaryDto[] of marketplace chats */
  MarketplaceChats: 'chat.room.marketplace-chats',
  /** PrivateChatsFromRoomRequestDto -> PrivateChatSummaryDto[] started from that public room */
  PrivateChatsFromRoom: 'chat.room.private-chats',
  /** SendMessageRequestDto -> MessageDto (the REST and socket paths both use it) */
  SendMessage: 'chat.message.send',
  /** EditMessageRequestDto -> MessageDto: one's own text message, within EDIT_WINDOW_MS, by the rules of sending */
  EditMessage: 'chat.message.edit',
  /** DeleteMessageRequestDto -> { ok: true }: one's own message, at any time */
  DeleteMessage: 'chat.message.delete',
  /** LinkPreviewRequestDto -> { ok: true }: the sender takes their message's link preview away, for good */
  RemoveLinkPreview: 'chat.message.remove-preview',
  /** PreviewImagesDto -> PreviewImagesDto: of these link preview pictures, those a message still shows (media-svc deletes the rest) */
  LinkPreviewImagesInUse: 'chat.link-preview.images-in-use',
  /** ReactionRequestDto -> ReactionDto[] (the message's reactions after): adds one's reaction */
  React: 'chat.message.react',
  /** ReactionRequestDto -> ReactionDto[]: takes one's reaction back */
  Unreact: 'chat.message.unreact',
  /** PinRequestDto -> PinnedMessageDto[] (the room's pins after, newest first): owner and moderators, public rooms */
  PinMessage: 'chat.message.pin',
  /** PinRequestDto -> PinnedMessageDto[] */
  UnpinMessage: 'chat.message.unpin',
  /** RoomRequestDto -> PinnedMessageDto[] newest first, for those who may read the room */
  ListPins: 'chat.room.pins',
  /** ListMessagesRequestDto -> MessageDto[] oldest first */
  ListMessages: 'chat.message.list',
  /** RecentMessagesRequestDto -> MessageDto[] from public rooms, oldest first */
  RecentMessages: 'chat.message.recent',
  /** CatchUpRequestDto -> MessageDto[]: a gateway filling a gap in a room's stream */
  CatchUp: 'chat.message.catch-up',
  /** JoinRoomRequestDto -> JoinRoomResultDto */
  JoinRoom: 'chat.presence.join',
  /** JoinRoomsRequestDto -> JoinRoomsResultDto: many joins in one request, as a gateway sends them */
  JoinRooms: 'chat.presence.join-many',
  /** LeaveRoomRequestDto -> { ok: true } */
  LeaveRoom: 'chat.presence.leave',
  /** InstanceDto -> { ok: true }: a gateway is alive */
  Heartbeat: 'chat.presence.heartbeat',
  /** InstanceDto -> { ok: true }: a gateway shuts down; its sockets leave every room */
  DropInstance: 'chat.presence.drop-instance',
} as const;

/** Subject of a room's fan-out events: chat.room.<roomId>.event */
export const chatRoomEventSubject = (roomId: number | string) => `chat.room.${roomId}.event`;

/** Subject of events for one user's sockets, wherever they are: chat.user.<userId>.event */
export const chatUserEventSubject = (userId: number | string) => `chat.user.${userId}.event`;

/**
 * A socket's send_message, published by the gateway with no RPC around it (SendMessageRequestDto,
 * JSON; chat-svc's replicas share it as a queue group). chat-svc answers it with the room's own
 * new_message, which the sending gateway receives anyway for the socket in that room: one NATS
 * message per send fewer, and the ack leaves with the sender's copy in one write. Only when it
 * publishes none (a refusal, a retry that found its earlier message) does it answer the reply
 * subject, `<the gateway's inbox>.<senderId>.<clientId>`, with a SocketSendAnswer.
 */
export const CHAT_SOCKET_SEND_SUBJECT = 'chat.message.socket-send';

/** chat-svc's answer to a socket send that published no new_message. */
export interface SocketSendAnswer {
  message?: MessageDto;
  error?: RpcErrorBody;
}
