import { Injectable } from '@nestjs/common';
import type { EntityData } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { OidcIdentity } from '../oidc/oidc-identity.entity';
import { Passkey } from '../passkeys/passkey.entity';
import { RecoveryCode } from '../two-step/recovery-code.entity';
import { User } from '../users/user.entity';

/** What the erasure leaves of an account's row (the id and the deletion's record stay). */
export type Tombstone = EntityData<User>;

/** Accounts' deletions as stored: the ask, what is due, and auth-svc's part of the erasure. */
@Injectable()
export class AccountDeletionRepository {
  constructor(private readonly em: EntityManager) {}

  /** The account as stored now. */
  async findUser(userId: number): Promise<User | null> {
    return this.em.fork().findOne(User, { id: userId });
  }

  /** Notes the ask and the moment the account is erased. */
  async schedule(userId: number, requestedAt: Date, dueAt: Date): Promise<void> {
    await this.em.fork().nativeUpdate(User, { id: userId }, { deletionRequestedAt: requestedAt, deletionDueAt: dueAt });
  }

  /** Up to `limit` accounts whose erasure was due by `now`, the longest due first. */
  async due(now: Date, limit: number): Promise<User[]> {
    return this.em.fork().find(User, { deletionDueAt: { $lte: now } }, { orderBy: { deletionDueAt: 'asc' }, limit });
  }

  /** Every part is erased: the account is due no more. */
  async finished(userId: number): Promise<void> {
    await this.em.fork().nativeUpdate(User, { id: userId }, { deletionDueAt: null });
  }

  /**
   * auth-svc's part, in one transaction: the row becomes `tombstone` and its passkeys, recovery
   * codes, linked providers and known devices go. 'cancelled' when the account is gone or not due
   * by `now` (a sign-in cancelled it, in this transaction or meanwhile), 'erased' when it was erased
   * before.
   */
  async erase(userId: number, now: Date, tombstone: Tombstone): Promise<'cancelled' | 'erased' | 'newly-erased'> {
    return this.em.fork().transactional(async (tx) => {
      const user = await tx.findOne(User, { id: userId });
      if (!user || !user.deletionDueAt || user.deletionDueAt > now) return 'cancelled' as const;
      if (user.erasedAt) return 'erased' as const;
      const changed = await tx.nativeUpdate(User, { id: userId, deletionDueAt: { $lte: now }, erasedAt: null }, tombstone);
      if (changed === 0) return 'cancelled' as const;
      await tx.nativeDelete(Passkey, { userId });
      await tx.nativeDelete(RecoveryCode, { userId });
      // A linked provider would otherwise still sign in to the tombstone.
      await tx.nativeDelete(OidcIdentity, { userId });
      await tx.getConnection().execute('delete from "known_devices" where "user_id" = ?', [userId], 'run');
      return 'newly-erased' as const;
    });
  }
}
