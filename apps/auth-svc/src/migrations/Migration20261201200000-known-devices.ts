import { Migration } from '@mikro-orm/migrations';

/** The browsers each account signed in from (by the SHA-256 of their device cookie), for new-device mail. */
export class Migration20261201200000KnownDevices extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "known_devices" (
        "user_id" integer not null references "users" ("id") on delete cascade,
        "device_hash" char(64) not null,
        "first_seen_at" timestamptz not null default now(),
        "last_seen_at" timestamptz not null default now(),
        primary key ("user_id", "device_hash")
      );`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "known_devices";');
  }
}
