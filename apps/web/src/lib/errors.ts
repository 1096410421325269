import type { FieldCode, FieldMessageCode, HttpErrorBody } from '@app/contracts';
import { isFieldMessageCode } from '@app/contracts/browser';
import fieldsEnglish from '../i18n/catalogues/en/fields.json';
import { addEnglish, t, type MessageId } from '../i18n/i18n';

// Any form may show a refused field, so the fields' English comes with this module.
addEnglish(fieldsEnglish);

/** The catalogue message of each field message code the server sends (common/field-messages in the contracts). */
const FIELD_MESSAGE_IDS: Record<FieldMessageCode, MessageId> = {
  input_too_deep: 'fields.input_too_deep',
  text_nul: 'fields.text_nul',
  text_broken_unicode: 'fields.text_broken_unicode',
  input_wrong_shape: 'fields.input_wrong_shape',
  whole_number_from: 'fields.whole_number_from',
  language_choice: 'fields.language_choice',
  captcha_required: 'fields.captcha_required',
  captcha_challenge_required: 'fields.captcha_challenge_required',
  captcha_answer_whole_number: 'fields.captcha_answer_whole_number',
  captcha_pow_required: 'fields.captcha_pow_required',
  captcha_wrong: 'fields.captcha_wrong',
  captcha_too_many_wrong: 'fields.captcha_too_many_wrong',
  captcha_question_expired: 'fields.captcha_question_expired',
  captcha_stale: 'fields.captcha_stale',
  captcha_pow_invalid: 'fields.captcha_pow_invalid',
  captcha_pow_expired: 'fields.captcha_pow_expired',
  captcha_pow_spent: 'fields.captcha_pow_spent',
  username_required: 'fields.username_required',
  username_too_short: 'fields.username_too_short',
  username_too_long: 'fields.username_too_long',
  username_characters: 'fields.username_characters',
  username_taken: 'fields.username_taken',
  username_words_not_allowed: 'fields.username_words_not_allowed',
  email_invalid: 'fields.email_invalid',
  sign_in_name_required: 'fields.sign_in_name_required',
  password_required: 'fields.password_required',
  password_too_short: 'fields.password_too_short',
  password_too_long: 'fields.password_too_long',
  password_common: 'fields.password_common',
  password_is_username: 'fields.password_is_username',
  password_is_email: 'fields.password_is_email',
  passwords_mismatch: 'fields.passwords_mismatch',
  bio_too_long: 'fields.bio_too_long',
  avatar_not_stored: 'fields.avatar_not_stored',
  quiet_from_time: 'fields.quiet_from_time',
  quiet_to_time: 'fields.quiet_to_time',
  quiet_time_zone: 'fields.quiet_time_zone',
  room_name_required: 'fields.room_name_required',
  room_name_too_long: 'fields.room_name_too_long',
  room_name_taken: 'fields.room_name_taken',
  room_name_words_not_allowed: 'fields.room_name_words_not_allowed',
  room_description_too_long: 'fields.room_description_too_long',
  room_description_words_not_allowed: 'fields.room_description_words_not_allowed',
  room_category_required: 'fields.room_category_required',
  room_max_users_whole_number: 'fields.room_max_users_whole_number',
  room_max_users_too_few: 'fields.room_max_users_too_few',
  room_max_users_too_many: 'fields.room_max_users_too_many',
  room_rules_too_long: 'fields.room_rules_too_long',
  room_rules_words_not_allowed: 'fields.room_rules_words_not_allowed',
  room_cooldown_whole_number: 'fields.room_cooldown_whole_number',
  room_cooldown_range: 'fields.room_cooldown_range',
  room_public_only: 'fields.room_public_only',
  room_allow_images_flag: 'fields.room_allow_images_flag',
  room_allow_gifs_flag: 'fields.room_allow_gifs_flag',
  room_vip_only_flag: 'fields.room_vip_only_flag',
  message_empty: 'fields.message_empty',
  message_too_long: 'fields.message_too_long',
  message_type_choice: 'fields.message_type_choice',
  message_font_size_choice: 'fields.message_font_size_choice',
  message_colour_choice: 'fields.message_colour_choice',
  message_picture_upload_first: 'fields.message_picture_upload_first',
  message_voice_upload_first: 'fields.message_voice_upload_first',
  message_reply_other_conversation: 'fields.message_reply_other_conversation',
  review_rating: 'fields.review_rating',
  review_comment_too_long: 'fields.review_comment_too_long',
  report_target_type_choice: 'fields.report_target_type_choice',
  report_reason_choice: 'fields.report_reason_choice',
  report_note_text: 'fields.report_note_text',
  report_note_too_long: 'fields.report_note_too_long',
  report_self: 'fields.report_self',
  report_own_message: 'fields.report_own_message',
  report_own_room: 'fields.report_own_room',
  report_public_rooms_only: 'fields.report_public_rooms_only',
};

/** The gateway's error body, when the failure carried one. */
export function errorBody(error: unknown): Partial<HttpErrorBody> | undefined {
  if (typeof error !== 'object' || error === null || !('data' in error)) return undefined;
  const data = (error as { data: unknown }).data;
  return typeof data === 'object' && data !== null ? (data as Partial<HttpErrorBody>) : undefined;
}

/** A field message in the language spoken: its code's words, or the server's English for a code this app does not know. */
export function wordField(code: FieldCode | null | undefined, english: string): string {
  if (!code || !isFieldMessageCode(code.code)) return english;
  return t(FIELD_MESSAGE_IDS[code.code], code.params);
}

/** Each refused field's messages, in the language spoken: where an error body becomes a form's field errors. */
export function fieldErrors(error: unknown): Record<string, string[]> | undefined {
  const body = errorBody(error);
  if (!body?.fields) return undefined;
  const codes = body.fieldCodes ?? {};
  return Object.fromEntries(
    Object.entries(body.fields).map(([field, messages]) => [field, messages.map((message, index) => wordField(codes[field]?.[index], message))]),
  );
}

/** What a person is shown: the server's message (a refused field's, in the language spoken), or the screen's own fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return bodyMessage(errorBody(error), fallback);
}

/** errorMessage of an error body as it was kept (a refused send's). */
export function bodyMessage(body: Pick<Partial<HttpErrorBody>, 'message' | 'fields' | 'fieldCodes'> | undefined, fallback: string): string {
  const message = body?.message;
  if (typeof message !== 'string' || !message.trim()) return fallback;
  // A refusal says its first field's first message: that is worded as the field is.
  const [field, messages] = Object.entries(body?.fields ?? {})[0] ?? [];
  return field && messages?.[0] === message ? wordField(body?.fieldCodes?.[field]?.[0], message) : message;
}

export function errorStatus(error: unknown): number | string | undefined {
  if (typeof error === 'object' && error !== null && 'status' in error) {
    return (error as { status: number | string }).status;
  }
  return undefined;
}

/** The spec's generic form for logs: "<status>: <body text>". */
export function describeHttpError(error: unknown): string {
  const status = errorStatus(error);
  const data = typeof error === 'object' && error !== null && 'data' in error ? (error as { data: unknown }).data : undefined;
  const text = typeof data === 'string' ? data : data === undefined ? '' : JSON.stringify(data);
  const fallback = typeof error === 'object' && error !== null && 'error' in error ? String((error as { error: unknown }).error) : '';
  return `${status ?? 'Error'}: ${text || fallback}`;
}
