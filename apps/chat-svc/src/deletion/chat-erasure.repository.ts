import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { DELETED_USER_NAME } from '@app/contracts';

/** What chat-svc erases of a deleted account, in one transaction. */
@Injectable()
export class ChatErasureRepository {
  constructor(private readonly em: EntityManager) {}

  /** How many rows of each kind went. */
  async erase(userId: number): Promise<Record<string, number>> {
    return this.em.fork().transactional(async (tx) => {
      const connection = tx.getConnection();
      const run = async (sql: string, params: Array<number | string> = [userId]) => (await connection.execute<{ affectedRows: number }>(sql, params, 'run')).affectedRows;
      // Hidden from online lists, out of reach of new private chats, and never notified again.
      await connection.execute(
        `insert into "chat_users" ("id", "username", "avatar", "role", "updated_at", "show_online_status", "show_last_seen", "allow_direct_messages", "notify_mentions", "push_settings", "last_seen_at")
         values (?, ?, null, 'user', now(), false, false, false, false, null, null)
         on conflict ("id") do update set "username" = excluded."username", "avatar" = null, "role" = 'user', "updated_at" = now(),
           "show_online_status" = false, "show_last_seen" = false, "allow_direct_messages" = false, "notify_mentions" = false, "push_settings" = null, "last_seen_at" = null`,
        [userId, DELETED_USER_NAME],
        'run',
      );
      return {
        pushSubscriptions: await run('delete from "push_subscriptions" where "user_id" = ?'),
        notifications: await run('delete from "notifications" where "user_id" = ?'),
        // Others' alerts of this person's messages, mentions or calls carry the old name in their title.
        notificationsFromThem: await run(`delete from "notifications" where "sender" is not null and "sender"->>'id' = ?`, [String(userId)]),
        notificationDigests: await run('delete from "notification_digests" where "user_id" = ?'),
        moderationNotices: await run('delete from "moderation_notices" where "user_id" = ?'),
        blocks: await run('delete from "user_blocks" where "blocker_id" = ? or "blocked_id" = ?', [userId, userId]),
      };
    });
  }
}
