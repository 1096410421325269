import 'reflect-metadata';
import { validateSync } from 'class-validator';
import { plainToInstance } from 'class-transformer';
import { LoginDto, RegisterDto, UpdateProfileDto } from '../auth/dto/auth.dto';
import { CompleteTwoStepLoginDto, ConfirmTwoStepDto, DisableTwoStepDto } from '../auth/dto/two-step.dto';
import { CreateRoomDto, SendMessageDto } from '../chat/dto/chat.dto';
import { ReviewInputDto } from '../marketplace/dto/review.dto';
import { CreateReportDto } from '../moderation/dto/moderation.dto';
import { FIELD_CODE_CONTEXT, FIELD_MESSAGES, fieldErrors, fieldMessage, fieldText, said, type FieldMessageCode } from './field-messages';

/** Every code with values, and the English the server said before the codes (the spec's words among them). */
const ENGLISH_BEFORE: Array<[FieldMessageCode, Record<string, string | number> | undefined, string]> = [
  ['input_too_deep', { max: 32 }, 'Input is nested more than 32 levels deep'],
  ['text_nul', undefined, 'Text must not contain the NUL character'],
  ['text_broken_unicode', undefined, 'Text must be valid Unicode (no unpaired surrogates)'],
  ['input_wrong_shape', undefined, 'Input does not have the expected shape'],
  ['whole_number_from', { field: 'targetId', min: 1, max: 2147483647 }, 'targetId must be a whole number from 1 to 2147483647'],
  ['language_choice', { languages: 'en, hi' }, 'language must be one of: en, hi'],
  ['captcha_required', undefined, 'Please complete the security verification'],
  ['captcha_challenge_required', undefined, 'Captcha challenge is required'],
  ['captcha_answer_whole_number', undefined, 'Answer must be a whole number'],
  ['captcha_pow_required', undefined, 'Proof of work is required'],
  ['captcha_wrong', undefined, 'Incorrect answer. Please try again.'],
  ['captcha_too_many_wrong', undefined, 'Too many wrong answers. Please refresh for a new question.'],
  ['captcha_question_expired', undefined, 'This question has expired. Please refresh for a new one.'],
  ['captcha_stale', undefined, 'Security verification expired or already used. Please solve a new question.'],
  ['captcha_pow_invalid', undefined, 'The browser check did not pass. Please refresh for a new question.'],
  ['captcha_pow_expired', undefined, 'The browser check has expired. Please refresh for a new question.'],
  ['captcha_pow_spent', undefined, 'This browser check was already used. Please refresh for a new question.'],
  ['username_required', undefined, 'Username is required'],
  ['username_too_short', { min: 3 }, 'Username must be at least 3 characters long'],
  ['username_too_long', { max: 20 }, 'Username must be at most 20 characters long'],
  ['username_characters', undefined, 'Username may contain only letters, digits and underscore'],
  ['username_taken', undefined, 'This username is already taken. Please choose another one.'],
  ['username_words_not_allowed', undefined, 'This username contains words that are not allowed'],
  ['email_invalid', undefined, 'Please enter a valid email address'],
  ['sign_in_name_required', undefined, 'Email or username is required'],
  ['password_required', undefined, 'Password is required'],
  ['password_too_short', { min: 8 }, 'Password must be at least 8 characters'],
  ['password_too_long', { max: 128 }, 'Password must be at most 128 characters'],
  ['password_common', undefined, 'This password is too common. Please choose a less predictable one.'],
  ['password_is_username', undefined, 'Password must not be the same as your username'],
  ['password_is_email', undefined, 'Password must not be the same as your email'],
  ['passwords_mismatch', undefined, 'Passwords do not match'],
  ['bio_too_long', { max: 500 }, 'Bio must be at most 500 characters'],
  ['avatar_not_stored', undefined, 'Avatar must be an image uploaded here; links to other sites are not accepted'],
  ['quiet_from_time', undefined, 'from must be a time such as 22:00'],
  ['quiet_to_time', undefined, 'to must be a time such as 07:00'],
  ['quiet_time_zone', undefined, 'timeZone must be a time zone such as Asia/Kolkata'],
  ['room_name_required', undefined, 'Room name is required'],
  ['room_name_too_long', { max: 50 }, 'Room name must be less than 50 characters'],
  ['room_name_taken', undefined, 'A room with this name already exists'],
  ['room_name_words_not_allowed', undefined, 'Room name contains words that are not allowed'],
  ['room_description_too_long', { max: 200 }, 'Description must be less than 200 characters'],
  ['room_description_words_not_allowed', undefined, 'Description contains words that are not allowed'],
  ['room_category_required', undefined, 'Category is required'],
  ['room_max_users_whole_number', undefined, 'Max users must be a whole number'],
  ['room_max_users_too_few', { min: 2 }, 'Max users must be at least 2'],
  ['room_max_users_too_many', { max: 500 }, 'Max users must be at most 500'],
  ['room_rules_too_long', { max: 500 }, 'Rules must be less than 500 characters'],
  ['room_rules_words_not_allowed', undefined, 'Rules contain words that are not allowed'],
  ['room_cooldown_whole_number', undefined, 'Message cooldown must be a whole number of seconds'],
  ['room_cooldown_range', { min: 0, max: 300 }, 'Message cooldown must be between 0 and 300 seconds'],
  ['room_public_only', undefined, 'Only public rooms can be created here'],
  ['room_allow_images_flag', undefined, 'Allow images must be true or false'],
  ['room_allow_gifs_flag', undefined, 'Allow GIFs must be true or false'],
  ['room_vip_only_flag', undefined, 'VIP members only must be true or false'],
  ['message_empty', undefined, 'Message cannot be empty'],
  ['message_too_long', { max: 2000 }, 'Message must be at most 2000 characters'],
  ['message_type_choice', { types: 'text, emoji, image, gif, voice' }, 'Message type must be one of text, emoji, image, gif, voice'],
  ['message_font_size_choice', { sizes: '10, 12, 14, 16, 18, 20, 24, 28, 32' }, 'Font size must be one of 10, 12, 14, 16, 18, 20, 24, 28, 32'],
  ['message_colour_choice', undefined, 'Colour must be one of the palette colours'],
  ['message_picture_upload_first', undefined, 'Images and GIFs must be uploaded to the chat first'],
  ['message_voice_upload_first', undefined, 'Voice notes must be recorded and uploaded first'],
  ['message_reply_other_conversation', undefined, 'A reply must answer a message of the same conversation'],
  ['review_rating', undefined, 'Rating must be between 1 and 5'],
  ['review_comment_too_long', { max: 1000 }, 'Comment must be at most 1000 characters'],
  ['report_target_type_choice', { types: 'message, user, room, seller' }, 'targetType must be one of message, user, room, seller'],
  ['report_reason_choice', { reasons: 'harassment, spam, inappropriate, scam, other' }, 'Reason must be one of harassment, spam, inappropriate, scam, other'],
  ['report_note_text', undefined, 'Note must be text'],
  ['report_note_too_long', { max: 500 }, 'Note must be at most 500 characters'],
  ['report_self', undefined, 'You cannot report yourself'],
  ['report_own_message', undefined, 'You cannot report your own message'],
  ['report_own_room', undefined, 'You cannot report your own room'],
  ['report_public_rooms_only', undefined, 'Only public rooms can be reported; report a message or a person instead'],
  ['two_step_code', undefined, 'Enter the 6-digit code from your authenticator app, or a recovery code.'],
  ['two_step_app_code', undefined, 'Enter the 6-digit code from your authenticator app.'],
  ['two_step_sign_in_expired', undefined, 'This sign-in has expired. Please sign in again.'],
  ['passkey_no_answer', undefined, 'The passkey did not answer. Please try again.'],
];

/** What class-validator answers for a body, each message with the code its rule carries. */
function refusals(dto: new () => object, body: object) {
  return Object.fromEntries(
    validateSync(plainToInstance(dto, body)).map((error) => [
      error.property,
      Object.entries(error.constraints ?? {}).map(([rule, message]) => ({ message, ...error.contexts?.[rule]?.[FIELD_CODE_CONTEXT] })),
    ]),
  );
}

describe('field messages', () => {
  it('covers every code once', () => {
    expect(ENGLISH_BEFORE.map(([code]) => code).sort()).toEqual(Object.keys(FIELD_MESSAGES).sort());
  });

  it.each(ENGLISH_BEFORE)('words %s in the English the server said before', (code, params, english) => {
    expect(fieldText(code, params)).toBe(english);
  });

  it('carries the code and values beside the English', () => {
    expect(fieldMessage('username_too_long', { max: 20 })).toEqual({
      code: 'username_too_long',
      params: { max: 20 },
      message: 'Username must be at most 20 characters long',
    });
    expect(fieldMessage('username_taken')).toEqual({ code: 'username_taken', message: 'This username is already taken. Please choose another one.' });
    expect(said('room_name_required')).toEqual({ message: 'Room name is required', context: { [FIELD_CODE_CONTEXT]: { code: 'room_name_required' } } });
  });

  it("lays a body's fields out beside their codes, null for a message without one, each message once", () => {
    const tooLong = fieldMessage('username_too_long', { max: 20 });
    expect(fieldErrors({ username: [tooLong, tooLong], email: ['email must be shorter than or equal to 254 characters'] })).toEqual({
      fields: { username: [tooLong.message], email: ['email must be shorter than or equal to 254 characters'] },
      fieldCodes: { username: [{ code: 'username_too_long', params: { max: 20 } }], email: [null] },
    });
    expect(fieldErrors({ token: ['This link has expired'] })).toEqual({ fields: { token: ['This link has expired'] } });
  });
});

describe("the forms' rules", () => {
  it('sign-up and sign-in name their codes', () => {
    expect(refusals(RegisterDto, { username: 'a!', email: 'nope', password: 'short', captchaResponse: '' })).toEqual({
      captchaResponse: [{ code: 'captcha_required', message: 'Please complete the security verification' }],
      username: [
        { code: 'username_characters', message: 'Username may contain only letters, digits and underscore' },
        { code: 'username_too_short', params: { min: 3 }, message: 'Username must be at least 3 characters long' },
      ],
      email: [{ code: 'email_invalid', message: 'Please enter a valid email address' }],
      password: [{ code: 'password_too_short', params: { min: 8 }, message: 'Password must be at least 8 characters' }],
    });
    expect(refusals(LoginDto, { email: '', password: '', captchaResponse: 'token' })).toEqual({
      email: [{ code: 'sign_in_name_required', message: 'Email or username is required' }],
      password: [{ code: 'password_required', message: 'Password is required' }],
    });
  });

  it('two-step sign-in and turning it off name theirs', () => {
    expect(refusals(CompleteTwoStepLoginDto, { challenge: 'old', code: '' })).toEqual({
      code: [{ code: 'two_step_code', message: 'Enter the 6-digit code from your authenticator app, or a recovery code.' }],
      challenge: [{ code: 'two_step_sign_in_expired', message: 'This sign-in has expired. Please sign in again.' }],
    });
    expect(refusals(ConfirmTwoStepDto, { code: 'abc-def' })).toEqual({
      code: [{ code: 'two_step_app_code', message: 'Enter the 6-digit code from your authenticator app.' }],
    });
    expect(refusals(DisableTwoStepDto, { code: '123456', password: ' ' })).toEqual({
      password: [{ code: 'password_required', message: 'Password is required' }],
    });
    // Beside class-validator's own nested-object message, which carries no code.
    expect(refusals(DisableTwoStepDto, { code: '123456', passkey: 'yes' }).passkey).toContainEqual({
      code: 'passkey_no_answer',
      message: 'The passkey did not answer. Please try again.',
    });
  });

  it('the profile, a room, a message, a review and a report name theirs', () => {
    expect(refusals(UpdateProfileDto, { bio: 'x'.repeat(501), avatar: 'https://elsewhere.example/me.png' })).toEqual({
      bio: [{ code: 'bio_too_long', params: { max: 500 }, message: 'Bio must be at most 500 characters' }],
      avatar: [{ code: 'avatar_not_stored', message: 'Avatar must be an image uploaded here; links to other sites are not accepted' }],
    });
    expect(refusals(CreateRoomDto, { name: 'x'.repeat(51), category: 'general', maxUsers: 1 })).toEqual({
      name: [{ code: 'room_name_too_long', params: { max: 50 }, message: 'Room name must be less than 50 characters' }],
      maxUsers: [{ code: 'room_max_users_too_few', params: { min: 2 }, message: 'Max users must be at least 2' }],
    });
    expect(refusals(SendMessageDto, { content: '   ' })).toEqual({ content: [{ code: 'message_empty', message: 'Message cannot be empty' }] });
    expect(refusals(ReviewInputDto, { rating: 6 })).toEqual({ rating: [{ code: 'review_rating', message: 'Rating must be between 1 and 5' }] });
    expect(refusals(CreateReportDto, { targetType: 'message', targetId: 0, reason: 'spam' })).toEqual({
      targetId: [
        { code: 'whole_number_from', params: { field: 'targetId', min: 1, max: 2147483647 }, message: 'targetId must be a whole number from 1 to 2147483647' },
      ],
    });
  });
});
