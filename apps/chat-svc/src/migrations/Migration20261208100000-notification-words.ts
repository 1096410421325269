import { Migration } from '@mikro-orm/migrations';

/**
 * What a notification says, as a key and its facts, so it is worded in the reader's language
 * whenever it is read or pushed; and that language, kept from the accounts service's events.
 * Notifications stored before keep their English text.
 */
export class Migration20261208100000NotificationWords extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table "notifications" add column "title_words" jsonb null, add column "content_words" jsonb null;');
    this.addSql(`alter table "chat_users" add column "language" varchar(8) not null default 'en';`);
  }

  override async down(): Promise<void> {
    this.addSql('alter table "notifications" drop column "title_words", drop column "content_words";');
    this.addSql('alter table "chat_users" drop column "language";');
  }
}
