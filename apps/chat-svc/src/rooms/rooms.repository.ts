import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { RoomCategory, RoomOrigin } from '@app/contracts';
import type { Knex } from '@mikro-orm/postgresql';
import { Room } from './room.entity';

export interface ParticipantRow {
  userId: number;
  lastReadSeq: number;
  /** When they last read the chat; null until they first did. */
  lastReadAt: Date | null;
  hiddenUpToSeq: number | null;
}

export interface SummaryRow {
  room: Room;
  otherId: number;
  lastReadSeq: number;
  lastMessage: { id: number; content: string; type: string; createdAt: Date; senderId: number; removedById: number | null } | null;
}

export interface NewPublicRoom {
  name: string;
  description: string | null;
  category: RoomCategory;
  maxUsers: number;
  customRules: string | null;
  messageCooldown: number;
  allowImages: boolean;
  allowGifs: boolean;
  vipOnly: boolean;
  createdById: number;
}

export interface NewPrivateRoom {
  name: string;
  origin: Exclude<RoomOrigin, 'public'>;
  originPublicRoomId: number | null;
  sellerId: number | null;
  sellerUserId: number | null;
  pairKey: string;
  createdById: number;
  participants: [number, number];
}

/** Queries on rooms and their participants, in SQL where one statement says it best. */
@Injectable()
export class RoomsRepository {
  constructor(private readonly em: EntityManager) {}

  async findById(id: number): Promise<Room | null> {
    const { rows } = await this.knex().raw('select * from rooms where id = ?', [id]);
    return rows[0] ? toRoom(rows[0]) : null;
  }

  /** Public rooms that are not archived, the most recently active first. */
  async listPublic(q: string | undefined, category: RoomCategory | undefined): Promise<Room[]> {
    const query = this.knex()('rooms')
      .where('type', 'public')
      .whereNull('archived_at')
      .orderByRaw('coalesce(last_message_at, created_at) desc, id asc')
      .limit(500);
    if (category) query.andWhere('category', category);
    if (q?.trim()) {
      const like = `%${q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query.andWhere((w) => w.whereILike('name', like).orWhereILike('description', like));
    }
    return (await query).map(toRoom);
  }

  /**
   * Archives the public rooms people made (seeded rooms have no creator) whose last message,
   * or their creation when they have none, is older than `idleSince`. Answers their ids.
   */
  async archiveIdle(idleSince: Date, now: Date): Promise<number[]> {
    const { rows } = await this.knex().raw(
      `update rooms set archived_at = ?
       where type = 'public' and archived_at is null and created_by_id is not null and coalesce(last_message_at, created_at) < ?
       returning id`,
      [now, idleSince],
    );
    return (rows as Array<{ id: number }>).map((row) => row.id);
  }

  /** Inserts a public room; null when the name is taken. */
  async insertPublic(room: NewPublicRoom): Promise<Room | null> {
    const { rows } = await this.knex().raw(
      `insert into rooms (name, type, category, description, custom_rules, max_users, message_cooldown, allow_images, allow_gifs, vip_only, origin, created_by_id)
       values (?, 'public', ?, ?, ?, ?, ?, ?, ?, ?, 'public', ?)
       on conflict do nothing returning *`,
      [room.name, room.category, room.description, room.customRules, room.maxUsers, room.messageCooldown, room.allowImages, room.allowGifs, room.vipOnly, room.createdById],
    );
    return rows[0] ? toRoom(rows[0]) : null;
  }

  /** The room of this pair and origin, made when missing. `created` tells which. */
  async findOrCreatePrivate(room: NewPrivateRoom): Promise<{ room: Room; created: boolean }> {
    return this.knex().transaction(async (trx) => {
      const inserted = await trx.raw(
        `insert into rooms (name, type, category, origin, origin_public_room_id, seller_id, seller_user_id, pair_key, created_by_id, max_users, message_cooldown)
         values (?, 'private', 'general', ?, ?, ?, ?, ?, ?, 2, 0)
         on conflict (pair_key) do nothing returning *`,
        [room.name, room.origin, room.originPublicRoomId, room.sellerId, room.sellerUserId, room.pairKey, room.createdById],
      );
      const created = inserted.rows.length > 0;
      const row = created ? inserted.rows[0] : (await trx.raw('select * from rooms where pair_key = ?', [room.pairKey])).rows[0];
      const [starter, other] = room.participants;
      // Starting a chat again brings it back for the starter if they had deleted it.
      await trx.raw(
        `insert into room_participants (room_id, user_id) values (?, ?), (?, ?)
         on conflict (room_id, user_id) do update set hidden_up_to_seq =
           case when excluded.user_id = ? then null else room_participants.hidden_up_to_seq end`,
        [row.id, starter, row.id, other, starter],
      );
      return { room: toRoom(row), created };
    });
  }

  async pairExists(pairKey: string): Promise<boolean> {
    const { rows } = await this.knex().raw('select 1 from rooms where pair_key = ?', [pairKey]);
    return rows.length > 0;
  }

  async participants(roomId: number): Promise<ParticipantRow[]> {
    const { rows } = await this.knex().raw(
      'select user_id, last_read_seq, last_read_at, hidden_up_to_seq from room_participants where room_id = ? order by joined_at, user_id',
      [roomId],
    );
    return rows.map((r: Record<string, number | null>) => ({
      userId: r.user_id as number,
      lastReadSeq: r.last_read_seq as number,
      lastReadAt: r.last_read_at ? new Date(r.last_read_at) : null,
      hiddenUpToSeq: r.hidden_up_to_seq,
    }));
  }

  async isParticipant(roomId: number, userId: number): Promise<boolean> {
    const { rows } = await this.knex().raw('select 1 from room_participants where room_id = ? and user_id = ?', [roomId, userId]);
    return rows.length > 0;
  }

  /** Up to the room's newest message; what it now reads up to, or null when nothing new was read. */
  async markRead(roomId: number, userId: number): Promise<{ seq: number; at: Date } | null> {
    const { rows } = await this.knex().raw(
      `update room_participants p set last_read_seq = r.last_seq, last_read_at = now() from rooms r
       where r.id = p.room_id and p.room_id = ? and p.user_id = ? and p.last_read_seq < r.last_seq
       returning p.last_read_seq, p.last_read_at`,
      [roomId, userId],
    );
    return rows[0] ? { seq: rows[0].last_read_seq, at: new Date(rows[0].last_read_at) } : null;
  }

  async hideFor(roomId: number, userId: number): Promise<void> {
    await this.knex().raw(
      `update room_participants p set hidden_up_to_seq = r.last_seq, last_read_seq = r.last_seq from rooms r
       where r.id = p.room_id and p.room_id = ? and p.user_id = ?`,
      [roomId, userId],
    );
  }

  async delete(roomId: number): Promise<void> {
    await this.knex().raw('delete from rooms where id = ?', [roomId]);
  }

  /** A user's private chats (not deleted by them), newest activity first. */
  async summaries(userId: number, filter: { origin?: RoomOrigin; originPublicRoomId?: number } = {}): Promise<SummaryRow[]> {
    const conditions: string[] = [];
    const params: Array<string | number> = [userId];
    if (filter.origin) {
      conditions.push('and r.origin = ?');
      params.push(filter.origin);
    }
    if (filter.originPublicRoomId) {
      conditions.push('and r.origin_public_room_id = ?');
      params.push(filter.originPublicRoomId);
    }
    const { rows } = await this.knex().raw(
      `select r.*, p.last_read_seq as my_last_read_seq, o.user_id as other_id,
              m.id as m_id, m.content as m_content, m.type as m_type, m.created_at as m_created_at, m.sender_id as m_sender_id,
              case when m.removed_at is null then null else coalesce(m.removed_by_id, 0) end as m_removed_by_id
       from room_participants p
       join rooms r on r.id = p.room_id and r.type = 'private'
       join room_participants o on o.room_id = r.id and o.user_id <> p.user_id
       left join lateral (select * from messages mm where mm.room_id = r.id order by mm.seq desc limit 1) m on true
       where p.user_id = ? and (p.hidden_up_to_seq is null or r.last_seq > p.hidden_up_to_seq) ${conditions.join(' ')}
       order by coalesce(r.last_message_at, r.created_at) desc, r.id desc
       limit 200`,
      params,
    );
    return rows.map((row: Record<string, unknown>) => ({
      room: toRoom(row),
      otherId: row.other_id as number,
      lastReadSeq: row.my_last_read_seq as number,
      lastMessage:
        row.m_id == null
          ? null
          : {
              id: Number(row.m_id),
              content: row.m_content as string,
              type: row.m_type as string,
              createdAt: row.m_created_at as Date,
              senderId: row.m_sender_id as number,
              removedById: (row.m_removed_by_id as number | null) ?? null,
            },
    }));
  }

  /** A marketplace chat between the two where each of them wrote at least once. */
  async hasConversation(userA: number, userB: number): Promise<boolean> {
    const { rows } = await this.knex().raw(
      `select 1 from rooms r
       join room_participants a on a.room_id = r.id and a.user_id = ?
       join room_participants b on b.room_id = r.id and b.user_id = ?
       where r.origin = 'marketplace'
         and exists (select 1 from messages m where m.room_id = r.id and m.sender_id = ?)
         and exists (select 1 from messages m where m.room_id = r.id and m.sender_id = ?)
       limit 1`,
      [userA, userB, userA, userB],
    );
    return rows.length > 0;
  }

  private knex(): Knex {
    return this.em.getConnection().getKnex();
  }
}

export function toRoom(row: Record<string, unknown>): Room {
  const room = new Room();
  Object.assign(room, {
    id: row.id,
    name: row.name,
    type: row.type,
    category: row.category,
    description: row.description ?? null,
    customRules: row.custom_rules ?? null,
    maxUsers: row.max_users,
    messageCooldown: row.message_cooldown,
    allowImages: row.allow_images,
    allowGifs: row.allow_gifs,
    vipOnly: row.vip_only ?? false,
    origin: row.origin,
    originPublicRoomId: row.origin_public_room_id ?? null,
    sellerId: row.seller_id ?? null,
    sellerUserId: row.seller_user_id ?? null,
    pairKey: row.pair_key ?? null,
    createdById: row.created_by_id ?? null,
    lastSeq: row.last_seq,
    lastMessageAt: row.last_message_at ?? null,
    createdAt: row.created_at,
    archivedAt: row.archived_at ?? null,
    version: row.version,
  });
  return room;
}
