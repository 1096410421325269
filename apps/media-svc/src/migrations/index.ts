import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122100000MediaObjects } from './Migration20261122100000-media-objects';

/** Every migration, in order. Listed in code so the build and jest need no file globbing. */
export const migrations: MigrationObject[] = [
  { name: 'Migration20261122100000-media-objects', class: Migration20261122100000MediaObjects },
];
