import { Migration } from '@mikro-orm/migrations';

/** Web Push: each person's subscribed devices, and the settings push is sent by (kept from auth-svc's events). */
export class Migration20261203100000Push extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "push_subscriptions" (
      "id" serial primary key,
      "user_id" int not null,
      "endpoint" varchar(2048) not null,
      "p256dh" varchar(128) not null,
      "auth" varchar(64) not null,
      "browser" varchar(80) not null,
      "created_at" timestamptz not null default now(),
      "last_used_at" timestamptz not null default now()
    );`);
    this.addSql('create unique index "push_subscriptions_endpoint_unique" on "push_subscriptions" ("endpoint");');
    this.addSql('create index "push_subscriptions_user_id_index" on "push_subscriptions" ("user_id", "last_used_at" desc);');
    this.addSql(`alter table "chat_users" add column "push_settings" jsonb null;`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "push_subscriptions";');
    this.addSql('alter table "chat_users" drop column if exists "push_settings";');
  }
}
