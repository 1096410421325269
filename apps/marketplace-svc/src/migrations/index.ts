import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122100000Sellers } from './Migration20261122100000-sellers';

/** Every migration, in order. Listed in code so the build and jest need no file globbing. */
export const migrations: MigrationObject[] = [
  { name: 'Migration20261122100000-sellers', class: Migration20261122100000Sellers },
];
