import { Migration } from '@mikro-orm/migrations';

/** When each person of a private chat last read it ("Seen" with the time). */
export class Migration20261202120000ReadReceipts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "room_participants" add column "last_read_at" timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql('alter table "room_participants" drop column if exists "last_read_at";');
  }
}
