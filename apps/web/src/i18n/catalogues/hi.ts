import type { Messages } from '@lingui/core';
import account from './hi/account.json';
import auth from './hi/auth.json';
import calls from './hi/calls.json';
import categories from './hi/categories.json';
import chat from './hi/chat.json';
import fields from './hi/fields.json';
import landing from './hi/landing.json';
import layout from './hi/layout.json';
import legal from './hi/legal.json';
import marketplace from './hi/marketplace.json';
import media from './hi/media.json';
import moderation from './hi/moderation.json';
import notifications from './hi/notifications.json';
import profile from './hi/profile.json';
import push from './hi/push.json';
import rooms from './hi/rooms.json';
import safety from './hi/safety.json';
import search from './hi/search.json';
import settings from './hi/settings.json';
import time from './hi/time.json';
import vip from './hi/vip.json';

/** Hindi, every feature's catalogue: a chunk of its own, fetched when someone's language is Hindi. */
export const messages = { ...layout, ...account, ...landing, ...auth, ...rooms, ...settings, ...calls, ...categories, ...chat, ...fields, ...legal, ...marketplace, ...media, ...moderation, ...notifications, ...profile, ...push, ...safety, ...search, ...time, ...vip } as unknown as Messages;
