import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

/** The browsers accounts have signed in from, as stored: by the SHA-256 of their device cookie. */
@Injectable()
export class KnownDevicesRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * Records the device for the account, or notes it seen again now; whether it was new. One
   * statement, so two sign-ins from one new browser at once find it new once.
   */
  async note(userId: number, deviceHash: string): Promise<boolean> {
    const [row] = await this.em.getConnection().execute<Array<{ inserted: boolean }>>(
      `insert into "known_devices" ("user_id", "device_hash") values (?, ?)
       on conflict ("user_id", "device_hash") do update set "last_seen_at" = now()
       returning (xmax = 0) as "inserted"`,
      [userId, deviceHash],
    );
    return !!row?.inserted;
  }

  /** Whether the account is known on any device but this one. */
  async knowsOtherThan(userId: number, deviceHash: string): Promise<boolean> {
    const [row] = await this.em.getConnection().execute<Array<{ known: boolean }>>(
      `select exists (select 1 from "known_devices" where "user_id" = ? and "device_hash" <> ?) as "known"`,
      [userId, deviceHash],
    );
    return !!row?.known;
  }
}
