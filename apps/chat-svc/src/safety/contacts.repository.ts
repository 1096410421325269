import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';

/** Who has reached whom in private, as the rooms record it. */
@Injectable()
export class ContactsRepository {
  constructor(private readonly em: EntityManager) {}

  /** Whether `from` started a private chat that `to` is in. */
  async startedPrivateChat(from: number, to: number): Promise<boolean> {
    const { rows } = await this.em
      .getConnection()
      .getKnex()
      .raw(
        `select 1 from rooms r join room_participants p on p.room_id = r.id and p.user_id = ?
         where r.type = 'private' and r.created_by_id = ? limit 1`,
        [to, from],
      );
    return rows.length > 0;
  }
}
