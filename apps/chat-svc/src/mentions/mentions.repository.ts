import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { UserRole } from '@app/contracts';

export interface MentionCandidate {
  id: number;
  username: string;
  role: UserRole;
}

@Injectable()
export class MentionsRepository {
  constructor(private readonly em: EntityManager) {}

  /** Known people by username (stored lower-case), the sender and those who blocked the sender left out. */
  async candidates(usernames: string[], senderId: number): Promise<MentionCandidate[]> {
    const { rows } = await this.knex().raw(
      `select u.id, u.username, u.role from chat_users u
       where lower(u.username) = any(?) and u.id <> ?
         and not exists (select 1 from user_blocks b where b.blocker_id = u.id and b.blocked_id = ?)`,
      [usernames, senderId, senderId],
    );
    return rows as MentionCandidate[];
  }

  async participants(roomId: number): Promise<Set<number>> {
    const { rows } = await this.knex().raw('select user_id from room_participants where room_id = ?', [roomId]);
    return new Set((rows as Array<{ user_id: number }>).map((r) => r.user_id));
  }

  /** Of these people, the ones who turned mention notifications off. */
  async mentionsOff(ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const { rows } = await this.knex().raw('select id from chat_users where id = any(?) and not notify_mentions', [ids]);
    return new Set((rows as Array<{ id: number }>).map((r) => r.id));
  }

  private knex() {
    return this.em.getConnection().getKnex();
  }
}
