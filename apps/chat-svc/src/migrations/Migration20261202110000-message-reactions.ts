import { Migration } from '@mikro-orm/migrations';

/** Reactions: one row per message, person and emoji; they go with their message. */
export class Migration20261202110000MessageReactions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "message_reactions" (
        "message_id" bigint not null references "messages" ("id") on delete cascade,
        "user_id" integer not null,
        "emoji" varchar(32) not null,
        "created_at" timestamptz not null default now(),
        primary key ("message_id", "user_id", "emoji")
      );`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "message_reactions";');
  }
}
