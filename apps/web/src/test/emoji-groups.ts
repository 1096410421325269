import type { CompactEmoji } from 'emojibase';
import data from 'emojibase-data/en/compact.json';
import { pickEmoji } from '../features/chat/emoji-set';

/** What vite.config.ts's emoji-groups plugin builds into the bundle. */
export default pickEmoji(data as CompactEmoji[]);
