import { Injectable } from '@nestjs/common';
import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import type { UserRole } from '@app/contracts';
import { User } from '../users/user.entity';
import { VipChange } from './vip-change.entity';

/** What one line of the audit list says, apart from whose account it is. */
export type VipChangeLine = Omit<VipChange, 'id' | 'userId'>;

/**
 * VIP periods as stored on the accounts, and their audit list. Every change runs on the
 * account's locked row, so two moderators acting at once are taken one after the other; the
 * sweeps skip the rows another replica is handling.
 */
@Injectable()
export class VipRepository {
  constructor(private readonly em: EntityManager) {}

  /** The account's role as stored; null when there is no such account. */
  async roleOf(userId: number): Promise<UserRole | null> {
    return (await this.em.fork().findOne(User, { id: userId }))?.role ?? null;
  }

  async exists(userId: number): Promise<boolean> {
    return (await this.em.fork().count(User, { id: userId })) > 0;
  }

  /**
   * Lets `edit` change the account on its locked row and records the line it answers, in one
   * transaction; what `edit` throws writes nothing. Null when there is no such account.
   */
  async change(userId: number, edit: (user: User) => VipChangeLine): Promise<{ user: User; change: VipChange } | null> {
    return this.em.fork().transactional(async (tx) => {
      const user = await tx.findOne(User, { id: userId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!user) return null;
      const change = Object.assign(new VipChange(), { ...edit(user), userId: user.id });
      tx.persist(change);
      return { user, change };
    });
  }

  /** The latest lines of the audit list, newest first: one account's, or everyone's. */
  async changes(userId: number | undefined, limit: number): Promise<VipChange[]> {
    return this.em.fork().find(VipChange, userId === undefined ? {} : { userId }, { orderBy: { id: 'desc' }, limit });
  }

  /** The names of these accounts, by id. */
  async usernames(ids: number[]): Promise<Map<number, string>> {
    const users = await this.em.fork().find(User, { id: { $in: [...new Set(ids)] } });
    return new Map(users.map((user) => [user.id, user.username]));
  }

  /** Up to `limit` accounts whose period ended by `now`, each ended by `end` with the line it answers recorded. */
  async endDue(now: Date, limit: number, end: (user: User) => VipChangeLine): Promise<User[]> {
    return this.em.fork().transactional(async (tx) => {
      const due = await tx.find(User, { vipUntil: { $lte: now } }, { lockMode: LockMode.PESSIMISTIC_PARTIAL_WRITE, limit });
      for (const user of due) tx.persist(Object.assign(new VipChange(), { ...end(user), userId: user.id }));
      return due;
    });
  }

  /** Up to `limit` accounts whose period ends after `now` and by `until` and who were not reminded yet, noted as reminded at `now`. */
  async remindDue(now: Date, until: Date, limit: number): Promise<User[]> {
    return this.em.fork().transactional(async (tx) => {
      const soon = await tx.find(User, { vipUntil: { $gt: now, $lte: until }, vipRemindedAt: null }, { lockMode: LockMode.PESSIMISTIC_PARTIAL_WRITE, limit });
      for (const user of soon) user.vipRemindedAt = now;
      return soon;
    });
  }
}
