import { Entity, PrimaryKey, Property } from '@mikro-orm/core';
import { ROOM_COOLDOWN_DEFAULT, ROOM_MAX_USERS_DEFAULT, type RoomCategory, type RoomOrigin, type RoomType } from '@app/contracts';

@Entity({ tableName: 'rooms' })
export class Room {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'string', length: 100 })
  name!: string;

  @Property({ type: 'string', length: 8 })
  type!: RoomType;

  @Property({ type: 'string', length: 20 })
  category: RoomCategory = 'general';

  @Property({ type: 'string', length: 200, nullable: true })
  description: string | null = null;

  @Property({ type: 'string', length: 500, nullable: true })
  customRules: string | null = null;

  @Property({ type: 'integer' })
  maxUsers = ROOM_MAX_USERS_DEFAULT;

  /** Seconds a regular user waits between messages in this public room. */
  @Property({ type: 'integer' })
  messageCooldown = ROOM_COOLDOWN_DEFAULT;

  @Property({ type: 'boolean' })
  allowImages = false;

  @Property({ type: 'boolean' })
  allowGifs = false;

  /** Public rooms only vip, seller and moderator members may enter (see canEnterVipRooms). */
  @Property({ type: 'boolean' })
  vipOnly = false;

  @Property({ type: 'string', length: 12 })
  origin!: RoomOrigin;

  @Property({ type: 'integer', nullable: true })
  originPublicRoomId: number | null = null;

  /** Marketplace chats: the seller profile and the seller's user id. */
  @Property({ type: 'integer', nullable: true })
  sellerId: number | null = null;

  @Property({ type: 'integer', nullable: true })
  sellerUserId: number | null = null;

  /** Private rooms: one per pair of people and origin, so starting a chat twice finds the first. */
  @Property({ type: 'string', length: 80, nullable: true, unique: true })
  pairKey: string | null = null;

  @Property({ type: 'integer', nullable: true })
  createdById: number | null = null;

  /** Sequence number of the room's newest message; bumped under a row lock by each send. */
  @Property({ type: 'integer' })
  lastSeq = 0;

  @Property({ type: 'datetime', nullable: true })
  lastMessageAt: Date | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  /** Set when a public room people made went ROOM_ARCHIVE_AFTER_MS without a message. */
  @Property({ type: 'datetime', nullable: true })
  archivedAt: Date | null = null;

  /** Bumped by PostgreSQL on every change of the room but its message counter (lastSeq, lastMessageAt). */
  @Property({ type: 'integer' })
  version = 0;
}
