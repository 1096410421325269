import { Migration } from '@mikro-orm/migrations';

export class Migration20261125000000UnconfirmedEmail extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table "users" add column "unconfirmed_email" varchar(254) null;');
  }

  override async down(): Promise<void> {
    this.addSql('alter table "users" drop column if exists "unconfirmed_email";');
  }
}
