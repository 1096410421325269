import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { RoomType } from '@app/contracts';
import { Message } from '../messages/message.entity';

export interface SearchHit {
  messageId: number;
  roomName: string;
  roomType: RoomType;
}

/**
 * PostgreSQL full-text search over the messages a person may read: public rooms that are not
 * archived (VIP-only ones for premium roles only; without the people they blocked) and their own
 * private chats (past what they deleted). The 'simple' configuration (no stemming) serves every language the community
 * writes in; the expression matches the GIN index the migration makes.
 */
@Injectable()
export class SearchRepository {
  constructor(private readonly em: EntityManager) {}

  /** `vipRooms`: whether the reader may read VIP-only rooms (canEnterVipRooms). */
  async messages(readerId: number, vipRooms: boolean, query: string, before: number | undefined, limit: number): Promise<SearchHit[]> {
    const { rows } = await this.em.getConnection().getKnex().raw(
      `select m.id, r.name as room_name, r.type as room_type
         from messages m
         join rooms r on r.id = m.room_id
         left join room_participants p on p.room_id = r.id and p.user_id = :reader
        where m.removed_at is null
          and m.type = 'text'
          and to_tsvector('simple', m.content) @@ websearch_to_tsquery('simple', :query)
          and (:before::bigint is null or m.id < :before::bigint)
          and (
                (r.type = 'public' and r.archived_at is null and (:vipRooms or not r.vip_only)
                  and m.sender_id not in (select blocked_id from user_blocks where blocker_id = :reader))
             or (r.type = 'private' and p.user_id is not null and m.seq > coalesce(p.hidden_up_to_seq, 0))
          )
        order by m.id desc
        limit :limit`,
      { reader: readerId, vipRooms, query, before: before ?? null, limit },
    );
    return (rows as Array<{ id: string | number; room_name: string; room_type: RoomType }>).map((row) => ({
      messageId: Number(row.id),
      roomName: row.room_name,
      roomType: row.room_type,
    }));
  }

  /** The messages the hits name (in no particular order). */
  async messagesByIds(ids: number[]): Promise<Message[]> {
    return this.em.fork().find(Message, { id: { $in: ids } });
  }
}
