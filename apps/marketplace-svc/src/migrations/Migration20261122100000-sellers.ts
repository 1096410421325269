import { Migration } from '@mikro-orm/migrations';

export class Migration20261122100000Sellers extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "sellers" (
        "id" serial primary key,
        "user_id" int not null unique,
        "username" varchar(50) not null,
        "user_avatar" varchar(2048) null,
        "display_name" varchar(50) not null,
        "category" varchar(20) not null,
        "bio" text not null,
        "about_me" text not null,
        "avatar" varchar(2048) null,
        "experience" varchar(200) not null,
        "education" text not null,
        "work_history" text not null,
        "languages" jsonb not null default '[]',
        "services" jsonb not null default '[]',
        "specialties" jsonb not null default '[]',
        "certifications" jsonb not null default '[]',
        "achievements" jsonb not null default '[]',
        "pricing" jsonb not null,
        "accepts_calls" boolean not null default true,
        "call_availability" varchar(16) not null default 'available',
        "is_busy" boolean not null default false,
        "availability" varchar(16) not null default 'available',
        "time_zone" varchar(16) not null,
        "response_time" varchar(32) not null,
        "working_hours" jsonb not null,
        "social_media_links" jsonb not null default '{}',
        "portfolio_items" jsonb not null default '[]',
        "testimonials" jsonb not null default '[]',
        "profile_media" jsonb not null default '[]',
        "intro_video" varchar(2048) null,
        "is_verified" boolean not null default false,
        "verification_status" varchar(16) not null default 'pending',
        "rejection_reason" text null,
        "reviewed_by" int null,
        "reviewed_at" timestamptz null,
        "rating" double precision not null default 0,
        "review_count" int not null default 0,
        "total_sessions" int not null default 0,
        "total_audio_call_time" int not null default 0,
        "total_video_call_time" int not null default 0,
        "ranking_score" double precision not null default 0,
        "created_at" timestamptz not null default now(),
        "updated_at" timestamptz not null default now()
      );`);
    this.addSql(`create index "sellers_category_index" on "sellers" ("category");`);
    this.addSql(`create index "sellers_verification_status_index" on "sellers" ("verification_status");`);
    this.addSql(`create index "sellers_ranking_score_index" on "sellers" ("ranking_score");`);
    this.addSql(`
      create table "reviews" (
        "id" serial primary key,
        "seller_id" int not null references "sellers" ("id") on delete cascade,
        "buyer_id" int not null,
        "buyer_name" varchar(50) not null,
        "rating" smallint not null check ("rating" between 1 and 5),
        "comment" text not null default '',
        "created_at" timestamptz not null default now(),
        "updated_at" timestamptz not null default now(),
        constraint "reviews_seller_id_buyer_id_unique" unique ("seller_id", "buyer_id")
      );`);
    this.addSql(`create index "reviews_seller_id_index" on "reviews" ("seller_id");`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "reviews" cascade;');
    this.addSql('drop table if exists "sellers" cascade;');
  }
}
