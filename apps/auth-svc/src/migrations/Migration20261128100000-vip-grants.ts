import { Migration } from '@mikro-orm/migrations';

export class Migration20261128100000VipGrants extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "users" add column "vip_until" timestamptz null, add column "vip_reminded_at" timestamptz null;`);
    this.addSql(`create index "users_vip_until_index" on "users" ("vip_until") where "vip_until" is not null;`);
    this.addSql(`
      create table "vip_changes" (
        "id" serial primary key,
        "user_id" integer not null references "users" ("id") on delete cascade,
        "action" varchar(8) not null,
        "vip_until" timestamptz null,
        "reason" varchar(500) null,
        "actor_id" integer null,
        "created_at" timestamptz not null default now()
      );`);
    this.addSql(`create index "vip_changes_user_id_index" on "vip_changes" ("user_id");`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "vip_changes" cascade;');
    this.addSql('alter table "users" drop column if exists "vip_until", drop column if exists "vip_reminded_at";');
  }
}
