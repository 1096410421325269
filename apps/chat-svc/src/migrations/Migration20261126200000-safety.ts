import { Migration } from '@mikro-orm/migrations';

/** Blocks between people, and what chat-svc keeps of each user's privacy settings and last activity. */
export class Migration20261126200000Safety extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "user_blocks" (
        "blocker_id" integer not null,
        "blocked_id" integer not null,
        "created_at" timestamptz not null default now(),
        primary key ("blocker_id", "blocked_id")
      );`);
    this.addSql(`create index "user_blocks_blocked_id_index" on "user_blocks" ("blocked_id");`);
    this.addSql(`
      alter table "chat_users"
        add column "show_online_status" boolean not null default true,
        add column "show_last_seen" boolean not null default true,
        add column "allow_direct_messages" boolean not null default true,
        add column "last_seen_at" timestamptz null;`);
    this.addSql(`create index "rooms_created_by_id_index" on "rooms" ("created_by_id") where "type" = 'private';`);
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists "rooms_created_by_id_index";');
    this.addSql(`
      alter table "chat_users"
        drop column if exists "show_online_status",
        drop column if exists "show_last_seen",
        drop column if exists "allow_direct_messages",
        drop column if exists "last_seen_at";`);
    this.addSql('drop table if exists "user_blocks" cascade;');
  }
}
