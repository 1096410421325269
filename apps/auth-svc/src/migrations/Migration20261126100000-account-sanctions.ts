import { Migration } from '@mikro-orm/migrations';

export class Migration20261126100000AccountSanctions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "account_sanctions" (
        "id" serial primary key,
        "user_id" integer not null references "users" ("id") on delete cascade,
        "kind" varchar(12) not null,
        "reason" varchar(500) not null,
        "ends_at" timestamptz null,
        "created_by_id" integer not null,
        "created_at" timestamptz not null default now(),
        "lifted_at" timestamptz null,
        "lifted_by_id" integer null,
        "lift_reason" varchar(500) null
      );`);
    this.addSql(`create index "account_sanctions_user_id_index" on "account_sanctions" ("user_id");`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "account_sanctions" cascade;');
  }
}
