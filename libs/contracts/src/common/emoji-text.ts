import emojiRegex from 'emoji-regex';
import type { MessageType } from '../chat/chat.constants';

// A module of its own: the pattern is built when the module loads, so only the code that reads
// messages' emoji (the chat screens, chat-svc) carries it, not every page that checks a role.
const EMOJI = emojiRegex();

/** Text made only of emoji (joiners and variation selectors included) is an emoji message. */
export function isEmojiOnly(text: string): boolean {
  const trimmed = text.trim();
  if (!trimmed) return false;
  return trimmed.replace(EMOJI, '').replace(/[\s\u200d\ufe0f]/g, '') === '';
}

/** One emoji (with its joiners, skin tone and variation selectors), as a reaction is. */
export function isSingleEmoji(text: string): boolean {
  const found = text.match(EMOJI);
  return found !== null && found.length === 1 && found[0] === text;
}

/** Image, gif and voice keep the kind the sender gave; text is emoji or text by what it holds. */
export function messageKind(requested: MessageType | undefined, content: string): MessageType {
  if (requested === 'image' || requested === 'gif' || requested === 'voice') return requested;
  return isEmojiOnly(content) ? 'emoji' : 'text';
}
