import { Migration } from '@mikro-orm/migrations';

/** Notifications found by the message they were made of, when its words change or it is removed. */
export class Migration20261204150000NotificationSources extends Migration {
  override async up(): Promise<void> {
    this.addSql('create index "notifications_source_key_index" on "notifications" ("source_key");');
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists "notifications_source_key_index";');
  }
}
