import { Migration } from '@mikro-orm/migrations';

/** Reports with their frozen evidence, mutes, the moderators' audit list, notices to people, and removed messages. */
export class Migration20261126100000Moderation extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "reports" (
        "id" serial primary key,
        "reporter_id" integer not null,
        "target_type" varchar(8) not null,
        "target_id" bigint not null,
        "subject_user_id" integer null,
        "room_id" integer null,
        "reason" varchar(16) not null,
        "note" varchar(500) null,
        "evidence" jsonb not null,
        "status" varchar(10) not null default 'open',
        "outcome" varchar(16) null,
        "resolution" varchar(24) null,
        "resolved_by_id" integer null,
        "resolved_at" timestamptz null,
        "audit_entry_id" integer null,
        "created_at" timestamptz not null default now()
      );`);
    // One open report per reporter and target; a resolved one may be followed by a new one.
    this.addSql(`create unique index "reports_open_unique" on "reports" ("reporter_id", "target_type", "target_id") where "status" = 'open';`);
    this.addSql(`create index "reports_queue_index" on "reports" ("status", "created_at");`);
    this.addSql(`create index "reports_target_index" on "reports" ("target_type", "target_id");`);
    this.addSql(`create index "reports_reporter_index" on "reports" ("reporter_id", "created_at");`);
    this.addSql(`create index "reports_subject_index" on "reports" ("subject_user_id");`);
    this.addSql(`
      create table "user_mutes" (
        "user_id" integer primary key,
        "ends_at" timestamptz not null,
        "reason" varchar(500) not null,
        "created_by_id" integer not null,
        "created_at" timestamptz not null default now(),
        "lifted_at" timestamptz null,
        "lifted_by_id" integer null
      );`);
    this.addSql(`
      create table "moderation_audit" (
        "id" serial primary key,
        "actor_id" integer not null,
        "action" varchar(24) not null,
        "target_user_id" integer null,
        "report_id" integer null,
        "message_id" bigint null,
        "room_id" integer null,
        "reason" varchar(500) not null,
        "snapshot" jsonb not null,
        "created_at" timestamptz not null default now()
      );`);
    this.addSql(`create index "moderation_audit_target_index" on "moderation_audit" ("target_user_id", "id");`);
    this.addSql(`
      create table "moderation_notices" (
        "id" serial primary key,
        "user_id" integer not null,
        "kind" varchar(16) not null,
        "reason" varchar(500) null,
        "ends_at" timestamptz null,
        "report_id" integer null,
        "outcome" varchar(16) null,
        "created_at" timestamptz not null default now(),
        "read_at" timestamptz null
      );`);
    this.addSql(`create index "moderation_notices_user_index" on "moderation_notices" ("user_id", "id");`);
    this.addSql(`
      alter table "messages"
        add column "removed_at" timestamptz null,
        add column "removed_by_id" integer null;`);
  }

  override async down(): Promise<void> {
    this.addSql('alter table "messages" drop column if exists "removed_at", drop column if exists "removed_by_id";');
    this.addSql('drop table if exists "moderation_notices" cascade;');
    this.addSql('drop table if exists "moderation_audit" cascade;');
    this.addSql('drop table if exists "user_mutes" cascade;');
    this.addSql('drop table if exists "reports" cascade;');
  }
}
