/**
 * What the server says about a field it refuses, by code. An error body carries each field's
 * English (`fields`, for clients that show the server's words) and, beside it, the code and
 * the values (`fieldCodes`) a client words in the reader's language. `{name}` is a value's
 * place: the same ICU form the web's catalogues (fields.json) keep, English byte for byte.
 */
import { PasskeyMessages } from '../auth/passkeys.constants';
import { TwoStepMessages } from '../auth/two-step.constants';
import { ChatMessages } from '../chat/chat.constants';
import { MediaUrlMessages } from '../media/media.constants';
import { ModerationMessages } from '../moderation/moderation.constants';
import { SafetyMessages } from '../safety/safety.constants';

// The messages services also say outside a field's refusal keep their home with their feature's
// other messages, and are named here; the constants do not import this table, so a bundle that
// needs a feature's constants does not carry every field's English.
export const FIELD_MESSAGES = {
  // Any input
  input_too_deep: 'Input is nested more than {max} levels deep',
  text_nul: 'Text must not contain the NUL character',
  text_broken_unicode: 'Text must be valid Unicode (no unpaired surrogates)',
  input_wrong_shape: 'Input does not have the expected shape',
  whole_number_from: '{field} must be a whole number from {min} to {max}',
  language_choice: 'language must be one of: {languages}',

  // Captcha
  captcha_required: 'Please complete the security verification',
  captcha_challenge_required: 'Captcha challenge is required',
  captcha_answer_whole_number: 'Answer must be a whole number',
  captcha_pow_required: 'Proof of work is required',
  captcha_wrong: 'Incorrect answer. Please try again.',
  captcha_too_many_wrong: 'Too many wrong answers. Please refresh for a new question.',
  captcha_question_expired: 'This question has expired. Please refresh for a new one.',
  captcha_stale: 'Security verification expired or already used. Please solve a new question.',
  captcha_pow_invalid: 'The browser check did not pass. Please refresh for a new question.',
  captcha_pow_expired: 'The browser check has expired. Please refresh for a new question.',
  captcha_pow_spent: 'This browser check was already used. Please refresh for a new question.',

  // Sign-up, sign-in, profile
  username_required: 'Username is required',
  username_too_short: 'Username must be at least {min} characters long',
  username_too_long: 'Username must be at most {max} characters long',
  username_characters: 'Username may contain only letters, digits and underscore',
  username_taken: 'This username is already taken. Please choose another one.',
  username_words_not_allowed: SafetyMessages.WordsNotAllowed.username,
  email_invalid: 'Please enter a valid email address',
  sign_in_name_required: 'Email or username is required',
  password_required: 'Password is required',
  password_too_short: 'Password must be at least {min} characters',
  password_too_long: 'Password must be at most {max} characters',
  password_common: 'This password is too common. Please choose a less predictable one.',
  password_is_username: 'Password must not be the same as your username',
  password_is_email: 'Password must not be the same as your email',
  passwords_mismatch: 'Passwords do not match',
  bio_too_long: 'Bio must be at most {max} characters',
  avatar_not_stored: MediaUrlMessages.avatar,

  // Settings
  quiet_from_time: 'from must be a time such as 22:00',
  quiet_to_time: 'to must be a time such as 07:00',
  quiet_time_zone: 'timeZone must be a time zone such as Asia/Kolkata',

  // Rooms
  room_name_required: 'Room name is required',
  room_name_too_long: 'Room name must be less than {max} characters',
  room_name_taken: ChatMessages.RoomNameTaken,
  room_name_words_not_allowed: SafetyMessages.WordsNotAllowed.roomName,
  room_description_too_long: 'Description must be less than {max} characters',
  room_description_words_not_allowed: SafetyMessages.WordsNotAllowed.description,
  room_category_required: 'Category is required',
  room_max_users_whole_number: 'Max users must be a whole number',
  room_max_users_too_few: 'Max users must be at least {min}',
  room_max_users_too_many: 'Max users must be at most {max}',
  room_rules_too_long: 'Rules must be less than {max} characters',
  room_rules_words_not_allowed: SafetyMessages.WordsNotAllowed.customRules,
  room_cooldown_whole_number: 'Message cooldown must be a whole number of seconds',
  room_cooldown_range: 'Message cooldown must be between {min} and {max} seconds',
  room_public_only: 'Only public rooms can be created here',
  room_allow_images_flag: 'Allow images must be true or false',
  room_allow_gifs_flag: 'Allow GIFs must be true or false',
  room_vip_only_flag: 'VIP members only must be true or false',

  // Messages
  message_empty: 'Message cannot be empty',
  message_too_long: 'Message must be at most {max} characters',
  message_type_choice: 'Message type must be one of {types}',
  message_font_size_choice: 'Font size must be one of {sizes}',
  message_colour_choice: 'Colour must be one of the palette colours',
  message_picture_upload_first: 'Images and GIFs must be uploaded to the chat first',
  message_voice_upload_first: ChatMessages.VoiceUploadFirst,
  message_reply_other_conversation: ChatMessages.ReplyOtherConversation,

  // Reviews
  review_rating: 'Rating must be between 1 and 5',
  review_comment_too_long: 'Comment must be at most {max} characters',

  // Reports
  report_target_type_choice: 'targetType must be one of {types}',
  report_reason_choice: 'Reason must be one of {reasons}',
  report_note_text: 'Note must be text',
  report_note_too_long: 'Note must be at most {max} characters',
  report_self: ModerationMessages.ReportSelf,
  report_own_message: ModerationMessages.ReportOwnMessage,
  report_own_room: ModerationMessages.ReportOwnRoom,
  report_public_rooms_only: ModerationMessages.OnlyPublicRooms,
  // Two-step sign-in and passkeys
  two_step_code: TwoStepMessages.codeRequired,
  two_step_app_code: 'Enter the 6-digit code from your authenticator app.',
  two_step_sign_in_expired: TwoStepMessages.challengeExpired,
  passkey_no_answer: PasskeyMessages.responseRequired,
} as const;

export type FieldMessageCode = keyof typeof FIELD_MESSAGES;

/** The values a message's English names: `{max}` asks for `max`. */
type PlacesOf<Text extends string> = Text extends `${string}{${infer Name}}${infer Rest}` ? Name | PlacesOf<Rest> : never;
export type FieldParams = Record<string, string | number>;
type ParamsArgs<Code extends FieldMessageCode> = [PlacesOf<(typeof FIELD_MESSAGES)[Code]>] extends [never]
  ? []
  : [params: Record<PlacesOf<(typeof FIELD_MESSAGES)[Code]>, string | number>];

/** A field message as a client words it: the code and its values. */
export interface FieldCode {
  code: FieldMessageCode | (string & {});
  params?: FieldParams;
}

/** A field message as the server says it: the English beside its code. */
export interface FieldMessage extends FieldCode {
  message: string;
}

/** One field message: its English from its code and values. */
export function fieldMessage<Code extends FieldMessageCode>(code: Code, ...[params]: ParamsArgs<Code>): FieldMessage {
  const values = params as FieldParams | undefined;
  return { code, ...(values ? { params: values } : {}), message: fieldText(code, values) };
}

/** A code's English with its values in place. */
export function fieldText(code: FieldMessageCode, params: FieldParams = {}): string {
  return FIELD_MESSAGES[code].replace(/\{(\w+)\}/g, (place, name: string) => (name in params ? String(params[name]) : place));
}

export function isFieldMessageCode(code: unknown): code is FieldMessageCode {
  return typeof code === 'string' && Object.prototype.hasOwnProperty.call(FIELD_MESSAGES, code);
}

/** A field's messages as a service raises them: plain English (no code yet) or coded. */
export type FieldProblems = Record<string, ReadonlyArray<string | FieldMessage>>;

/**
 * Each field's codes, in the order of its messages in `fields`; null where a message has no
 * code (the client shows the English).
 */
export type FieldCodes = Record<string, (FieldCode | null)[]>;

/** An error body's `fields` and `fieldCodes` (the latter only when some message has a code). */
export function fieldErrors(problems: FieldProblems): { fields: Record<string, string[]>; fieldCodes?: FieldCodes } {
  const fields: Record<string, string[]> = {};
  const fieldCodes: FieldCodes = {};
  let coded = false;
  for (const [field, list] of Object.entries(problems)) {
    fields[field] = [];
    fieldCodes[field] = [];
    for (const problem of list) {
      const message = typeof problem === 'string' ? problem : problem.message;
      // Two rules failing for one reason (a missing value) often share a message: it is said once.
      if (fields[field].includes(message)) continue;
      fields[field].push(message);
      if (typeof problem === 'string') {
        fieldCodes[field].push(null);
      } else {
        coded = true;
        fieldCodes[field].push(problem.params ? { code: problem.code, params: problem.params } : { code: problem.code });
      }
    }
  }
  return coded ? { fields, fieldCodes } : { fields };
}

/** The English of a field's first message, as an error's own message says it. */
export function firstFieldMessage(problems: FieldProblems): string {
  const first = Object.values(problems)[0]?.[0];
  if (first === undefined) return 'Invalid input';
  return typeof first === 'string' ? first : first.message;
}

/** The context class-validator keeps beside a rule's message, naming its code. */
export const FIELD_CODE_CONTEXT = 'fieldCode';

/**
 * A DTO rule's options (`@MaxLength(20, said('username_too_long', { max: 20 }))`): the English
 * as its message, the code and values as its context, which the validation pipe reads back.
 */
export function said<Code extends FieldMessageCode>(code: Code, ...params: ParamsArgs<Code>): { message: string; context: Record<string, FieldCode> } {
  const { message, ...fieldCode } = fieldMessage(code, ...params);
  return { message, context: { [FIELD_CODE_CONTEXT]: fieldCode } };
}
