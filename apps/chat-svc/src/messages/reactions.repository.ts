import { Injectable } from '@nestjs/common';
import { EntityManager, type Knex } from '@mikro-orm/postgresql';
import { REACTION_NAMES_SHOWN, REACTIONS_PER_MESSAGE_MAX, type ReactionDto } from '@app/contracts';

/** The emoji would be one more kind than a message may carry. */
export class TooManyReactionsError extends Error {}

/** Who chose which emoji on which message: one row per message, person and emoji. */
@Injectable()
export class ReactionsRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * Adds the person's reaction (again is a no-op). The message row is locked meanwhile, so two
   * people adding new kinds at once cannot pass the cap together.
   */
  async add(messageId: number, userId: number, emoji: string): Promise<void> {
    await this.knex().transaction(async (trx) => {
      await trx.raw('select id from messages where id = ? for update', [messageId]);
      const { rows } = await trx.raw(
        `select count(distinct emoji)::int as kinds, bool_or(emoji = ?) as known from message_reactions where message_id = ?`,
        [emoji, messageId],
      );
      if (!rows[0].known && rows[0].kinds >= REACTIONS_PER_MESSAGE_MAX) throw new TooManyReactionsError();
      await trx.raw(`insert into message_reactions (message_id, user_id, emoji) values (?, ?, ?) on conflict do nothing`, [messageId, userId, emoji]);
    });
  }

  async remove(messageId: number, userId: number, emoji: string): Promise<void> {
    await this.knex().raw('delete from message_reactions where message_id = ? and user_id = ? and emoji = ?', [messageId, userId, emoji]);
  }

  /** Each message's reactions, most chosen first (then first chosen), with the first people who chose each. */
  async summaries(messageIds: number[]): Promise<Map<number, ReactionDto[]>> {
    const byMessage = new Map<number, ReactionDto[]>();
    if (messageIds.length === 0) return byMessage;
    const { rows } = await this.knex().raw(
      `select r.message_id, r.emoji, count(*)::int as count, min(r.created_at) as first_at,
              (array_agg(json_build_object('id', u.id, 'username', coalesce(u.username, 'Unknown User')) order by r.created_at))[1:?] as users
         from message_reactions r left join chat_users u on u.id = r.user_id
        where r.message_id = any(?)
        group by r.message_id, r.emoji
        order by r.message_id, count desc, first_at`,
      [REACTION_NAMES_SHOWN, messageIds],
    );
    for (const row of rows as Array<{ message_id: string | number; emoji: string; count: number; users: Array<{ id: number; username: string }> }>) {
      const id = Number(row.message_id);
      const list = byMessage.get(id) ?? [];
      list.push({ emoji: row.emoji, count: row.count, users: row.users });
      byMessage.set(id, list);
    }
    return byMessage;
  }

  private knex(): Knex {
    return this.em.getConnection().getKnex();
  }
}
