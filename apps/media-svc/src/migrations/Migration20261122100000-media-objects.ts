import { Migration } from '@mikro-orm/migrations';

export class Migration20261122100000MediaObjects extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "media_objects" (
        "id" uuid primary key,
        "key" varchar(200) not null unique,
        "owner_id" integer not null,
        "purpose" varchar(16) not null,
        "kind" varchar(8) not null,
        "format" varchar(8) not null,
        "content_type" varchar(64) not null,
        "size" bigint not null,
        "width" integer null,
        "height" integer null,
        "animated" boolean not null default false,
        "original_name" varchar(255) not null,
        "created_at" timestamptz not null default now()
      );`);
    this.addSql(`create index "media_objects_owner_id_index" on "media_objects" ("owner_id");`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "media_objects" cascade;');
  }
}
