import { Injectable } from '@nestjs/common';
import { EntityManager, type Knex } from '@mikro-orm/postgresql';

export interface MuteRow {
  userId: number;
  endsAt: Date;
  reason: string;
  createdById: number;
  createdAt: Date;
  liftedAt: Date | null;
  liftedById: number | null;
}

/** A mute row (of user_mutes) that holds now: not lifted, not over. */
export const MUTE_IN_FORCE = 'lifted_at is null and ends_at > now()';

/**
 * One row per user: their latest mute. It is in force while not lifted and not past its end,
 * so a mute ends at its time with no job to end it. A new mute takes the row only when none is
 * in force, in one statement, so two moderators muting at once leave one mute.
 */
@Injectable()
export class MutesRepository {
  constructor(private readonly em: EntityManager) {}

  async inForce(userId: number, db: Knex = this.knex()): Promise<MuteRow | null> {
    const { rows } = await db.raw(`select * from user_mutes where user_id = ? and ${MUTE_IN_FORCE}`, [userId]);
    return rows[0] ? toMute(rows[0]) : null;
  }

  /** Mutes the user for durationMs; null when a mute is already in force. */
  async mute(trx: Knex.Transaction, mute: { userId: number; durationMs: number; reason: string; byId: number }): Promise<MuteRow | null> {
    const { rows } = await trx.raw(
      `insert into user_mutes (user_id, ends_at, reason, created_by_id, created_at)
       values (?, now() + ? * interval '1 millisecond', ?, ?, now())
       on conflict (user_id) do update set ends_at = excluded.ends_at, reason = excluded.reason,
         created_by_id = excluded.created_by_id, created_at = excluded.created_at, lifted_at = null, lifted_by_id = null
       where user_mutes.lifted_at is not null or user_mutes.ends_at <= now()
       returning *`,
      [mute.userId, mute.durationMs, mute.reason, mute.byId],
    );
    return rows[0] ? toMute(rows[0]) : null;
  }

  /** Ends the mute in force now; null when there is none. */
  async lift(trx: Knex.Transaction, userId: number, byId: number): Promise<MuteRow | null> {
    const { rows } = await trx.raw(
      `update user_mutes set lifted_at = now(), lifted_by_id = ?
       where user_id = ? and lifted_at is null and ends_at > now() returning *`,
      [byId, userId],
    );
    return rows[0] ? toMute(rows[0]) : null;
  }

  private knex(): Knex {
    return this.em.getConnection().getKnex();
  }
}

function toMute(row: Record<string, unknown>): MuteRow {
  return {
    userId: row.user_id as number,
    endsAt: new Date(row.ends_at as string),
    reason: row.reason as string,
    createdById: row.created_by_id as number,
    createdAt: new Date(row.created_at as string),
    liftedAt: row.lifted_at ? new Date(row.lifted_at as string) : null,
    liftedById: (row.lifted_by_id as number | null) ?? null,
  };
}
