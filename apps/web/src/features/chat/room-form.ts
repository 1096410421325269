import type { CreateRoomDto, RoomCategory } from '@app/contracts';
import {
  ROOM_COOLDOWN_DEFAULT,
  ROOM_COOLDOWN_MAX,
  ROOM_DESCRIPTION_MAX,
  ROOM_MAX_USERS_DEFAULT,
  ROOM_MAX_USERS_MAX,
  ROOM_MAX_USERS_MIN,
  ROOM_NAME_MAX,
  ROOM_RULES_MAX,
} from '@app/contracts/browser';
import { CREATE_ROOM_TEXT } from './chat-copy';

/** The create-room dialog's fields as typed. */
export interface RoomForm {
  name: string;
  description: string;
  category: RoomCategory | '';
  maxUsers: string;
  customRules: string;
  messageCooldown: string;
  /** Only vip, seller and moderator members may enter. */
  vipOnly: boolean;
  /** Whether anyone may send images, or GIFs, here (off by default). */
  allowImages: boolean;
  allowGifs: boolean;
}

export type RoomFormErrors = Partial<Record<keyof RoomForm, string>>;

export const EMPTY_ROOM_FORM: RoomForm = {
  name: '',
  description: '',
  category: 'general',
  maxUsers: String(ROOM_MAX_USERS_DEFAULT),
  customRules: '',
  messageCooldown: String(ROOM_COOLDOWN_DEFAULT),
  vipOnly: false,
  allowImages: false,
  allowGifs: false,
};

function wholeNumberIn(value: string, min: number, max: number): boolean {
  const n = Number(value);
  return value.trim() !== '' && Number.isInteger(n) && n >= min && n <= max;
}

/** The spec's room form rules, with its words. */
export function validateRoomForm(form: RoomForm): RoomFormErrors {
  const errors: RoomFormErrors = {};
  const { errors: text } = CREATE_ROOM_TEXT;
  if (!form.name.trim()) errors.name = text.nameRequired;
  else if (form.name.trim().length > ROOM_NAME_MAX) errors.name = text.nameTooLong;
  if (form.description.length > ROOM_DESCRIPTION_MAX) errors.description = text.descriptionTooLong;
  if (!form.category) errors.category = text.categoryRequired;
  if (!wholeNumberIn(form.maxUsers, ROOM_MAX_USERS_MIN, ROOM_MAX_USERS_MAX)) errors.maxUsers = text.maxUsers;
  if (form.customRules.length > ROOM_RULES_MAX) errors.customRules = text.rulesTooLong;
  if (!wholeNumberIn(form.messageCooldown, 0, ROOM_COOLDOWN_MAX)) errors.messageCooldown = text.cooldown;
  return errors;
}

/** The public room the server is asked to create from the form. */
export function toCreateRoom(form: RoomForm): CreateRoomDto {
  return {
    name: form.name.trim(),
    description: form.description.trim() || undefined,
    category: form.category as RoomCategory,
    maxUsers: Number(form.maxUsers),
    customRules: form.customRules.trim() || undefined,
    messageCooldown: Number(form.messageCooldown),
    type: 'public',
    allowImages: form.allowImages,
    allowGifs: form.allowGifs,
    ...(form.vipOnly ? { vipOnly: true } : {}),
  };
}
