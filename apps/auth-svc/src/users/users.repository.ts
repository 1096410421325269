import { Injectable } from '@nestjs/common';
import { EnsureRequestContext, UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { User } from './user.entity';

/**
 * Accounts as stored. Each method runs in the caller's unit of work when there is one (a
 * service method that reads and writes users in one flush), else in one of its own.
 */
@Injectable()
export class UsersRepository {
  constructor(private readonly em: EntityManager) {}

  @EnsureRequestContext()
  async findById(id: number): Promise<User | null> {
    return this.em.findOne(User, { id });
  }

  /** By the stored (lowercased) address. */
  @EnsureRequestContext()
  async findByEmail(email: string): Promise<User | null> {
    return this.em.findOne(User, { email });
  }

  /** By the stored (lowercased) name. */
  @EnsureRequestContext()
  async findByUsername(username: string): Promise<User | null> {
    return this.em.findOne(User, { username });
  }

  /** Whether an account has this (lowercased) name. */
  @EnsureRequestContext()
  async usernameTaken(username: string): Promise<boolean> {
    return (await this.em.count(User, { username })) > 0;
  }

  /** By id, in id order. */
  @EnsureRequestContext()
  async findByIds(ids: number[]): Promise<User[]> {
    return this.em.find(User, { id: { $in: ids } }, { orderBy: { id: 'asc' } });
  }

  /** By (lowercased) name, in id order. */
  @EnsureRequestContext()
  async findByUsernames(usernames: string[]): Promise<User[]> {
    return this.em.find(User, { username: { $in: usernames } }, { orderBy: { id: 'asc' } });
  }

  /** Accounts that are not guests. */
  @EnsureRequestContext()
  async countRegistered(): Promise<number> {
    return this.em.count(User, { role: { $ne: 'guest' } });
  }

  /**
   * Inserts the account `account` makes, given who already holds its address (null: no one, or no
   * address). A sign-up racing for the same new address may win the insert: the account is then
   * made once more, with the new holder. Any other unique index it breaks (the name) is thrown.
   */
  @EnsureRequestContext()
  async insert(email: string | null, account: (holder: User | null) => User): Promise<{ user: User; holder: User | null }> {
    for (let round = 1; ; round++) {
      const holder = email ? await this.em.findOne(User, { email }) : null;
      const user = account(holder);
      try {
        await this.em.persistAndFlush(user);
      } catch (error) {
        if (round === 1 && violatedUnique(error, 'email')) {
          this.em.clear();
          continue;
        }
        throw error;
      }
      return { user, holder };
    }
  }

  /**
   * Loads the user and lets `edit` change it; what changed is written when `edit` answers true.
   * Null when there is no such user (`edit` is not called). What `edit` throws writes nothing.
   */
  @EnsureRequestContext()
  async edit(userId: number, edit: (user: User) => boolean | Promise<boolean>): Promise<{ user: User; written: boolean } | null> {
    const user = await this.em.findOne(User, { id: userId });
    if (!user) return null;
    const written = await edit(user);
    if (written) await this.em.flush();
    return { user, written };
  }

  /** Notes these users as seen at `at`, in one statement. */
  async markSeen(userIds: number[], at: Date): Promise<void> {
    // knex, not execute: MikroORM would spell the array out as a list.
    await this.em.getConnection().getKnex().raw('update users set last_seen = ? where id = any(?)', [at, userIds]);
  }

  /**
   * Deletes up to `limit` guest accounts created before `createdBefore`; how many it deleted.
   * Replicas may run it at once: each skips the rows another is deleting.
   */
  @EnsureRequestContext()
  async deleteGuestsCreatedBefore(createdBefore: Date, limit: number): Promise<number> {
    const { affectedRows } = await this.em.getConnection().execute<{ affectedRows: number }>(
      `delete from "users" where "id" in (
         select "id" from "users" where "role" = 'guest' and "created_at" < ? order by "id" limit ${Math.trunc(limit)} for update skip locked)`,
      [createdBefore],
      'run',
    );
    return affectedRows;
  }

  /**
   * Clears the account's pending deletion unless it was erased meanwhile (then the update finds
   * nothing). The account as it now is when it did, read afresh (not from the caller's unit of work).
   */
  async cancelDeletion(userId: number): Promise<{ cancelled: false } | { cancelled: true; user: User | null }> {
    const em = this.em.fork();
    const changed = await em.nativeUpdate(User, { id: userId, deletionDueAt: { $ne: null }, erasedAt: null }, { deletionDueAt: null, deletionRequestedAt: null });
    if (changed === 0) return { cancelled: false };
    return { cancelled: true, user: await em.findOne(User, { id: userId }) };
  }

  /** Whether the account's personal data was erased (read afresh). */
  async isErased(userId: number): Promise<boolean> {
    return (await this.em.fork().count(User, { id: userId, erasedAt: { $ne: null } })) > 0;
  }

  @EnsureRequestContext()
  async setPasswordHash(userId: number, passwordHash: string): Promise<void> {
    await this.em.nativeUpdate(User, { id: userId }, { passwordHash });
  }
}

/** Whether a write broke the unique index of this column of users (the constraint is named after it). */
export function violatedUnique(error: unknown, column: 'username' | 'email'): boolean {
  if (!(error instanceof UniqueConstraintViolationException)) return false;
  const constraint = (error as { constraint?: string }).constraint ?? '';
  return constraint.includes(column);
}
