import { Migration } from '@mikro-orm/migrations';

/** Deleting an account: when it was asked, when it is due (cleared by a sign-in or once done), when the account was erased. */
export class Migration20261202200000AccountDeletion extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "users"
      add column "deletion_requested_at" timestamptz null,
      add column "deletion_due_at" timestamptz null,
      add column "erased_at" timestamptz null;`);
    this.addSql(`create index "users_deletion_due_at_index" on "users" ("deletion_due_at") where "deletion_due_at" is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists "users_deletion_due_at_index";');
    this.addSql('alter table "users" drop column "deletion_requested_at", drop column "deletion_due_at", drop column "erased_at";');
  }
}
