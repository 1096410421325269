import { Migration } from '@mikro-orm/migrations';

/** A reply names the message it answers; the original stays even when removed (its quote reads "deleted"). */
export class Migration20261204160000Replies extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "messages" add column "reply_to_id" bigint null;`);
  }

  override async down(): Promise<void> {
    this.addSql('alter table "messages" drop column if exists "reply_to_id";');
  }
}
