import { Migration } from '@mikro-orm/migrations';

/**
 * Link previews: a message's first link's preview, stored once fetched after the send, and
 * whether its sender removed it for good. A constant default adds the flag without rewriting
 * the table.
 */
export class Migration20261205100000LinkPreviews extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "messages" add column "link_preview" jsonb null, add column "link_preview_removed" boolean not null default false;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "messages" drop column if exists "link_preview", drop column if exists "link_preview_removed";`);
  }
}
