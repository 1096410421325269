import { Migration } from '@mikro-orm/migrations';

/** "Download my data": each ask, its state, and the zip it made (kept for 7 days). */
export class Migration20261207100000DataExports extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "data_exports" (
      "id" uuid primary key,
      "user_id" integer not null,
      "state" varchar(8) not null,
      "asked_at" timestamptz not null,
      "ready_at" timestamptz null,
      "expires_at" timestamptz null,
      "key" varchar(200) null,
      "size" bigint null
    );`);
    this.addSql(`create index "data_exports_user_id_asked_at_index" on "data_exports" ("user_id", "asked_at");`);
    this.addSql(`create index "data_exports_expires_at_index" on "data_exports" ("expires_at") where "key" is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "data_exports";');
  }
}
