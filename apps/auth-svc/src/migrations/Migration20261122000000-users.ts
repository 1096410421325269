import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000000Users extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "users" (
        "id" serial primary key,
        "username" varchar(20) not null unique,
        "email" varchar(254) null unique,
        "password_hash" varchar(255) null,
        "role" varchar(16) not null default 'user',
        "avatar" varchar(2048) null,
        "bio" text null,
        "categories" jsonb not null default '[]',
        "is_verified" boolean not null default false,
        "settings" jsonb not null,
        "last_seen" timestamptz null,
        "created_at" timestamptz not null default now()
      );`);
    this.addSql(`create index "users_role_index" on "users" ("role");`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "users" cascade;');
  }
}
