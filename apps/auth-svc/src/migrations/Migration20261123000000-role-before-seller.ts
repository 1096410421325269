import { Migration } from '@mikro-orm/migrations';

export class Migration20261123000000RoleBeforeSeller extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table "users" add column "role_before_seller" varchar(16) null;');
  }

  override async down(): Promise<void> {
    this.addSql('alter table "users" drop column if exists "role_before_seller";');
  }
}
