import { Migration } from '@mikro-orm/migrations';

export class Migration20261128200000UserLanguage extends Migration {
  override async up(): Promise<void> {
    // Everyone so far has read the product in English.
    this.addSql(`alter table "users" add column "language" varchar(8) not null default 'en';`);
  }

  override async down(): Promise<void> {
    this.addSql('alter table "users" drop column if exists "language";');
  }
}
