import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122100000MediaObjects } from './Migration20261122100000-media-objects';
import { Migration20261130100000VoiceNotes } from './Migration20261130100000-voice-notes';
import { Migration20261206100000PreviewImageChecks } from './Migration20261206100000-preview-image-checks';
import { Migration20261207100000DataExports } from './Migration20261207100000-data-exports';

/** Every migration, in order. Listed in code so the build and jest need no file globbing. */
export const migrations: MigrationObject[] = [
  { name: 'Migration20261122100000-media-objects', class: Migration20261122100000MediaObjects },
  { name: 'Migration20261130100000-voice-notes', class: Migration20261130100000VoiceNotes },
  { name: 'Migration20261206100000-preview-image-checks', class: Migration20261206100000PreviewImageChecks },
  { name: 'Migration20261207100000-data-exports', class: Migration20261207100000DataExports },
];
