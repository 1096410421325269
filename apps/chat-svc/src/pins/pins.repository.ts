import { Injectable } from '@nestjs/common';
import { EntityManager, type Knex } from '@mikro-orm/postgresql';
import { PINS_MAX } from '@app/contracts';

export interface PinRow {
  messageId: number;
  pinnedById: number;
  pinnedAt: Date;
}

/** Pinning would pass PINS_MAX. */
export class TooManyPinsError extends Error {}

@Injectable()
export class PinsRepository {
  constructor(private readonly em: EntityManager) {}

  transaction<T>(work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
    return this.knex().transaction(work);
  }

  /**
   * Pins a message of the room; false when it was pinned already. The room's row is locked, so
   * two pins at once never pass PINS_MAX together (TooManyPinsError). Removed messages do not count.
   */
  async pin(trx: Knex.Transaction, roomId: number, messageId: number, byId: number): Promise<boolean> {
    await trx.raw('select id from rooms where id = ? for update', [roomId]);
    const { rows } = await trx.raw(
      `select p.message_id from pinned_messages p join messages m on m.id = p.message_id where p.room_id = ? and m.removed_at is null`,
      [roomId],
    );
    const pinned = (rows as Array<{ message_id: string }>).map((r) => Number(r.message_id));
    if (pinned.includes(messageId)) return false;
    if (pinned.length >= PINS_MAX) throw new TooManyPinsError();
    await trx.raw('insert into pinned_messages (message_id, room_id, pinned_by_id) values (?, ?, ?)', [messageId, roomId, byId]);
    return true;
  }

  /** False when the message was not pinned. */
  async unpin(trx: Knex.Transaction, messageId: number): Promise<boolean> {
    const { rows } = await trx.raw('delete from pinned_messages where message_id = ? returning message_id', [messageId]);
    return rows.length > 0;
  }

  /** The room's pins of messages still there, newest first. */
  async ofRoom(roomId: number): Promise<PinRow[]> {
    const { rows } = await this.knex().raw(
      `select p.message_id, p.pinned_by_id, p.pinned_at from pinned_messages p join messages m on m.id = p.message_id
       where p.room_id = ? and m.removed_at is null order by p.pinned_at desc, p.message_id desc`,
      [roomId],
    );
    return (rows as Array<Record<string, unknown>>).map((r) => ({ messageId: Number(r.message_id), pinnedById: Number(r.pinned_by_id), pinnedAt: new Date(r.pinned_at as string) }));
  }

  private knex(): Knex {
    return this.em.getConnection().getKnex();
  }
}
