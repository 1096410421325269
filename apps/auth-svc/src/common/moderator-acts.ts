import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { canModerate, fieldMessage, type ActorDto, type UserRole } from '@app/contracts';
import { RpcErrors } from '@app/server';
import { User } from '../users/user.entity';

/**
 * Refuses unless the acting account's role, as auth-svc's own records say (null: no such
 * account), is a moderator's: a forged actor role counts for nothing.
 */
export function assertModerator(storedRole: UserRole | null): void {
  if (!storedRole || !canModerate(storedRole)) throw RpcErrors.forbidden(fieldMessage('moderation_moderators_only'));
}

/** The acting moderator, as auth-svc's own records say (a forged actor role counts for nothing). */
export async function requireModerator(actor: ActorDto, em: EntityManager): Promise<void> {
  const me = await em.findOne(User, { id: actor.id });
  assertModerator(me?.role ?? null);
}

/** The account, its row locked until the transaction ends; 404 when unknown. */
export async function lockAccount(userId: number, tx: EntityManager): Promise<User> {
  const user = await tx.findOne(User, { id: userId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (!user) throw RpcErrors.notFound(fieldMessage('user_not_found'));
  return user;
}
