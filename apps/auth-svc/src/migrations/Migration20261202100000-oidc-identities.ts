import { Migration } from '@mikro-orm/migrations';

/** Identities at sign-in providers (OpenID Connect) linked to accounts: one per provider and account. */
export class Migration20261202100000OidcIdentities extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "oidc_identities" (
        "id" serial primary key,
        "user_id" integer not null references "users" ("id") on delete cascade,
        "provider" varchar(20) not null,
        "subject" varchar(255) not null,
        "email" varchar(254) null,
        "created_at" timestamptz not null default now(),
        "last_used_at" timestamptz null
      );`);
    this.addSql(`alter table "oidc_identities" add constraint "oidc_identities_provider_subject_unique" unique ("provider", "subject");`);
    this.addSql(`alter table "oidc_identities" add constraint "oidc_identities_user_id_provider_unique" unique ("user_id", "provider");`);
    this.addSql(`create index "oidc_identities_user_id_index" on "oidc_identities" ("user_id");`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "oidc_identities";');
  }
}
