import { Injectable } from '@nestjs/common';
import { EntityManager, type Knex } from '@mikro-orm/postgresql';
import type { MessageType, RoomType } from '@app/contracts';

export interface ContentMessage {
  id: number;
  roomId: number;
  roomType: RoomType;
  seq: number;
  senderId: number;
  content: string;
  type: MessageType;
  createdAt: Date;
  removedAt: Date | null;
}

/** The messages reports and moderation look at, read as they are stored. */
@Injectable()
export class ReportedContentRepository {
  constructor(private readonly em: EntityManager) {}

  async message(id: number): Promise<ContentMessage | null> {
    const { rows } = await this.knex().raw('select m.*, r.type as room_type from messages m join rooms r on r.id = m.room_id where m.id = ?', [id]);
    return rows[0] ? toContentMessage(rows[0]) : null;
  }

  /** The messages up to `count` places before and after a sequence number in its room, oldest first. */
  async around(roomId: number, seq: number, count: number): Promise<ContentMessage[]> {
    const { rows } = await this.knex().raw(
      `select m.*, r.type as room_type from messages m join rooms r on r.id = m.room_id
       where m.room_id = ? and m.seq between ? and ? order by m.seq`,
      [roomId, seq - count, seq + count],
    );
    return rows.map(toContentMessage);
  }

  private knex(): Knex {
    return this.em.getConnection().getKnex();
  }
}

function toContentMessage(row: Record<string, unknown>): ContentMessage {
  return {
    id: Number(row.id),
    roomId: row.room_id as number,
    roomType: row.room_type as RoomType,
    seq: row.seq as number,
    senderId: row.sender_id as number,
    content: row.content as string,
    type: row.type as MessageType,
    createdAt: new Date(row.created_at as string),
    removedAt: row.removed_at ? new Date(row.removed_at as string) : null,
  };
}
