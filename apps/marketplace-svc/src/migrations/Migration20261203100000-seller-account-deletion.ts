import { Migration } from '@mikro-orm/migrations';

/** A seller whose owner asked to delete the account is not listed during the grace (auth-svc's user.updated says so). */
export class Migration20261203100000SellerAccountDeletion extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table "sellers" add column "account_deletion_pending" boolean not null default false;');
  }

  override async down(): Promise<void> {
    this.addSql('alter table "sellers" drop column if exists "account_deletion_pending";');
  }
}
