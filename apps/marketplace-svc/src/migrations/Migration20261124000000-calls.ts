import { Migration } from '@mikro-orm/migrations';

export class Migration20261124000000Calls extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "call_sessions" (
        "id" serial primary key,
        "buyer_id" int not null,
        "buyer_name" varchar(50) not null,
        "buyer_avatar" varchar(2048) null,
        "seller_id" int not null references "sellers" ("id"),
        "seller_user_id" int not null,
        "seller_name" varchar(50) not null,
        "seller_avatar" varchar(2048) null,
        "call_type" varchar(8) not null check ("call_type" in ('audio', 'video')),
        "state" varchar(16) not null default 'ringing' check ("state" in ('ringing', 'accepted', 'connected', 'ended')),
        "end_reason" varchar(16) null
          check ("end_reason" in ('completed', 'declined', 'missed', 'cancelled', 'failed', 'dropped')),
        "room_id" int null,
        "price_per_minute_cents" int null check ("price_per_minute_cents" > 0),
        "display_currency" varchar(3) not null default 'USD',
        "display_rate" double precision not null default 1,
        "created_at" timestamptz not null,
        "accepted_at" timestamptz null,
        "connected_at" timestamptz null,
        "ended_at" timestamptz null,
        "buyer_heartbeat_at" timestamptz not null,
        "seller_heartbeat_at" timestamptz null,
        "buyer_media" varchar(16) not null default 'connecting',
        "seller_media" varchar(16) not null default 'connecting',
        "interrupted_since" timestamptz null,
        "interrupted_ms" int not null default 0,
        "billed_seconds" int not null default 0,
        "amount_cents" int not null default 0,
        "commission_cents" int not null default 0,
        "earning_cents" int not null default 0,
        constraint "call_sessions_ended_has_reason" check (("state" = 'ended') = ("end_reason" is not null and "ended_at" is not null)),
        constraint "call_sessions_billed_only_connected" check ("amount_cents" = 0 or "connected_at" is not null),
        constraint "call_sessions_split_adds_up" check ("amount_cents" = "commission_cents" + "earning_cents")
      );`);
    this.addSql(`create index "call_sessions_buyer_id_index" on "call_sessions" ("buyer_id");`);
    this.addSql(`create index "call_sessions_seller_id_index" on "call_sessions" ("seller_id");`);
    this.addSql(`create index "call_sessions_seller_user_id_index" on "call_sessions" ("seller_user_id");`);
    // The sweep reads open calls only.
    this.addSql(`create index "call_sessions_open_index" on "call_sessions" ("state") where "state" <> 'ended';`);
    this.addSql(`
      create table "active_calls" (
        "user_id" int primary key,
        "session_id" int not null references "call_sessions" ("id") on delete cascade
      );`);
    this.addSql(`create index "active_calls_session_id_index" on "active_calls" ("session_id");`);
    this.addSql(`
      create table "call_ledger_entries" (
        "id" serial primary key,
        "session_id" int not null references "call_sessions" ("id"),
        "kind" varchar(24) not null check ("kind" in ('buyer_charge', 'seller_earning', 'platform_commission')),
        "user_id" int null,
        "amount_cents" int not null,
        "currency" varchar(3) not null default 'USD',
        "created_at" timestamptz not null,
        constraint "call_ledger_entries_session_id_kind_unique" unique ("session_id", "kind")
      );`);
    this.addSql(`create index "call_ledger_entries_session_id_index" on "call_ledger_entries" ("session_id");`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "call_ledger_entries" cascade;');
    this.addSql('drop table if exists "active_calls" cascade;');
    this.addSql('drop table if exists "call_sessions" cascade;');
  }
}
