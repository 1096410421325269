import { canModerate, fieldMessage, type UserRole } from '@app/contracts';
import { RpcErrors } from '@app/server';

/**
 * Refuses unless the acting account's role, as auth-svc's own records say (null: no such
 * account), is a moderator's: a forged actor role counts for nothing.
 */
export function assertModerator(storedRole: UserRole | null): void {
  if (!storedRole || !canModerate(storedRole)) throw RpcErrors.forbidden(fieldMessage('moderation_moderators_only'));
}
