import { Migration } from '@mikro-orm/migrations';

/** When a sender last edited their message ("edited"). */
export class Migration20261202100000MessageEdits extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "messages" add column "edited_at" timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql('alter table "messages" drop column if exists "edited_at";');
  }
}
