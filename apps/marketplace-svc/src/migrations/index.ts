import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122100000Sellers } from './Migration20261122100000-sellers';
import { Migration20261124000000Calls } from './Migration20261124000000-calls';
import { Migration20261203100000SellerAccountDeletion } from './Migration20261203100000-seller-account-deletion';

/** Every migration, in order. Listed in code so the build and jest need no file globbing. */
export const migrations: MigrationObject[] = [
  { name: 'Migration20261122100000-sellers', class: Migration20261122100000Sellers },
  { name: 'Migration20261124000000-calls', class: Migration20261124000000Calls },
  { name: 'Migration20261203100000-seller-account-deletion', class: Migration20261203100000SellerAccountDeletion },
];
