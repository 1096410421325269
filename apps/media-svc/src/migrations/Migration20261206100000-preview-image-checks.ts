import { Migration } from '@mikro-orm/migrations';

/**
 * Link preview pictures are deleted once no message shows them: each is checked in turn, the
 * one checked longest ago first, and the time of its last check kept.
 */
export class Migration20261206100000PreviewImageChecks extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "media_objects" add column "checked_at" timestamptz null;`);
    this.addSql(`create index "media_objects_preview_checked_index" on "media_objects" ("checked_at" asc nulls first, "created_at") where "purpose" = 'preview';`);
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists "media_objects_preview_checked_index";');
    this.addSql('alter table "media_objects" drop column if exists "checked_at";');
  }
}
