import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';

/**
 * The browsers an account has signed in from, by their device cookie (only its SHA-256 is
 * kept). Kept in PostgreSQL, not with the sessions: a device stays known after its sessions end.
 */
@Injectable()
export class KnownDevices {
  constructor(private readonly em: EntityManager) {}

  /** Records the device for the account; answers whether it is new to an account that knew others before. */
  async note(userId: number, deviceId: string): Promise<{ new: boolean; knewOthers: boolean }> {
    const hash = createHash('sha256').update(deviceId).digest('hex');
    const connection = this.em.getConnection();
    const [row] = await connection.execute<Array<{ inserted: boolean }>>(
      `insert into "known_devices" ("user_id", "device_hash") values (?, ?)
       on conflict ("user_id", "device_hash") do update set "last_seen_at" = now()
       returning (xmax = 0) as "inserted"`,
      [userId, hash],
    );
    if (!row?.inserted) return { new: false, knewOthers: true };
    const [others] = await connection.execute<Array<{ known: boolean }>>(
      `select exists (select 1 from "known_devices" where "user_id" = ? and "device_hash" <> ?) as "known"`,
      [userId, hash],
    );
    return { new: true, knewOthers: !!others?.known };
  }
}
