import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  Equals,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { ActorDto } from '../../common/actor.dto';
import { IsCursor, IsId, Optional } from '../../common/validation';
import {
  CLIENT_ID_PATTERN,
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
import { VOICE_NOTE_MAX_MS, VOICE_NOTE_TOLERANCE_MS } from '../../media/media.constants';

import { said } from '../../common/field-messages';

const NOT_BLANK = /\S/;

// ---------------------------------------------------------------- HTTP bodies and queries

/** POST /api/rooms: the spec's public room form. */
export class CreateRoomDto {
  @IsString(said('room_name_required'))
  @Matches(NOT_BLANK, said('room_name_required'))
  @MaxLength(ROOM_NAME_MAX, said('room_name_too_long', { max: ROOM_NAME_MAX }))
  name: string;

  @Optional()
  @IsString()
  @MaxLength(ROOM_DESCRIPTION_MAX, said('room_description_too_long', { max: ROOM_DESCRIPTION_MAX }))
  description?: string;

  @IsString(said('room_category_required'))
  @IsIn(ROOM_CATEGORY_KEYS, said('room_category_required'))
  category: RoomCategory;

  @Optional()
  @IsInt(said('room_max_users_whole_number'))
  @Min(ROOM_MAX_USERS_MIN, said('room_max_users_too_few', { min: ROOM_MAX_USERS_MIN }))
  @Max(ROOM_MAX_USERS_MAX, said('room_max_users_too_many', { max: ROOM_MAX_USERS_MAX }))
  maxUsers?: number;

  @Optional()
  @IsString()
  @MaxLength(ROOM_RULES_MAX, said('room_rules_too_long', { max: ROOM_RULES_MAX }))
  customRules?: string;

  @Optional()
  @IsInt(said('room_cooldown_whole_number'))
  @Min(ROOM_COOLDOWN_MIN, said('room_cooldown_range', { min: ROOM_COOLDOWN_MIN, max: ROOM_COOLDOWN_MAX }))
  @Max(ROOM_COOLDOWN_MAX, said('room_cooldown_range', { min: ROOM_COOLDOWN_MIN, max: ROOM_COOLDOWN_MAX }))
  messageCooldown?: number;

  @Optional()
  @Equals('public', said('room_public_only'))
  type?: 'public';

  /** Whether images and GIFs may be sent here, by anyone (off unless the creator turns them on). */
  @Optional()
  @IsBoolean(said('room_allow_images_flag'))
  allowImages?: boolean;

  @Optional()
  @IsBoolean(said('room_allow_gifs_flag'))
  allowGifs?: boolean;

  /** Only vip, seller and moderator members may enter ("exclusive VIP rooms"). */
  @Optional()
  @IsBoolean(said('room_vip_only_flag'))
  vipOnly?: boolean;
}

/** POST /api/rooms/private: from a public room (userId + originRoomId) or the marketplace (sellerId). */
export class StartPrivateChatDto {
  @ValidateIf((o: StartPrivateChatDto) => o.sellerId === undefined)
  @IsId(said('private_chat_target_required'))
  userId?: number;

  @ValidateIf((o: StartPrivateChatDto) => o.userId !== undefined)
  @IsId(said('private_chat_origin_required'))
  originRoomId?: number;

  @ValidateIf((o: StartPrivateChatDto) => o.userId === undefined)
  @IsId(said('private_chat_target_required'))
  sellerId?: number;
}

export class MessageFormattingDto {
  @Optional() @IsBoolean() bold?: boolean;
  @Optional() @IsBoolean() italic?: boolean;
  @Optional() @IsBoolean() underline?: boolean;

  @Optional()
  @IsIn(FONT_SIZES as readonly number[], said('message_font_size_choice', { sizes: FONT_SIZES.join(', ') }))
  fontSize?: number;

  @Optional()
  @IsIn(COLOR_PALETTE as readonly string[], said('message_colour_choice'))
  color?: string;
}

export class MessageMetadataDto {
  @Optional() @IsString() @MaxLength(255) originalName?: string;
  @Optional() @IsString() @MaxLength(100) mimeType?: string;
  @Optional() @IsInt() @Min(0) size?: number;
  @Optional() @IsInt() @Min(0) width?: number;
  @Optional() @IsInt() @Min(0) height?: number;
  /** Voice notes: as the voice upload answered it. */
  @Optional() @IsInt() @Min(0) @Max(VOICE_NOTE_MAX_MS + VOICE_NOTE_TOLERANCE_MS) durationMs?: number;
}

/** A message's words, as sent or edited: not blank, at most MESSAGE_MAX characters. */
export function IsMessageContent(): PropertyDecorator {
  return (target, key) => {
    IsString(said('message_empty'))(target, key);
    Matches(NOT_BLANK, said('message_empty'))(target, key);
    MaxLength(MESSAGE_MAX, said('message_too_long', { max: MESSAGE_MAX }))(target, key);
  };
}

/**
 * POST /api/rooms/:roomId/messages and the socket's send_message. For image and gif
 * messages `content` is the /media/chat/... URL the upload returned.
 */
export class SendMessageDto {
  @IsMessageContent()
  content: string;

  @Optional()
  @IsIn(MESSAGE_TYPES as readonly string[], said('message_type_choice', { types: MESSAGE_TYPES.join(', ') }))
  type?: MessageType;

  @Optional()
  @ValidateNested()
  @Type(() => MessageFormattingDto)
  formatting?: MessageFormattingDto;

  @Optional()
  @ValidateNested()
  @Type(() => MessageMetadataDto)
  metadata?: MessageMetadataDto;

  /** Chosen by the client per message: a retry with the same id never makes a duplicate. */
  @Optional()
  @IsString()
  @Matches(CLIENT_ID_PATTERN, said('message_client_id'))
  clientId?: string;

  /** A reply: the message it answers, one of this conversation's that the sender can see. */
  @Optional()
  @IsId()
  replyToId?: number;

  /**
   * This send went before under the same client id and its answer never came: it is judged on
   * a fresh read, so if it was stored it is answered with that message and counts against no
   * limit again. Optional: a retry without it is still stored once, but may count twice.
   */
  @Optional()
  @IsBoolean()
  retry?: boolean;
}

export class PublicRoomsQueryDto {
  @Optional() @IsIn(['public'], said('rooms_type_public')) type?: 'public';
  @Optional() @IsString() @MaxLength(100) q?: string;
  @Optional() @IsIn(ROOM_CATEGORY_KEYS, said('room_category_unknown')) category?: RoomCategory;
}

export class MessagesQueryDto {
  /** Messages older than this id (the page before). */
  @Optional() @Type(() => Number) @IsId() before?: number;
  /** Messages newer than this id. */
  @Optional() @Type(() => Number) @IsCursor() after?: number;
  /** Messages after this room sequence number (gap filling). */
  @Optional() @Type(() => Number) @IsCursor() afterSeq?: number;
  @Optional() @Type(() => Number) @IsInt() @Min(1) @Max(MESSAGE_PAGE_MAX) limit?: number;
}

export class RecentMessagesQueryDto {
  @Optional() @Type(() => Number) @IsInt() @Min(1) @Max(RECENT_MESSAGES_MAX) limit?: number;
}

// ---------------------------------------------------------------- NATS requests (gateway -> chat-svc)

/** Who acts, as the gateway's session says. chat-svc keeps it in its users read model. */
export class CreateRoomRequestDto extends CreateRoomDto {
  @ValidateNested() @Type(() => ActorDto) actor: ActorDto;
}

export class StartPrivateChatRequestDto {
  @ValidateNested() @Type(() => ActorDto) actor: ActorDto;
  @IsId() otherUserId: number;
  @Optional() @IsId() originRoomId?: number;
  /** Set when started from the marketplace: the seller profile behind otherUserId. */
  @Optional() @IsId() sellerId?: number;
  @Optional() @IsString() @MaxLength(100) sellerName?: string;
}

export class RoomRequestDto {
  @Optional() @ValidateNested() @Type(() => ActorDto) actor?: ActorDto;
  @IsId() roomId: number;
}

export class ActorRequestDto {
  @ValidateNested() @Type(() => ActorDto) actor: ActorDto;
}

export class ListPublicRoomsRequestDto {
  @Optional() @IsString() @MaxLength(100) q?: string;
  @Optional() @IsIn(ROOM_CATEGORY_KEYS) category?: RoomCategory;
}

export class ListMessagesRequestDto extends MessagesQueryDto {
  @Optional() @ValidateNested() @Type(() => ActorDto) actor?: ActorDto;
  @IsId() roomId: number;
}

export class RecentMessagesRequestDto extends RecentMessagesQueryDto {}

export class SendMessageRequestDto extends SendMessageDto {
  @ValidateNested() @Type(() => ActorDto) actor: ActorDto;
  @IsId() roomId: number;
}

export class PrivateChatsFromRoomRequestDto extends ActorRequestDto {
  @IsId() roomId: number;
}

export class JoinRoomRequestDto {
  @ValidateNested() @Type(() => ActorDto) actor: ActorDto;
  @IsId() roomId: number;
  /** The gateway instance that holds the socket: presence entries die with it. */
  @IsString() @IsNotEmpty() @MaxLength(128) instance: string;
  @IsString() @IsNotEmpty() @MaxLength(64) socketId: string;
  /** The last sequence number the client saw in this room: what came after is sent back. */
  @Optional() @IsCursor() lastSeq?: number;
}

/** At most this many joins in one request. */
export const JOIN_BATCH_MAX = 100;

/** Joins a gateway asks for together: those that waited for a turn while a restart's herd came back. */
export class JoinRoomsRequestDto {
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(JOIN_BATCH_MAX)
  @ValidateNested({ each: true })
  @Type(() => JoinRoomRequestDto)
  joins: JoinRoomRequestDto[];
}

export class LeaveRoomRequestDto {
  @IsId() userId: number;
  @IsId() roomId: number;
  @IsString() @IsNotEmpty() @MaxLength(128) instance: string;
  @IsString() @IsNotEmpty() @MaxLength(64) socketId: string;
}

export class InstanceDto {
  @IsString() @IsNotEmpty() @MaxLength(128) instance: string;
}

/** The gateway fills a gap in a room's stream (it holds sockets of that room). */
export class CatchUpRequestDto {
  @IsId() roomId: number;
  @IsCursor() afterSeq: number;
  @Optional() @IsInt() @Min(1) @Max(MESSAGE_PAGE_MAX) limit?: number;
}

export class HasConversationDto {
  @IsId() userA: number;
  @IsId() userB: number;
}
