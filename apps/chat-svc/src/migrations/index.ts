import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261123000000Chat } from './Migration20261123000000-chat';
import { Migration20261126100000Moderation } from './Migration20261126100000-moderation';
import { Migration20261126200000Safety } from './Migration20261126200000-safety';
import { Migration20261127100000Notifications } from './Migration20261127100000-notifications';
import { Migration20261127110000NotificationDigests } from './Migration20261127110000-notification-digests';
import { Migration20261128200000RoomArchive } from './Migration20261128200000-room-archive';
import { Migration20261129100000MessageSearch } from './Migration20261129100000-message-search';
import { Migration20261130100000VipRooms } from './Migration20261130100000-vip-rooms';
import { Migration20261202100000MessageEdits } from './Migration20261202100000-message-edits';
import { Migration20261202110000MessageReactions } from './Migration20261202110000-message-reactions';
import { Migration20261202120000ReadReceipts } from './Migration20261202120000-read-receipts';
import { Migration20261203100000Push } from './Migration20261203100000-push';
import { Migration20261204150000NotificationSources } from './Migration20261204150000-notification-sources';
import { Migration20261204160000Replies } from './Migration20261204160000-replies';
import { Migration20261204170000Pins } from './Migration20261204170000-pins';
import { Migration20261201100000Mentions } from './Migration20261201100000-mentions';
import { Migration20261205100000LinkPreviews } from './Migration20261205100000-link-previews';
import { Migration20261206100000LinkPreviewImages } from './Migration20261206100000-link-preview-images';
import { Migration20261207100000MessagesBySender } from './Migration20261207100000-messages-by-sender';
import { Migration20261208100000NotificationWords } from './Migration20261208100000-notification-words';
import { Migration20261209100000RoomVersions } from './Migration20261209100000-room-versions';

/** Every migration, in order. Listed in code so the build and jest need no file globbing. */
export const migrations: MigrationObject[] = [
  { name: 'Migration20261123000000-chat', class: Migration20261123000000Chat },
  { name: 'Migration20261126100000-moderation', class: Migration20261126100000Moderation },
  { name: 'Migration20261126200000-safety', class: Migration20261126200000Safety },
  { name: 'Migration20261127100000-notifications', class: Migration20261127100000Notifications },
  { name: 'Migration20261127110000-notification-digests', class: Migration20261127110000NotificationDigests },
  { name: 'Migration20261128200000-room-archive', class: Migration20261128200000RoomArchive },
  { name: 'Migration20261129100000-message-search', class: Migration20261129100000MessageSearch },
  { name: 'Migration20261130100000-vip-rooms', class: Migration20261130100000VipRooms },
  { name: 'Migration20261201100000-mentions', class: Migration20261201100000Mentions },
  { name: 'Migration20261202100000-message-edits', class: Migration20261202100000MessageEdits },
  { name: 'Migration20261202110000-message-reactions', class: Migration20261202110000MessageReactions },
  { name: 'Migration20261202120000-read-receipts', class: Migration20261202120000ReadReceipts },
  { name: 'Migration20261203100000-push', class: Migration20261203100000Push },
  { name: 'Migration20261204150000-notification-sources', class: Migration20261204150000NotificationSources },
  { name: 'Migration20261204160000-replies', class: Migration20261204160000Replies },
  { name: 'Migration20261204170000-pins', class: Migration20261204170000Pins },
  { name: 'Migration20261205100000-link-previews', class: Migration20261205100000LinkPreviews },
  { name: 'Migration20261206100000-link-preview-images', class: Migration20261206100000LinkPreviewImages },
  { name: 'Migration20261207100000-messages-by-sender', class: Migration20261207100000MessagesBySender },
  { name: 'Migration20261208100000-notification-words', class: Migration20261208100000NotificationWords },
  { name: 'Migration20261209100000-room-versions', class: Migration20261209100000RoomVersions },
];
