import { type COLOR_PALETTE, isPremium, type UserRole } from '@app/contracts/browser';

/** The names the colour picker shows, one per entry of the contracts' palette. */
export const COLOR_NAMES: Record<(typeof COLOR_PALETTE)[number], string> = {
  '#000000': 'Black',
  '#dc2626': 'Red',
  '#ea580c': 'Orange',
  '#ca8a04': 'Gold',
  '#16a34a': 'Green',
  '#0d9488': 'Teal',
  '#2563eb': 'Blue',
  '#7c3aed': 'Purple',
  '#db2777': 'Pink',
  '#6b7280': 'Grey',
};

/** vip, seller and moderator: unlimited sending, formatting, images, room creation. */
export function isPremiumRole(role: UserRole | undefined): boolean {
  return role !== undefined && isPremium(role);
}

/** Colour emoji fonts first: system text fonts draw some emoji in black and white. */
export const EMOJI_FONT = "[font-family:'Apple_Color_Emoji','Segoe_UI_Emoji','Noto_Color_Emoji',sans-serif]";
