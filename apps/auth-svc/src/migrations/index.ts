import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122000000Users } from './Migration20261122000000-users';

/** Every migration, in order. Listed in code so the build and jest need no file globbing. */
export const migrations: MigrationObject[] = [
  { name: 'Migration20261122000000-users', class: Migration20261122000000Users },
];
