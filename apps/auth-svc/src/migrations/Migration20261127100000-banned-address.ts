import { Migration } from '@mikro-orm/migrations';

/** A ban keeps the banned account's address (as addressKey spells it) from signing up again. */
export class Migration20261127100000BannedAddress extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table "account_sanctions" add column "address" varchar(254) null;');
    // Bans made before keep the address as stored (already lower-cased); new ones are written by addressKey.
    this.addSql(`update "account_sanctions" s set "address" = u."email" from "users" u where s."user_id" = u."id" and s."kind" = 'ban';`);
    this.addSql(`create index "account_sanctions_address_index" on "account_sanctions" ("address") where "kind" = 'ban' and "lifted_at" is null;`);
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists "account_sanctions_address_index";');
    this.addSql('alter table "account_sanctions" drop column if exists "address";');
  }
}
