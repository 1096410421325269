import { Migration } from '@mikro-orm/migrations';

/** Passkeys (WebAuthn credentials), and on the account its user handle and how many it holds. */
export class Migration20261130100000Passkeys extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "users" add column "passkey_user_handle" varchar(64) null, add column "passkey_count" integer not null default 0;`,
    );
    this.addSql(`alter table "users" add constraint "users_passkey_user_handle_unique" unique ("passkey_user_handle");`);
    this.addSql(`
      create table "passkeys" (
        "id" serial primary key,
        "user_id" integer not null references "users" ("id") on delete cascade,
        "credential_id" varchar(1364) not null,
        "public_key" bytea not null,
        "counter" bigint not null default 0,
        "transports" jsonb not null default '[]',
        "name" varchar(64) not null,
        "created_at" timestamptz not null default now(),
        "last_used_at" timestamptz null
      );`);
    this.addSql(`alter table "passkeys" add constraint "passkeys_credential_id_unique" unique ("credential_id");`);
    this.addSql(`create index "passkeys_user_id_index" on "passkeys" ("user_id");`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "passkeys" cascade;');
    this.addSql('alter table "users" drop column if exists "passkey_user_handle", drop column if exists "passkey_count";');
  }
}
