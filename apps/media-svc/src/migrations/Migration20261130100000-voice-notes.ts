import { Migration } from '@mikro-orm/migrations';

/** Voice notes keep the length read from their audio. */
export class Migration20261130100000VoiceNotes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "media_objects" add column "duration_ms" integer null;`);
  }

  override async down(): Promise<void> {
    this.addSql('alter table "media_objects" drop column if exists "duration_ms";');
  }
}
