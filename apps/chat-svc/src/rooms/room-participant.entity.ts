import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** A person in a private room, with where they stopped reading and whether they deleted the chat. */
@Entity({ tableName: 'room_participants' })
export class RoomParticipant {
  @PrimaryKey({ type: 'integer', autoincrement: false })
  roomId!: number;

  @PrimaryKey({ type: 'integer', autoincrement: false })
  userId!: number;

  @Property({ type: 'integer' })
  lastReadSeq = 0;

  /** Deleted for this person up to this message; a newer message brings the chat back. */
  @Property({ type: 'integer', nullable: true })
  hiddenUpToSeq: number | null = null;

  @Property({ type: 'datetime' })
  joinedAt: Date = new Date();
}
