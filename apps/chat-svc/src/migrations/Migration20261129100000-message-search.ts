import { Migration } from '@mikro-orm/migrations';

/** Full-text search over messages: the index matches the search's expression exactly. */
export class Migration20261129100000MessageSearch extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "messages_search_index" on "messages" using gin (to_tsvector('simple', "content")) where "removed_at" is null;`);
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists "messages_search_index";');
  }
}
