import { Type } from 'class-transformer';
import {
  Equals,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { ActorDto } from '../../common/actor.dto';
import {
  COLOR_PALETTE,
  FONT_SIZES,
  MESSAGE_MAX,
  MESSAGE_PAGE_MAX,
  MESSAGE_TYPES,
  RECENT_MESSAGES_MAX,
  ROOM_CATEGORY_KEYS,
  ROOM_COOLDOWN_MAX,
  ROOM_COOLDOWN_MIN,
  ROOM_DESCRIPTION_MAX,
  ROOM_MAX_USERS_MAX,
  ROOM_MAX_USERS_MIN,
  ROOM_NAME_MAX,
  ROOM_RULES_MAX,
  type MessageType,
  type RoomCategory,
} from '../chat.constants';

const NOT_BLANK = /\S/;

// ---------------------------------------------------------------- HTTP bodies and queries

/** POST /api/rooms: the spec's public room form. */
export class CreateRoomDto {
  @IsString({ message: 'Room name is required' })
  @Matches(NOT_BLANK, { message: 'Room name is required' })
  @MaxLength(ROOM_NAME_MAX, { message: 'Room name must be less than 50 characters' })
  name: string;

  @IsOptional()
  @IsString()
  @MaxLength(ROOM_DESCRIPTION_MAX, { message: 'Description must be less than 200 characters' })
  description?: string;

  @IsString({ message: 'Category is required' })
  @IsIn(ROOM_CATEGORY_KEYS, { message: 'Category is required' })
  category: RoomCategory;

  @IsOptional()
  @IsInt({ message: 'Max users must be a whole number' })
  @Min(ROOM_MAX_USERS_MIN, { message: 'Max users must be at least 2' })
  @Max(ROOM_MAX_USERS_MAX, { message: 'Max users must be at most 500' })
  maxUsers?: number;

  @IsOptional()
  @IsString()
  @MaxLength(ROOM_RULES_MAX, { message: 'Rules must be less than 500 characters' })
  customRules?: string;

  @IsOptional()
  @IsInt({ message: 'Message cooldown must be a whole number of seconds' })
  @Min(ROOM_COOLDOWN_MIN, { message: 'Message cooldown must be between 0 and 300 seconds' })
  @Max(ROOM_COOLDOWN_MAX, { message: 'Message cooldown must be between 0 and 300 seconds' })
  messageCooldown?: number;

  @IsOptional()
  @Equals('public', { message: 'Only public rooms can be created here' })
  type?: 'public';

  @IsOptional()
  @Equals(false, { message: 'Images are not allowed in new rooms' })
  allowImages?: boolean;

  @IsOptional()
  @Equals(false, { message: 'GIFs are not allowed in new rooms' })
  allowGifs?: boolean;
}

/** POST /api/rooms/private: from a public room (userId + originRoomId) or the marketplace (sellerId). */
export class StartPrivateChatDto {
  @ValidateIf((o: StartPrivateChatDto) => o.sellerId === undefined)
  @IsInt({ message: 'userId or sellerId is required' })
  @Min(1)
  userId?: number;

  @ValidateIf((o: StartPrivateChatDto) => o.userId !== undefined)
  @IsInt({ message: 'originRoomId is required with userId' })
  @Min(1)
  originRoomId?: number;

  @ValidateIf((o: StartPrivateChatDto) => o.userId === undefined)
  @IsInt({ message: 'userId or sellerId is required' })
  @Min(1)
  sellerId?: number;
}

export class MessageFormattingDto {
  @IsOptional() @IsBoolean() bold?: boolean;
  @IsOptional() @IsBoolean() italic?: boolean;
  @IsOptional() @IsBoolean() underline?: boolean;

  @IsOptional()
  @IsIn(FONT_SIZES as readonly number[], { message: `Font size must be one of ${FONT_SIZES.join(', ')}` })
  fontSize?: number;

  @IsOptional()
  @IsIn(COLOR_PALETTE as readonly string[], { message: 'Colour must be one of the palette colours' })
  color?: string;
}

export class MessageMetadataDto {
  @IsOptional() @IsString() @MaxLength(255) originalName?: string;
  @IsOptional() @IsString() @MaxLength(100) mimeType?: string;
  @IsOptional() @IsInt() @Min(0) size?: number;
  @IsOptional() @IsInt() @Min(0) width?: number;
  @IsOptional() @IsInt() @Min(0) height?: number;
}

/**
 * POST /api/rooms/:roomId/messages and the socket's send_message. For image and gif
 * messages `content` is the /media/chat/... URL the upload returned.
 */
export class SendMessageDto {
  @IsString({ message: 'Message cannot be empty' })
  @Matches(NOT_BLANK, { message: 'Message cannot be empty' })
  @MaxLength(MESSAGE_MAX, { message: `Message must be at most ${MESSAGE_MAX} characters` })
  content: string;

  @IsOptional()
  @IsIn(MESSAGE_TYPES as readonly string[], { message: `Message type must be one of ${MESSAGE_TYPES.join(', ')}` })
  type?: MessageType;

  @IsOptional()
  @ValidateNested()
  @Type(() => MessageFormattingDto)
  formatting?: MessageFormattingDto;

  @IsOptional()
  @ValidateNested()
  @Type(() => MessageMetadataDto)
  metadata?: MessageMetadataDto;

  /** Chosen by the client per message: a retry with the same id never makes a duplicate. */
  @IsOptional()
  @IsString()
  @Matches(/^[\w-]{1,64}$/, { message: 'clientId must be 1-64 letters, digits, - or _' })
  clientId?: string;
}

export class PublicRoomsQueryDto {
  @IsOptional() @IsIn(['public'], { message: 'type must be public' }) type?: 'public';
  @IsOptional() @IsString() @MaxLength(100) q?: string;
  @IsOptional() @IsIn(ROOM_CATEGORY_KEYS, { message: 'Unknown category' }) category?: RoomCategory;
}

export class MessagesQueryDto {
  /** Messages older than this id (the page before). */
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) before?: number;
  /** Messages newer than this id. */
  @IsOptional() @Type(() => Number) @IsInt() @Min(0) after?: number;
  /** Messages after this room sequence number (gap filling). */
  @IsOptional() @Type(() => Number) @IsInt() @Min(0) afterSeq?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(MESSAGE_PAGE_MAX) limit?: number;
}

export class RecentMessagesQueryDto {
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(RECENT_MESSAGES_MAX) limit?: number;
}

// ---------------------------------------------------------------- NATS requests (gateway -> chat-svc)

/** Who acts, as the gateway's session says. chat-svc keeps it in its users read model. */
export class CreateRoomRequestDto extends CreateRoomDto {
  @ValidateNested() @Type(() => ActorDto) actor: ActorDto;
}

export class StartPrivateChatRequestDto {
  @ValidateNested() @Type(() => ActorDto) actor: ActorDto;
  @IsInt() @Min(1) otherUserId: number;
  @IsOptional() @IsInt() @Min(1) originRoomId?: number;
  /** Set when started from the marketplace: the seller profile behind otherUserId. */
  @IsOptional() @IsInt() @Min(1) sellerId?: number;
  @IsOptional() @IsString() @MaxLength(100) sellerName?: string;
}

export class RoomRequestDto {
  @IsOptional() @ValidateNested() @Type(() => ActorDto) actor?: ActorDto;
  @IsInt() @Min(1) roomId: number;
}

export class ActorRequestDto {
  @ValidateNested() @Type(() => ActorDto) actor: ActorDto;
}

export class ListPublicRoomsRequestDto {
  @IsOptional() @IsString() @MaxLength(100) q?: string;
  @IsOptional() @IsIn(ROOM_CATEGORY_KEYS) category?: RoomCategory;
}

export class ListMessagesRequestDto extends MessagesQueryDto {
  @IsOptional() @ValidateNested() @Type(() => ActorDto) actor?: ActorDto;
  @IsInt() @Min(1) roomId: number;
}

export class RecentMessagesRequestDto extends RecentMessagesQueryDto {}

export class SendMessageRequestDto extends SendMessageDto {
  @ValidateNested() @Type(() => ActorDto) actor: ActorDto;
  @IsInt() @Min(1) roomId: number;
}

export class PrivateChatsFromRoomRequestDto extends ActorRequestDto {
  @IsInt() @Min(1) roomId: number;
}

export class JoinRoomRequestDto {
  @ValidateNested() @Type(() => ActorDto) actor: ActorDto;
  @IsInt() @Min(1) roomId: number;
  /** The gateway instance that holds the socket: presence entries die with it. */
  @IsString() @IsNotEmpty() @MaxLength(128) instance: string;
  @IsString() @IsNotEmpty() @MaxLength(64) socketId: string;
  /** The last sequence number the client saw in this room: what came after is sent back. */
  @IsOptional() @IsInt() @Min(0) lastSeq?: number;
}

export class LeaveRoomRequestDto {
  @IsInt() @Min(1) userId: number;
  @IsInt() @Min(1) roomId: number;
  @IsString() @IsNotEmpty() @MaxLength(128) instance: string;
  @IsString() @IsNotEmpty() @MaxLength(64) socketId: string;
}

export class InstanceDto {
  @IsString() @IsNotEmpty() @MaxLength(128) instance: string;
}

/** The gateway fills a gap in a room's stream (it holds sockets of that room). */
export class CatchUpRequestDto {
  @IsInt() @Min(1) roomId: number;
  @IsInt() @Min(0) afterSeq: number;
  @IsOptional() @IsInt() @Min(1) @Max(MESSAGE_PAGE_MAX) limit?: number;
}

export class HasConversationDto {
  @IsInt() userA: number;
  @IsInt() userB: number;
}
