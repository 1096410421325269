import type { Messages } from '@lingui/core';
import account from './hi/account.json';
import auth from './hi/auth.json';
import calls from './hi/calls.json';
import chat from './hi/chat.json';
import landing from './hi/landing.json';
import layout from './hi/layout.json';
import marketplace from './hi/marketplace.json';
import rooms from './hi/rooms.json';
import settings from './hi/settings.json';

/** Hindi, every feature's catalogue: a chunk of its own, fetched when someone's language is Hindi. */
export const messages = { ...layout, ...account, ...landing, ...auth, ...rooms, ...settings, ...calls, ...chat, ...marketplace } as unknown as Messages;
