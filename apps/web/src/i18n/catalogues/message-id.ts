import type account from './en/account.json';
import type auth from './en/auth.json';
import type calls from './en/calls.json';
import type categories from './en/categories.json';
import type chat from './en/chat.json';
import type fields from './en/fields.json';
import type landing from './en/landing.json';
import type layout from './en/layout.json';
import type legal from './en/legal.json';
import type marketplace from './en/marketplace.json';
import type media from './en/media.json';
import type moderation from './en/moderation.json';
import type notifications from './en/notifications.json';
import type profile from './en/profile.json';
import type push from './en/push.json';
import type rooms from './en/rooms.json';
import type safety from './en/safety.json';
import type search from './en/search.json';
import type settings from './en/settings.json';
import type time from './en/time.json';
import type vip from './en/vip.json';

/** Every message id the app may ask for: the English catalogues' keys. */
export type MessageId =
  | keyof typeof account
  | keyof typeof auth
  | keyof typeof calls
  | keyof typeof categories
  | keyof typeof chat
  | keyof typeof fields
  | keyof typeof landing
  | keyof typeof layout
  | keyof typeof legal
  | keyof typeof marketplace
  | keyof typeof media
  | keyof typeof moderation
  | keyof typeof notifications
  | keyof typeof profile
  | keyof typeof push
  | keyof typeof rooms
  | keyof typeof safety
  | keyof typeof search
  | keyof typeof settings
  | keyof typeof time
  | keyof typeof vip;
