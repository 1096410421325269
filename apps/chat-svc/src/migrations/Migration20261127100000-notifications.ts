import { Migration } from '@mikro-orm/migrations';

/** Notifications stored per person, built from every service's events. */
export class Migration20261127100000Notifications extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "notifications" (
        "id" serial primary key,
        "user_id" integer not null,
        "type" varchar(32) not null,
        "title" varchar(200) not null,
        "content" text not null,
        "sender" jsonb null,
        "link" varchar(300) not null,
        "room_id" integer null,
        "source_key" varchar(200) null,
        "read_at" timestamptz null,
        "created_at" timestamptz not null default now()
      );`);
    this.addSql(`create index "notifications_user_id_id_index" on "notifications" ("user_id", "id" desc);`);
    this.addSql(`create index "notifications_unread_index" on "notifications" ("user_id", "room_id") where "read_at" is null;`);
    // An event delivered twice (a redelivery, a replayed publish) stores one notification.
    this.addSql(`create unique index "notifications_source_key_unique" on "notifications" ("user_id", "source_key");`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "notifications" cascade;');
  }
}
