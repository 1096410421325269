import { Migration } from '@mikro-orm/migrations';

/** Two-step sign-in: the authenticator secret and the last time step used on the account, recovery codes beside it. */
export class Migration20261129100000TwoStep extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "users" add column "totp_secret" varchar(64) null, add column "two_step_enabled_at" timestamptz null, add column "totp_last_step" integer null;`,
    );
    this.addSql(`
      create table "recovery_codes" (
        "id" serial primary key,
        "user_id" integer not null references "users" ("id") on delete cascade,
        "code_hash" varchar(255) not null,
        "used_at" timestamptz null,
        "created_at" timestamptz not null default now()
      );`);
    this.addSql(`create index "recovery_codes_user_id_index" on "recovery_codes" ("user_id");`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "recovery_codes" cascade;');
    this.addSql('alter table "users" drop column if exists "totp_secret", drop column if exists "two_step_enabled_at", drop column if exists "totp_last_step";');
  }
}
