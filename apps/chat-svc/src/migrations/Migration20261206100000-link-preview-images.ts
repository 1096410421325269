import { Migration } from '@mikro-orm/migrations';

/**
 * media-svc asks which link preview pictures a message still shows before it deletes the
 * others: an index of the pictures shown. Partial, so a send (no preview yet) never writes it.
 */
export class Migration20261206100000LinkPreviewImages extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "messages_link_preview_image_index" on "messages" (("link_preview"->>'image')) where "link_preview"->>'image' is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists "messages_link_preview_image_index";');
  }
}
