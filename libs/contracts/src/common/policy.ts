import { DEFAULT_COLOR, DEFAULT_FONT_SIZE } from '../chat/chat.constants';
import type { MessageFormatting } from '../chat/chat.types';
import type { UserRole } from './user';

/**
 * The product's rules about who may do what, in one framework-free place: chat-svc,
 * marketplace-svc and the gateway enforce them, and the web app shows or hides its
 * controls by the same functions. The server's answer is the one that counts.
 */

/** Roles with premium rights: unlimited public sending, formatting, images, room creation. */
export const PREMIUM_ROLES: readonly UserRole[] = ['vip', 'seller', 'moderator'];

export function isPremium(role: UserRole): boolean {
  return PREMIUM_ROLES.includes(role);
}

/** Guests read only. */
export function canSendMessages(role: UserRole): boolean {
  return role !== 'guest';
}

/** Regular users have a cooldown, an hourly quota and a duplicate check in public rooms. */
export function hasSendLimits(role: UserRole, roomType: 'public' | 'private'): boolean {
  return roomType === 'public' && role === 'user';
}

/** Formatting is premium in public rooms and free for everyone in private chats. */
export function canFormat(role: UserRole, roomType: 'public' | 'private'): boolean {
  return roomType === 'private' || isPremium(role);
}

export function canSendImages(role: UserRole): boolean {
  return isPremium(role);
}

/**
 * A public room's creator turns images and GIFs on or off for everyone in it, premium members
 * included; a private chat has no such switches.
 */
export function roomTakesPicture(room: { type: string; allowImages: boolean; allowGifs: boolean }, kind: 'image' | 'gif'): boolean {
  if (room.type !== 'public') return true;
  return kind === 'image' ? room.allowImages : room.allowGifs;
}

/** Voice notes are a premium capability, like images. */
export function canSendVoiceNotes(role: UserRole): boolean {
  return isPremium(role);
}

/** VIP-only public rooms: the "exclusive VIP rooms" of the VIP offer, entered by premium roles. */
export function canEnterVipRooms(role: UserRole | undefined): boolean {
  return !!role && isPremium(role);
}

export function canCreateRooms(role: UserRole): boolean {
  return isPremium(role);
}

export function canModerate(role: UserRole): boolean {
  return role === 'moderator';
}

/** A public room's messages are pinned by its owner and by moderators. */
export function canPin(person: { id: number; role: UserRole }, room: { type: 'public' | 'private'; ownerId?: number | null }): boolean {
  return room.type === 'public' && (room.ownerId === person.id || canModerate(person.role));
}

/** A vip buys calls; a seller may call another seller. */
export function canStartCalls(role: UserRole): boolean {
  return role === 'vip' || role === 'seller';
}

/** A seller application that is not verified is seen only by its applicant and moderators. */
export function canSeeSellerApplication(viewer: { id: number; role: UserRole } | null | undefined, applicantId: number): boolean {
  return !!viewer && (viewer.id === applicantId || canModerate(viewer.role));
}

/** Null when the formatting is the plain default, so only real styling counts as formatted. */
export function normalizeFormatting(input: MessageFormatting | null | undefined): MessageFormatting | null {
  if (!input) return null;
  const formatting: MessageFormatting = {
    bold: input.bold === true,
    italic: input.italic === true,
    underline: input.underline === true,
    fontSize: input.fontSize ?? DEFAULT_FONT_SIZE,
    color: input.color ?? DEFAULT_COLOR,
  };
  const plain =
    !formatting.bold && !formatting.italic && !formatting.underline && formatting.fontSize === DEFAULT_FONT_SIZE && formatting.color === DEFAULT_COLOR;
  return plain ? null : formatting;
}
