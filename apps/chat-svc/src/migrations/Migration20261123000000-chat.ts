import { Migration } from '@mikro-orm/migrations';

export class Migration20261123000000Chat extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "chat_users" (
        "id" integer primary key,
        "username" varchar(64) not null,
        "avatar" varchar(2048) null,
        "role" varchar(16) not null,
        "updated_at" timestamptz not null default now()
      );`);
    this.addSql(`
      create table "rooms" (
        "id" serial primary key,
        "name" varchar(100) not null,
        "type" varchar(8) not null,
        "category" varchar(20) not null default 'general',
        "description" varchar(200) null,
        "custom_rules" varchar(500) null,
        "max_users" integer not null default 100,
        "message_cooldown" integer not null default 30,
        "allow_images" boolean not null default false,
        "allow_gifs" boolean not null default false,
        "origin" varchar(12) not null,
        "origin_public_room_id" integer null references "rooms" ("id") on delete set null,
        "seller_id" integer null,
        "seller_user_id" integer null,
        "pair_key" varchar(80) null unique,
        "created_by_id" integer null,
        "last_seq" integer not null default 0,
        "last_message_at" timestamptz null,
        "created_at" timestamptz not null default now()
      );`);
    this.addSql(`create unique index "rooms_public_name_unique" on "rooms" (lower("name")) where "type" = 'public';`);
    this.addSql(`create index "rooms_type_category_index" on "rooms" ("type", "category");`);
    this.addSql(`create index "rooms_origin_public_room_id_index" on "rooms" ("origin_public_room_id");`);
    this.addSql(`
      create table "room_participants" (
        "room_id" integer not null references "rooms" ("id") on delete cascade,
        "user_id" integer not null,
        "last_read_seq" integer not null default 0,
        "hidden_up_to_seq" integer null,
        "joined_at" timestamptz not null default now(),
        primary key ("room_id", "user_id")
      );`);
    this.addSql(`create index "room_participants_user_id_index" on "room_participants" ("user_id");`);
    this.addSql(`
      create table "messages" (
        "id" bigserial primary key,
        "room_id" integer not null references "rooms" ("id") on delete cascade,
        "seq" integer not null,
        "sender_id" integer not null,
        "content" text not null,
        "type" varchar(8) not null,
        "formatting" jsonb null,
        "metadata" jsonb null,
        "client_id" varchar(64) null,
        "created_at" timestamptz not null default now(),
        constraint "messages_room_seq_unique" unique ("room_id", "seq")
      );`);
    this.addSql(`create unique index "messages_sender_client_id_unique" on "messages" ("sender_id", "client_id") where "client_id" is not null;`);
    this.addSql(`create index "messages_room_id_id_index" on "messages" ("room_id", "id");`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "messages" cascade;');
    this.addSql('drop table if exists "room_participants" cascade;');
    this.addSql('drop table if exists "rooms" cascade;');
    this.addSql('drop table if exists "chat_users" cascade;');
  }
}
