import { Injectable } from '@nestjs/common';
import { EntityManager, type Knex } from '@mikro-orm/postgresql';
import { BLOCK_LIST_MAX } from '@app/contracts';

export interface BlockRow {
  blockedId: number;
  createdAt: Date;
}

export type BlockInsert = { state: 'blocked' | 'already'; createdAt: Date } | { state: 'full' };

@Injectable()
export class BlocksRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * Adds a block unless the list is full. The blocker's rows are locked while counting, so two
   * blocks at once cannot pass the limit together.
   */
  async insert(blockerId: number, blockedId: number): Promise<BlockInsert> {
    return this.knex().transaction(async (trx) => {
      await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`user_blocks:${blockerId}`]);
      const existing = await trx.raw('select created_at from user_blocks where blocker_id = ? and blocked_id = ?', [blockerId, blockedId]);
      if (existing.rows[0]) return { state: 'already' as const, createdAt: existing.rows[0].created_at as Date };
      const { rows } = await trx.raw('select count(*)::int as n from user_blocks where blocker_id = ?', [blockerId]);
      if ((rows[0].n as number) >= BLOCK_LIST_MAX) return { state: 'full' as const };
      const inserted = await trx.raw('insert into user_blocks (blocker_id, blocked_id) values (?, ?) returning created_at', [blockerId, blockedId]);
      return { state: 'blocked' as const, createdAt: inserted.rows[0].created_at as Date };
    });
  }

  /** False when there was no such block. */
  async delete(blockerId: number, blockedId: number): Promise<boolean> {
    const { rowCount } = await this.knex().raw('delete from user_blocks where blocker_id = ? and blocked_id = ?', [blockerId, blockedId]);
    return (rowCount ?? 0) > 0;
  }

  /** Lifts every block of this person; the blockers whose lists changed. */
  async deleteOfBlocked(blockedId: number): Promise<number[]> {
    const { rows } = await this.knex().raw('delete from user_blocks where blocked_id = ? returning blocker_id', [blockedId]);
    return (rows as Array<{ blocker_id: number }>).map((r) => r.blocker_id);
  }

  async listOf(blockerId: number): Promise<BlockRow[]> {
    const { rows } = await this.knex().raw(
      'select blocked_id, created_at from user_blocks where blocker_id = ? order by created_at desc, blocked_id desc',
      [blockerId],
    );
    return (rows as Array<{ blocked_id: number; created_at: Date }>).map((r) => ({ blockedId: r.blocked_id, createdAt: r.created_at }));
  }

  async blockedIds(blockerId: number): Promise<number[]> {
    const { rows } = await this.knex().raw('select blocked_id from user_blocks where blocker_id = ? order by blocked_id', [blockerId]);
    return (rows as Array<{ blocked_id: number }>).map((r) => r.blocked_id);
  }

  /** Whom each of these people blocked: one query for many (a gateway's batch of joins). */
  async blockedIdsOfMany(blockerIds: number[]): Promise<Map<number, number[]>> {
    const blocked = new Map<number, number[]>(blockerIds.map((id) => [id, []]));
    if (blockerIds.length === 0) return blocked;
    const { rows } = await this.knex().raw('select blocker_id, blocked_id from user_blocks where blocker_id = any(?) order by blocked_id', [
      [...new Set(blockerIds)],
    ]);
    for (const row of rows as Array<{ blocker_id: number; blocked_id: number }>) blocked.get(row.blocker_id)?.push(row.blocked_id);
    return blocked;
  }

  /** Which of the two blocked the other. */
  async between(a: number, b: number): Promise<{ aBlockedB: boolean; bBlockedA: boolean }> {
    const { rows } = await this.knex().raw(
      'select blocker_id from user_blocks where (blocker_id = ? and blocked_id = ?) or (blocker_id = ? and blocked_id = ?)',
      [a, b, b, a],
    );
    const blockers = new Set((rows as Array<{ blocker_id: number }>).map((r) => r.blocker_id));
    return { aBlockedB: blockers.has(a), bBlockedA: blockers.has(b) };
  }

  /**
   * In a private room, the other participant and which of the two blocked the other (one
   * statement, as every send into a private chat asks it).
   */
  async inRoom(roomId: number, userId: number): Promise<{ otherId: number | null; byMe: boolean; byOther: boolean }> {
    const { rows } = await this.knex().raw(
      `select o.user_id as other_id,
              exists (select 1 from user_blocks b where b.blocker_id = ? and b.blocked_id = o.user_id) as by_me,
              exists (select 1 from user_blocks b where b.blocker_id = o.user_id and b.blocked_id = ?) as by_other
       from room_participants o where o.room_id = ? and o.user_id <> ? limit 1`,
      [userId, userId, roomId, userId],
    );
    const row = rows[0] as { other_id: number; by_me: boolean; by_other: boolean } | undefined;
    return row ? { otherId: row.other_id, byMe: row.by_me, byOther: row.by_other } : { otherId: null, byMe: false, byOther: false };
  }

  private knex(): Knex {
    return this.em.getConnection().getKnex();
  }
}
