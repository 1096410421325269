import { Migration } from '@mikro-orm/migrations';

/** Public rooms only vip, seller and moderator members may enter. */
export class Migration20261130100000VipRooms extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "rooms" add column "vip_only" boolean not null default false;`);
  }

  override async down(): Promise<void> {
    this.addSql('alter table "rooms" drop column if exists "vip_only";');
  }
}
