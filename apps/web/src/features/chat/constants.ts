import { canCreateRooms, type COLOR_PALETTE, type UserRole } from '@app/contracts/browser';

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

/** Whether the signed-in person (if any) may create public rooms; the server decides by the same rule. */
export function mayCreateRooms(role: UserRole | undefined): boolean {
  return role !== undefined && canCreateRooms(role);
}

/** Colour emoji fonts first: system text fonts draw some emoji in black and white. */
export const EMOJI_FONT = "[font-family:'Apple_Color_Emoji','Segoe_UI_Emoji','Noto_Color_Emoji',sans-serif]";
