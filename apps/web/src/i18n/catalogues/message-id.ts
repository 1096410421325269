import type account from './en/account.json';
import type auth from './en/auth.json';
import type calls from './en/calls.json';
import type chat from './en/chat.json';
import type landing from './en/landing.json';
import type layout from './en/layout.json';
import type marketplace from './en/marketplace.json';
import type rooms from './en/rooms.json';
import type settings from './en/settings.json';

/** Every message id the app may ask for: the English catalogues' keys. */
export type MessageId =
  | keyof typeof account
  | keyof typeof auth
  | keyof typeof calls
  | keyof typeof chat
  | keyof typeof landing
  | keyof typeof layout
  | keyof typeof marketplace
  | keyof typeof rooms
  | keyof typeof settings;
