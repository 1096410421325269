import { Migration } from '@mikro-orm/migrations';

/** Pinned messages: a room's owner and moderators keep up to PINS_MAX of its messages in view; they go with their message. */
export class Migration20261204170000Pins extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "pinned_messages" (
        "message_id" bigint primary key references "messages" ("id") on delete cascade,
        "room_id" integer not null references "rooms" ("id") on delete cascade,
        "pinned_by_id" integer not null,
        "pinned_at" timestamptz not null default now()
      );`);
    this.addSql(`create index "pinned_messages_room_idx" on "pinned_messages" ("room_id", "pinned_at" desc);`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "pinned_messages";');
  }
}
