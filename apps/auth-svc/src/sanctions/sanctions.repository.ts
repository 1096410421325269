import { Injectable } from '@nestjs/common';
import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import type { UserRole } from '@app/contracts';
import { User } from '../users/user.entity';
import { AccountSanction } from './account-sanction.entity';

/** Sanctions as stored, and the accounts moderators look up and act on. */
@Injectable()
export class SanctionsRepository {
  constructor(private readonly em: EntityManager) {}

  /** The account's role as stored; null when there is no such account. */
  async roleOf(userId: number): Promise<UserRole | null> {
    return (await this.em.fork().findOne(User, { id: userId }))?.role ?? null;
  }

  async findUser(userId: number): Promise<User | null> {
    return this.em.fork().findOne(User, { id: userId });
  }

  /** The account's sanctions not lifted and not past their end at `now`, newest first. */
  async current(userId: number, now: Date): Promise<AccountSanction[]> {
    return this.currentIn(this.em.fork(), userId, now);
  }

  /** The same for many accounts at once. */
  async currentOf(userIds: number[], now: Date): Promise<AccountSanction[]> {
    if (userIds.length === 0) return [];
    return this.em.fork().find(AccountSanction, { userId: { $in: userIds }, liftedAt: null, $or: [{ endsAt: null }, { endsAt: { $gt: now } }] }, { orderBy: { id: 'desc' } });
  }

  /** Every sanction the account ever had, newest first. */
  async history(userId: number): Promise<AccountSanction[]> {
    return this.em.fork().find(AccountSanction, { userId }, { orderBy: { id: 'desc' } });
  }

  /**
   * The accounts, each with whether a sanction is in force on it at `now`, in one statement (asked
   * for every session a gateway resolves).
   */
  async accountsWithSanctionInForce(userIds: number[], now: Date): Promise<Array<{ user: User; sanctioned: boolean }>> {
    if (userIds.length === 0) return [];
    const em = this.em.fork();
    const { rows } = await em.getConnection().getKnex().raw<{ rows: Array<Record<string, unknown>> }>(
      `select u.*, exists (
         select 1 from account_sanctions s where s.user_id = u.id and s.lifted_at is null and (s.ends_at is null or s.ends_at > ?)
       ) as session_sanctioned
       from users u where u.id = any(?)`,
      [now, [...new Set(userIds)]],
    );
    return rows.map(({ session_sanctioned: sanctioned, ...columns }) => ({ user: em.map(User, columns), sanctioned: sanctioned === true }));
  }

  /** The account of the latest ban, not lifted, that keeps this address (as addressKey spells it). */
  async bannedHolderOf(address: string): Promise<User | null> {
    const em = this.em.fork();
    const ban = await em.findOne(AccountSanction, { kind: 'ban', liftedAt: null, address }, { orderBy: { id: 'desc' } });
    return ban ? em.findOne(User, { id: ban.userId }) : null;
  }

  /** Accounts not erased whose name or address is the text (lowercased) itself. */
  async exactMatches(text: string): Promise<User[]> {
    return this.em.fork().find(User, { $or: [{ username: text }, { email: text }], erasedAt: null });
  }

  /** Up to `limit` accounts not erased whose name or address holds the text, by name. */
  async partialMatches(text: string, limit: number): Promise<User[]> {
    const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return this.em.fork().find(User, { $or: [{ username: { $ilike: like } }, { email: { $ilike: like } }], erasedAt: null }, { orderBy: { username: 'asc' }, limit });
  }

  /**
   * On the account's locked row, in one transaction: `decide` is given the account and its
   * sanctions in force now and answers the sanction to keep (a new one, or one it lifted); what it
   * throws writes nothing. Null when there is no such account. Two moderators acting at once are
   * taken one after the other, and the second sees what the first did.
   */
  async onLockedAccount(userId: number, decide: (target: User, inForce: AccountSanction[]) => AccountSanction): Promise<AccountSanction | null> {
    return this.em.fork().transactional(async (tx) => {
      const target = await tx.findOne(User, { id: userId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!target) return null;
      const kept = decide(target, await this.currentIn(tx, userId, new Date()));
      tx.persist(kept);
      return kept;
    });
  }

  private currentIn(em: EntityManager, userId: number, now: Date): Promise<AccountSanction[]> {
    return em.find(AccountSanction, { userId, liftedAt: null, $or: [{ endsAt: null }, { endsAt: { $gt: now } }] }, { orderBy: { id: 'desc' } });
  }
}
