import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261123000000Chat } from './Migration20261123000000-chat';

/** Every migration, in order. Listed in code so the build and jest need no file globbing. */
export const migrations: MigrationObject[] = [{ name: 'Migration20261123000000-chat', class: Migration20261123000000Chat }];
