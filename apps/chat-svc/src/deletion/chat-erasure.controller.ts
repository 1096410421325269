import { EntityManager } from '@mikro-orm/postgresql';
import { Controller, Module } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AccountDeletionPatterns, DELETED_USER_NAME, UserIdDto, type ErasedPartDto } from '@app/contracts';

/**
 * chat-svc's part of deleting an account. The person's messages stay where they were written
 * (others hold those conversations) under "Deleted user"; what was theirs alone goes: their
 * devices' push subscriptions, notifications, digests, moderators' notices and blocks either way,
 * and the alerts others got from them, whose titles name them.
 * Safe to ask again: a second answer erases nothing more.
 */
@Controller()
export class ChatErasureController {
  constructor(private readonly em: EntityManager) {}

  @MessagePattern(AccountDeletionPatterns.EraseChat)
  async erase(@Payload() { userId }: UserIdDto): Promise<ErasedPartDto> {
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
        erased: {
          pushSubscriptions: await run('delete from "push_subscriptions" where "user_id" = ?'),
          notifications: await run('delete from "notifications" where "user_id" = ?'),
          // Others' alerts of this person's messages, mentions or calls carry the old name in their title.
          notificationsFromThem: await run(`delete from "notifications" where "sender" is not null and "sender"->>'id' = ?`, [String(userId)]),
          notificationDigests: await run('delete from "notification_digests" where "user_id" = ?'),
          moderationNotices: await run('delete from "moderation_notices" where "user_id" = ?'),
          blocks: await run('delete from "user_blocks" where "blocker_id" = ? or "blocked_id" = ?', [userId, userId]),
        },
      };
    });
  }
}

@Module({ controllers: [ChatErasureController] })
export class ChatErasureModule {}
