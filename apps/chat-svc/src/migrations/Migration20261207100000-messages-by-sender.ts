import { Migration } from '@mikro-orm/migrations';

/** A person's own messages in order, a page at a time (their data export). */
export class Migration20261207100000MessagesBySender extends Migration {
  override async up(): Promise<void> {
    this.addSql('create index "messages_sender_id_id_index" on "messages" ("sender_id", "id");');
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists "messages_sender_id_id_index";');
  }
}
