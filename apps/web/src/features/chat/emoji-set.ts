import type { CompactEmoji } from 'emojibase';

export interface EmojiGroup {
  label: string;
  emoji: { unicode: string; label: string }[];
}

/** Which part of emojibase's data the picker shows, and how many of each. */
const SECTIONS: { label: string; group: number; take: number; match?: (e: CompactEmoji) => boolean }[] = [
  { label: 'Smileys', group: 0, take: 40, match: (e) => !e.label.includes('heart') },
  { label: 'Hearts', group: 0, take: 12, match: (e) => e.label.includes('heart') },
  { label: 'Gestures', group: 1, take: 20 },
  { label: 'Animals & Nature', group: 3, take: 20 },
  { label: 'Food & Drink', group: 4, take: 20 },
  { label: 'Activities', group: 6, take: 20 },
];

/** Newer emoji (joined sequences, the newest code blocks) are missing from many fonts still in use. */
function widelySupported(e: CompactEmoji): boolean {
  const points = e.hexcode.split('-').map((hex) => parseInt(hex, 16));
  return !points.includes(0x200d) && points.every((p) => p < 0x1fa70);
}

/**
 * Picks about 130 emoji in groups from emojibase's data, in Unicode's order. It runs at build
 * time (the virtual:emoji-groups module), so the browser never loads the whole data set.
 */
export function pickEmoji(data: CompactEmoji[]): EmojiGroup[] {
  const sorted = data.filter((e) => e.group !== undefined && e.order !== undefined && widelySupported(e)).sort((a, b) => a.order! - b.order!);
  return SECTIONS.map(({ label, group, take, match }) => ({
    label,
    emoji: sorted
      .filter((e) => e.group === group && (match ? match(e) : true))
      .slice(0, take)
      .map((e) => ({ unicode: e.unicode, label: e.label })),
  }));
}
