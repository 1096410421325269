import { Migration } from '@mikro-orm/migrations';

/** The people a message mentions, resolved once as it is stored; and whether each person wants to hear of mentions. */
export class Migration20261201100000Mentions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "messages" add column "mentions" jsonb null;`);
    this.addSql(`alter table "chat_users" add column "notify_mentions" boolean not null default true;`);
    // Mentions are looked up by name, as typed (names are compared lower-case).
    this.addSql(`create index "chat_users_username_lower_index" on "chat_users" (lower("username"));`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "messages" drop column "mentions";`);
    this.addSql(`drop index "chat_users_username_lower_index";`);
    this.addSql(`alter table "chat_users" drop column "notify_mentions";`);
  }
}
