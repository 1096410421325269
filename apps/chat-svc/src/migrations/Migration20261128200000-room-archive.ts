import { Migration } from '@mikro-orm/migrations';

/** Public rooms people made are archived after a long silence: they leave the list and take no one in. */
export class Migration20261128200000RoomArchive extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "rooms" add column "archived_at" timestamptz null;`);
    this.addSql(
      `create index "rooms_archivable_index" on "rooms" (coalesce("last_message_at", "created_at")) where "type" = 'public' and "archived_at" is null and "created_by_id" is not null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists "rooms_archivable_index";');
    this.addSql('alter table "rooms" drop column if exists "archived_at";');
  }
}
