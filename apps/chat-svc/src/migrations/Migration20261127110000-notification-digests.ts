import { Migration } from '@mikro-orm/migrations';

/** The e-mail digest of unread notifications: when each person last got one, and what it held. */
export class Migration20261127110000NotificationDigests extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "notification_digests" (
        "user_id" integer primary key,
        "sent_at" timestamptz not null
      );`);
    this.addSql(`alter table "notifications" add column "digested_at" timestamptz null;`);
    this.addSql(`create index "notifications_undigested_index" on "notifications" ("created_at") where "read_at" is null and "digested_at" is null;`);
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists "notifications_undigested_index";');
    this.addSql('alter table "notifications" drop column if exists "digested_at";');
    this.addSql('drop table if exists "notification_digests";');
  }
}
