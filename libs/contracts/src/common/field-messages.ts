/**
 * What the server says about a field it refuses, by code. An error body carries each field's
 * English (`fields`, for clients that show the server's words) and, beside it, the code and
 * the values (`fieldCodes`) a client words in the reader's language. A refusal that names no
 * field carries its own message's code the same way (`messageCode` beside `message`), as do a
 * few answers that are words to show (the username check, the mail links' steps). `{name}` is
 * a value's place: the same ICU form the web's catalogues (fields.json) keep, English byte for
 * byte.
 */
import { MOMENT_PARAMS } from './moment-params';
import { AccountDeletionMessages } from '../auth/account-deletion.constants';
import { OidcMessages } from '../auth/oidc.constants';
import { PasskeyMessages } from '../auth/passkeys.constants';
import { RecoveryMessages } from '../auth/recovery.constants';
import { SessionMessages } from '../auth/sessions.constants';
import { TwoStepMessages } from '../auth/two-step.constants';
import { CallMessages } from '../calls/calls.constants';
import { ChatMessages } from '../chat/chat.constants';
import { TypingMessages } from '../chat/typing.frames';
import { SellerMessages } from '../marketplace/marketplace.constants';
import { DataExportMessages } from '../media/data-export.constants';
import { MediaUrlMessages, UploadMessages } from '../media/media.constants';
import { formatModerationTime, ModerationMessages } from '../moderation/moderation.constants';
import { PushText } from '../notifications/push.constants';
import { SafetyMessages } from '../safety/safety.constants';
import { VipMessages } from '../vip/vip.constants';

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

  // Any request, before or beside its own rules
  body_not_json: 'Request body is not valid JSON',
  body_too_large: 'Request body is too large',
  auth_required: 'Authentication required',
  service_unavailable: 'Service temporarily unavailable. Please try again.',
  internal_error: 'Internal server error',

  // What a refusal names that is not there
  user_not_found: ChatMessages.UserNotFound,
  room_not_found: ChatMessages.RoomNotFound,
  seller_not_found: ChatMessages.SellerNotFound,
  seller_profile_not_found: 'Seller profile not found',
  report_not_found: ModerationMessages.ReportNotFound,
  session_not_found: SessionMessages.notFound,
  passkey_not_found: PasskeyMessages.notFound,
  provider_not_found: OidcMessages.notFound,

  // class-validator's own words, for a rule that names no message of its own (and the unknown
  // fields it refuses): `{field}` is the property as the body names it
  value_text: '{field} must be a string',
  value_one_of: '{field} must be one of the following values: {values}',
  value_too_long: '{field} must be shorter than or equal to {max} characters',
  value_too_short: '{field} must be longer than or equal to {min} characters',
  value_whole_number: '{field} must be an integer number',
  value_at_least: '{field} must not be less than {min}',
  value_at_most: '{field} must not be greater than {max}',
  value_pattern: '{field} must match {pattern} regular expression',
  value_object: '{field} must be an object',
  value_flag: '{field} must be a boolean value',
  value_list: '{field} must be an array',
  value_list_too_long: '{field} must contain no more than {max} elements',
  value_list_too_short: '{field} must contain at least {min} elements',
  value_required: '{field} should not be empty',
  value_equals: '{field} must be equal to {value}',
  value_number: '{field} must be a number conforming to the specified constraints',
  value_email: '{field} must be an email',
  value_defined: '{field} should not be null or undefined',
  value_unexpected: 'property {field} should not exist',
  value_nested: 'nested property {field} must be either object or array',
  // The same rules for each item of a list (`{ each: true }`)
  value_text_each: 'each value in {field} must be a string',
  value_one_of_each: 'each value in {field} must be one of the following values: {values}',
  value_too_long_each: 'each value in {field} must be shorter than or equal to {max} characters',
  value_too_short_each: 'each value in {field} must be longer than or equal to {min} characters',
  value_whole_number_each: 'each value in {field} must be an integer number',
  value_at_least_each: 'each value in {field} must not be less than {min}',
  value_at_most_each: 'each value in {field} must not be greater than {max}',
  value_pattern_each: 'each value in {field} must match {pattern} regular expression',
  value_object_each: 'each value in {field} must be an object',
  value_flag_each: 'each value in {field} must be a boolean value',
  value_list_each: 'each value in {field} must be an array',
  value_list_too_long_each: 'each value in {field} must contain no more than {max} elements',
  value_list_too_short_each: 'each value in {field} must contain at least {min} elements',
  value_required_each: 'each value in {field} should not be empty',
  value_equals_each: 'each value in {field} must be equal to {value}',
  value_number_each: 'each value in {field} must be a number conforming to the specified constraints',
  value_email_each: 'each value in {field} must be an email',
  value_defined_each: 'each value in {field} should not be null or undefined',
  value_nested_each: 'each value in nested property {field} must be either object or array',

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
  sign_in_invalid_credentials: 'Invalid credentials',
  password_required: 'Password is required',
  password_too_short: 'Password must be at least {min} characters',
  password_too_long: 'Password must be at most {max} characters',
  password_common: 'This password is too common. Please choose a less predictable one.',
  password_is_username: 'Password must not be the same as your username',
  password_is_email: 'Password must not be the same as your email',
  passwords_mismatch: 'Passwords do not match',
  bio_too_long: 'Bio must be at most {max} characters',
  avatar_not_stored: MediaUrlMessages.avatar,
  guest_profile: 'Guests cannot set a bio or a profile picture. Sign up to have a profile.',
  role_not_allowed: 'Your account cannot do this',

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
  room_full: ChatMessages.RoomFull,
  room_vip_members_only: ChatMessages.VipRoom,
  room_archived: ChatMessages.RoomArchived,
  room_not_participant: ChatMessages.NotParticipant,
  room_create_premium: ChatMessages.CreateRoomPremium,
  room_delete_only_private: ChatMessages.DeleteOnlyPrivate,
  private_chat_self: ChatMessages.SelfChat,
  private_chat_guests: ChatMessages.GuestsNoPrivate,
  private_chat_target_required: 'userId or sellerId is required',
  private_chat_origin_required: 'originRoomId is required with userId',
  message_client_id: 'clientId must be 1-64 letters, digits, - or _',
  rooms_type_public: 'type must be public',
  room_category_unknown: 'Unknown category',

  // Messages
  message_empty: 'Message cannot be empty',
  message_too_long: 'Message must be at most {max} characters',
  message_type_choice: 'Message type must be one of {types}',
  message_font_size_choice: 'Font size must be one of {sizes}',
  message_colour_choice: 'Colour must be one of the palette colours',
  message_picture_upload_first: 'Images and GIFs must be uploaded to the chat first',
  message_voice_upload_first: ChatMessages.VoiceUploadFirst,
  message_reply_other_conversation: ChatMessages.ReplyOtherConversation,
  message_duplicate: ChatMessages.Duplicate,
  message_hourly_limit: ChatMessages.RateLimit,
  message_flood: ChatMessages.Flood,
  message_cooldown: 'Please wait {seconds} seconds before sending another message',
  message_guests_read_only: ChatMessages.GuestsReadOnly,
  message_join_to_send: SafetyMessages.JoinToSend,
  message_images_premium: ChatMessages.ImagesPremium,
  message_images_off: ChatMessages.ImagesOff,
  message_gifs_off: ChatMessages.GifsOff,
  message_voice_premium: ChatMessages.VoicePremium,
  message_formatting_premium: ChatMessages.FormattingPremium,
  message_not_yours: ChatMessages.NotYourMessage,
  message_edit_window_passed: ChatMessages.EditWindowPassed,
  message_edit_only_text: ChatMessages.EditOnlyText,
  message_gone: ChatMessages.MessageGone,
  message_not_found: ChatMessages.MessageNotFound,
  reaction_emoji: ChatMessages.ReactionEmoji,
  reaction_too_many: ChatMessages.TooManyReactions,
  pin_not_allowed: ChatMessages.PinNotAllowed,
  pin_limit: 'A room can have at most {max} pinned messages. Unpin one to pin another.',
  pin_not_pinned: ChatMessages.NotPinned,
  search_query_length: 'Search for {min} to {max} characters',

  // Socket frames
  frame_not_object: 'Frames must be JSON objects with a type',
  frame_type_unknown: 'Unknown frame type: {type}',
  frame_auth_first: 'Send an auth frame first',
  frame_user_mismatch: 'userId does not match your session',
  frame_rate: SafetyMessages.FrameRate,
  frame_room_id: 'roomId must be a room id',
  frame_last_seq: 'lastSeq must be a whole number',
  frame_join_first: 'Join a room before sending messages',
  typing_guests_cannot: TypingMessages.GuestsCannotType,
  typing_join_first: TypingMessages.JoinToType,

  // Reviews
  review_rating: 'Rating must be between 1 and 5',
  review_comment_too_long: 'Comment must be at most {max} characters',
  review_own_profile: 'You cannot review yourself',
  review_no_conversation: 'You can review a seller after you have had a conversation with them',
  review_unavailable: 'Reviews cannot be checked right now. Please try again.',

  // Reports
  report_target_type_choice: 'targetType must be one of {types}',
  report_reason_choice: 'Reason must be one of {reasons}',
  report_note_text: 'Note must be text',
  report_note_too_long: 'Note must be at most {max} characters',
  report_self: ModerationMessages.ReportSelf,
  report_own_message: ModerationMessages.ReportOwnMessage,
  report_own_room: ModerationMessages.ReportOwnRoom,
  report_public_rooms_only: ModerationMessages.OnlyPublicRooms,
  report_guests_cannot: ModerationMessages.GuestsCannotReport,
  report_already_sent: ModerationMessages.AlreadyReported,
  report_limit: 'You have sent {max} reports in the last hour. Please wait before sending another.',

  // The moderation desk's acts
  moderation_moderators_only: ModerationMessages.ModeratorsOnly,
  moderation_not_on_moderators: ModerationMessages.NotOnModerators,
  moderation_message_already_removed: ModerationMessages.MessageAlreadyRemoved,
  moderation_private_message_needs_report: ModerationMessages.PrivateMessageNeedsReport,
  moderation_room_not_public: ModerationMessages.RoomNotPublic,
  moderation_report_handled: ModerationMessages.ReportHandled,
  moderation_report_about_something_else: ModerationMessages.ReportAboutSomethingElse,
  moderation_already_muted: ModerationMessages.AlreadyMuted,
  moderation_not_muted: ModerationMessages.NotMuted,
  moderation_already_banned: ModerationMessages.AlreadyBanned,
  moderation_not_banned: ModerationMessages.NotBanned,
  moderation_not_suspended: ModerationMessages.NotSuspended,
  account_banned: ModerationMessages.BannedSignIn,
  account_suspended: 'Your account is suspended until {until}',
  moderation_already_muted_until: 'This user is already muted until {until}',
  moderation_already_suspended_until: 'This account is already suspended until {until}',
  muted: 'You are muted until {until}',
  moderation_reason_required: 'Reason is required',
  moderation_reason_too_long: 'Reason must be at most {max} characters',
  moderation_duration: 'Duration must be 1h, 24h, 7d or 1-30 days (for example 3d)',
  moderation_days: 'Days must be a whole number from {min} to {max}',
  moderation_sanction_choice: 'Sanction must be one of {sanctions}',
  moderation_sanction_kind_choice: 'kind must be suspension or ban',
  moderation_status_choice: 'status must be open or resolved',
  moderation_kind_choice: 'kind must be one of {kinds}',
  moderation_search_required: 'Type a username or an e-mail address',
  moderation_search_too_long: 'Search text must be at most {max} characters',
  vip_guests_cannot: VipMessages.GuestsCannotBeVip,
  vip_already_included: VipMessages.AlreadyIncluded,
  vip_not_vip: VipMessages.NotVip,
  vip_already_vip: 'This user is already VIP until {until}. Revoke it first to change the period.',
  // Two-step sign-in and passkeys
  two_step_code: TwoStepMessages.codeRequired,
  two_step_app_code: 'Enter the 6-digit code from your authenticator app.',
  two_step_sign_in_expired: TwoStepMessages.challengeExpired,
  passkey_no_answer: PasskeyMessages.responseRequired,
  two_step_code_wrong: TwoStepMessages.codeWrong,
  password_wrong: TwoStepMessages.passwordWrong,
  two_step_setup_expired: TwoStepMessages.setupExpired,
  two_step_already_on: TwoStepMessages.alreadyOn,
  two_step_not_on: TwoStepMessages.notOn,
  two_step_guests_cannot: TwoStepMessages.guestsCannot,
  two_step_desk_needs_second_factor: TwoStepMessages.moderatorsNeedIt,
  two_step_desk_sign_in_again: TwoStepMessages.signInWithSecondFactor,
  second_factor_adding_needs_one: TwoStepMessages.addingNeedsSecondFactor,
  passkey_name_required: PasskeyMessages.nameRequired,
  passkey_name_too_long: "A passkey's name must be at most {max} characters.",
  passkey_expired: PasskeyMessages.expired,
  passkey_not_verified: PasskeyMessages.notVerified,
  passkey_unknown: PasskeyMessages.unknown,
  passkey_other_account: PasskeyMessages.otherAccount,
  passkey_already_registered: PasskeyMessages.alreadyRegistered,
  passkey_too_many: 'An account may hold at most {max} passkeys. Remove one to add another.',
  passkey_guests_cannot: PasskeyMessages.guestsCannot,
  passkey_not_yours: PasskeyMessages.notYours,
  passkey_last_way_in: PasskeyMessages.lastWayIn,
  passkey_last_second_factor: PasskeyMessages.lastSecondFactor,
  passkey_none_to_confirm: PasskeyMessages.noneToConfirm,
  passkey_confirmation_refused: PasskeyMessages.confirmationRefused,
  session_current: SessionMessages.current,
  session_id: 'id must be a session id (32 hexadecimal characters)',
  session_link_invalid: SessionMessages.linkInvalid,
  session_link_used: SessionMessages.linkUsed,
  session_link_expired: SessionMessages.linkExpired,
  provider_sign_in_again: OidcMessages.signInAgain,
  provider_unknown: OidcMessages.unknownProvider,
  provider_token_expired: OidcMessages.tokenExpired,
  provider_guests_cannot: OidcMessages.guestsCannot,
  provider_already_linked: OidcMessages.alreadyLinked,
  provider_not_yours: OidcMessages.notYours,
  provider_last_way_in: OidcMessages.lastWayIn,
  account_deletion_confirmation_required: AccountDeletionMessages.confirmationRequired,
  account_deletion_confirmation_wrong: AccountDeletionMessages.confirmationWrong,
  account_deletion_in_call: AccountDeletionMessages.inCall,
  account_deletion_guests_cannot: AccountDeletionMessages.guestsCannot,

  // Password recovery and email verification
  recovery_reset_link_invalid: RecoveryMessages.resetLinkInvalid,
  recovery_verify_link_invalid: RecoveryMessages.verifyLinkInvalid,
  recovery_already_verified: RecoveryMessages.alreadyVerified,
  recovery_no_email: 'Add an email address to your account first',
  recovery_too_many_links: 'We have sent you several links already. Please check your inbox, or try again in an hour.',
  recovery_reset_requested: RecoveryMessages.resetRequested,
  recovery_password_changed: RecoveryMessages.passwordChanged,
  recovery_verification_sent: RecoveryMessages.verificationSent,

  // Too many tries from one network or at one account: when to come back
  sign_in_too_many_failures: 'Too many failed sign-in attempts. Please try again in {amount} {unit}.',
  sign_up_too_many: 'Too many new accounts from this network. Please try again in {amount} {unit}.',
  captcha_too_many_questions: 'Too many security questions from this network. Please try again in {amount} {unit}.',
  passkey_too_many_sign_ins: 'Too many passkey sign-ins from this network. Please try again in {amount} {unit}.',
  password_reset_too_many: 'Too many password reset requests from this network. Please try again in {amount} {unit}.',

  // Seller application and profile
  seller_display_name_too_short: SellerMessages.displayNameMin,
  seller_display_name_too_long: SellerMessages.displayNameMax,
  seller_display_name_words_not_allowed: SafetyMessages.WordsNotAllowed.displayName,
  seller_category_required: SellerMessages.category,
  seller_bio_too_short: SellerMessages.bioMin,
  seller_bio_too_long: SellerMessages.bioMax,
  seller_bio_words_not_allowed: SafetyMessages.WordsNotAllowed.bio,
  seller_about_me_too_short: SellerMessages.aboutMeMin,
  seller_about_me_too_long: SellerMessages.aboutMeMax,
  seller_experience_required: SellerMessages.experience,
  seller_education_required: SellerMessages.education,
  seller_work_history_too_short: SellerMessages.workHistory,
  seller_text_too_long: 'Must be at most {max} characters',
  seller_languages_required: SellerMessages.languages,
  seller_services_required: SellerMessages.services,
  seller_specialties_required: SellerMessages.specialties,
  seller_list_required: 'Must be a list',
  seller_list_too_long: 'At most {max} entries are allowed',
  seller_list_entry_empty: 'Entries must not be empty',
  seller_list_entry_too_long: 'Each entry must be at most {max} characters',
  seller_list_entry_choice: '{item} is not one of the choices',
  seller_list_repeat: 'Entries must not repeat',
  seller_audio_price_too_low: SellerMessages.audioPricingMin,
  seller_audio_price_too_high: SellerMessages.audioPricingMax,
  seller_video_price_too_low: SellerMessages.videoPricingMin,
  seller_video_price_too_high: SellerMessages.videoPricingMax,
  seller_price_step: SellerMessages.priceStep,
  seller_price_currency: 'Prices are kept in USD',
  seller_accepts_calls_flag: SellerMessages.acceptsCalls,
  seller_call_availability_choice: SellerMessages.callAvailability,
  seller_call_availability_any_choice: 'Call availability must be one of the choices',
  seller_availability_choice: 'Availability must be available, busy or offline',
  seller_time_zone_required: SellerMessages.timeZone,
  seller_response_time_required: SellerMessages.responseTime,
  seller_start_time_required: SellerMessages.startTime,
  seller_end_time_required: SellerMessages.endTime,
  seller_time_format: 'Times must look like 09:00',
  seller_working_days_required: SellerMessages.workingDays,
  seller_link_invalid: SellerMessages.url,
  seller_portfolio_title_required: SellerMessages.portfolioTitle,
  seller_portfolio_description_too_short: SellerMessages.portfolioDescription,
  seller_client_name_required: SellerMessages.clientName,
  seller_testimonial_review_too_short: SellerMessages.testimonialReview,
  seller_terms_required: SellerMessages.agreeToTerms,
  seller_commission_required: SellerMessages.agreeToCommission,
  seller_rejection_reason_required: 'A reason is required',
  seller_rejection_reason_too_long: 'The reason must be at most 500 characters',
  seller_user_id_whole_number: 'userId must be a whole number',
  seller_status_choice: 'Status must be pending, verified or rejected',
  seller_already_applied: 'You have already applied to become a seller',
  seller_not_owner: 'You can only edit your own seller profile',
  seller_moderators_only: 'Only moderators review seller applications',
  media_not_stored: MediaUrlMessages.media,

  // Calls
  call_sign_in_required: CallMessages.signInRequired,
  call_vip_required: CallMessages.vipRequired,
  call_role_cannot_call: CallMessages.roleCannotCall,
  call_self: CallMessages.selfCall,
  call_seller_not_found: CallMessages.sellerNotFound,
  call_seller_not_verified: CallMessages.sellerNotVerified,
  call_seller_not_accepting: CallMessages.sellerNotAccepting,
  call_seller_unavailable: CallMessages.sellerUnavailable,
  call_seller_busy: CallMessages.sellerBusy,
  call_in_progress: CallMessages.callInProgress,
  call_not_found: CallMessages.callNotFound,
  call_not_participant: CallMessages.notParticipant,
  call_only_seller_answers: CallMessages.onlySellerAnswers,
  call_already_answered: CallMessages.alreadyAnswered,
  call_not_answered: CallMessages.notAnswered,
  call_ended: CallMessages.ended,
  call_earnings_sellers_only: CallMessages.earningsSellersOnly,
  call_you_blocked: 'You blocked {name}. Unblock them to call.',
  call_cannot_call: SafetyMessages.CannotCall,
  call_seller_id: 'sellerId must be a seller id',
  call_type_choice: 'Call type must be audio or video',
  call_id: 'sessionId must be a call id',
  call_end_reason: 'The only reason a caller may give is failed',
  call_media_state: 'media must be connecting, connected or disconnected',
  call_sdp: 'sdp must be a session description of at most {max} characters',
  call_candidate: 'candidate must be an ICE candidate or null',
  call_before: 'before must be a call id',
  actor_required: 'actor is required',

  // Blocks and who may write to whom
  block_self: SafetyMessages.SelfBlock,
  block_user_id: 'userId must be the id of a person',
  block_not_blocked: SafetyMessages.NotBlocked,
  block_moderator: SafetyMessages.ModeratorNotBlockable,
  block_list_full: 'You can block at most {max} people',
  block_you_blocked: 'You blocked {name}. Unblock them to send messages.',
  block_you_blocked_chat: 'You blocked {name}. Unblock them to start a chat.',
  block_cannot_reply: SafetyMessages.CannotReply,
  block_not_accepting_chats: SafetyMessages.NotAcceptingChats,
  rooms_per_day: 'You can create at most {max} public rooms a day. Please wait {amount} {unit}.',
  private_chats_per_hour: 'You can start at most {max} new private chats an hour. Please wait {amount} {unit}.',
  link_spam: 'You can share at most {max} links every 10 minutes. Please wait {amount} {unit}.',

  // Devices for push notifications
  push_not_set_up: PushText.notSetUp,
  push_device_not_found: PushText.notFound,
  push_device_not_yours: PushText.notYours,
  push_endpoint_text: 'endpoint must be a URL',
  push_endpoint_too_long: 'endpoint must be at most {max} characters',
  push_endpoint_refused: PushText.endpointRefused,
  push_key_p256dh: 'keys.p256dh must be the subscription’s P-256 public key (base64url)',
  push_key_auth: 'keys.auth must be the subscription’s 16-byte auth secret (base64url)',
  push_expiration_time: 'expirationTime must be a time in milliseconds or null',

  // Uploads
  upload_too_large: 'File size must be less than {max}MB',
  upload_invalid_type: UploadMessages.invalidType,
  upload_image_only: UploadMessages.imageOnly,
  upload_video_only: UploadMessages.videoOnly,
  upload_audio_only: UploadMessages.audioOnly,
  upload_voice_too_long: UploadMessages.voiceTooLong,
  upload_too_many_files_title: UploadMessages.tooManyFilesTitle,
  upload_too_many_files: 'You can only upload up to {max} files',
  upload_no_file: UploadMessages.noFile,
  upload_not_found: UploadMessages.notFound,
  upload_too_slow: UploadMessages.tooSlow,
  upload_too_many_at_once: UploadMessages.tooManyAtOnce,
  upload_too_many_from_address: UploadMessages.tooManyFromAddress,
  upload_busy: UploadMessages.busy,
  upload_animation_too_large: 'Animated images can have at most {frames} frames and {megapixels} megapixels across all frames',
  upload_too_complex: UploadMessages.tooComplex,
  upload_rate_limited: 'You are uploading too fast. Please try again in {amount} {unit}.',
  upload_purpose_choice: 'purpose must be one of {purposes}',
  upload_max_whole_number: 'max must be a whole number',
  upload_max_at_least: 'max must be at least {min}',
  upload_max_at_most: 'max must be at most {max}',
  media_path: 'url must be a /media/ path',
  preview_image_address: 'url must be an http or https address',
  preview_image_urls: 'urls must be link preview pictures under /media/preview/',

  // The data export
  export_link_invalid: DataExportMessages.linkInvalid,
  export_too_soon: DataExportMessages.tooSoon,
  export_not_ready: DataExportMessages.notReady,
  export_expired: DataExportMessages.expired,
  upload_quota_reached: 'You have reached your upload limit of {max}MB a day. Please try again in {amount} {unit}.',
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

/** A message's code and values without its English: what a refusal carries beside its message. */
export function codeOf({ code, params }: FieldCode): FieldCode {
  return params ? { code, params } : { code };
}

/** A code's English with its values in place. */
export function fieldText(code: FieldMessageCode, params: FieldParams = {}): string {
  return FIELD_MESSAGES[code].replace(/\{(\w+)\}/g, (place, name: string) => {
    if (!(name in params)) return place;
    return MOMENT_PARAMS.includes(name) ? formatModerationTime(String(params[name])) : String(params[name]);
  });
}

export function isFieldMessageCode(code: unknown): code is FieldMessageCode {
  return typeof code === 'string' && Object.prototype.hasOwnProperty.call(FIELD_MESSAGES, code);
}

/** The units a wait is said in (`{amount} {unit}`): a client words each in its language. */
export type WaitUnit = 'second' | 'seconds' | 'minute' | 'minutes' | 'hour' | 'hours';

/**
 * A wait as a message says it, "40 seconds", "3 minutes", "1 hour": rounded up to the unit
 * (seconds under a minute, minutes under an hour, else hours), so nobody is told too early.
 */
export function waitValues(seconds: number): { amount: number; unit: WaitUnit } {
  const whole = Math.max(1, Math.ceil(seconds));
  const [amount, unit] = whole < 60 ? [whole, 'second'] : whole < 3600 ? [Math.ceil(whole / 60), 'minute'] : [Math.ceil(whole / 3600), 'hour'];
  return { amount, unit: `${unit}${amount === 1 ? '' : 's'}` as WaitUnit };
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
 * What a rule's context names: its one code, or (a rule that says one of several messages,
 * picked from the value it sees) the code of the message it says for a value.
 */
export type RuleFieldCode = FieldCode | ((value: unknown) => FieldCode | null);

/** The code of the message a rule said about a value, from the rule's context (none: no code). */
export function ruleFieldCode(context: unknown, value: unknown): FieldCode | undefined {
  const named = (context as Record<string, RuleFieldCode> | undefined)?.[FIELD_CODE_CONTEXT];
  const code = typeof named === 'function' ? named(value) : named;
  return code ?? undefined;
}

/** class-validator's rules (by the constraint name it reports) and the code of the message each says when given none. */
const DEFAULT_RULE_CODES: Readonly<Record<string, FieldMessageCode>> = {
  isString: 'value_text',
  isIn: 'value_one_of',
  maxLength: 'value_too_long',
  minLength: 'value_too_short',
  isInt: 'value_whole_number',
  min: 'value_at_least',
  max: 'value_at_most',
  matches: 'value_pattern',
  isObject: 'value_object',
  isBoolean: 'value_flag',
  isArray: 'value_list',
  arrayMaxSize: 'value_list_too_long',
  arrayMinSize: 'value_list_too_short',
  isNotEmpty: 'value_required',
  arrayNotEmpty: 'value_required',
  equals: 'value_equals',
  isNumber: 'value_number',
  isEmail: 'value_email',
  isDefined: 'value_defined',
  whitelistValidation: 'value_unexpected',
  nestedValidation: 'value_nested',
};

/** The same rules given `{ each: true }`: class-validator says their words of each item of a list. */
const EACH_RULE_CODES: Readonly<Record<string, FieldMessageCode>> = {
  isString: 'value_text_each',
  isIn: 'value_one_of_each',
  maxLength: 'value_too_long_each',
  minLength: 'value_too_short_each',
  isInt: 'value_whole_number_each',
  min: 'value_at_least_each',
  max: 'value_at_most_each',
  matches: 'value_pattern_each',
  isObject: 'value_object_each',
  isBoolean: 'value_flag_each',
  isArray: 'value_list_each',
  arrayMaxSize: 'value_list_too_long_each',
  arrayMinSize: 'value_list_too_short_each',
  isNotEmpty: 'value_required_each',
  arrayNotEmpty: 'value_required_each',
  equals: 'value_equals_each',
  isNumber: 'value_number_each',
  isEmail: 'value_email_each',
  isDefined: 'value_defined_each',
  nestedValidation: 'value_nested_each',
};

/** Whether a rule given no message of its own says words that have a code (`{ each: true }` or not). */
export function ruleHasDefaultCode(rule: string, each = false): boolean {
  return rule in (each ? EACH_RULE_CODES : DEFAULT_RULE_CODES);
}

const templates = new Map<FieldMessageCode, { pattern: RegExp; names: string[] }>();

/** A code's English as a pattern that reads its values back out of the words. */
function templateOf(code: FieldMessageCode): { pattern: RegExp; names: string[] } {
  let found = templates.get(code);
  if (!found) {
    const names: string[] = [];
    const parts = FIELD_MESSAGES[code].split(/\{(\w+)\}/).map((part, index) => {
      if (index % 2 === 0) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(part);
      return '(.+?)';
    });
    found = { pattern: new RegExp(`^${parts.join('')}$`, 's'), names };
    templates.set(code, found);
  }
  return found;
}

/**
 * The code of class-validator's own message for a rule that was given none: the rule names the
 * code, its words give the values (`email must be shorter than or equal to 254 characters` is
 * value_too_long with field email and max 254); a rule for each item of a list ("each value in
 * ...") has its own. A message worded otherwise has none.
 */
export function defaultRuleCode(rule: string, message: string): FieldCode | undefined {
  const code = (message.startsWith('each value in ') ? EACH_RULE_CODES : DEFAULT_RULE_CODES)[rule];
  if (!code) return undefined;
  const { pattern, names } = templateOf(code);
  const match = pattern.exec(message);
  if (!match) return undefined;
  const params = Object.fromEntries(names.map((name, index) => [name, /^\d+$/.test(match[index + 1]) ? Number(match[index + 1]) : match[index + 1]]));
  return names.length ? { code, params } : { code };
}

/** A refused rule's code: the one its context names, else class-validator's words' own. */
export function refusedRuleCode(rule: string, context: unknown, value: unknown, message: string): FieldCode | undefined {
  return ruleFieldCode(context, value) ?? defaultRuleCode(rule, message);
}

/**
 * A DTO rule's options (`@MaxLength(20, said('username_too_long', { max: 20 }))`): the English
 * as its message, the code and values as its context, which the validation pipe reads back.
 */
export function said<Code extends FieldMessageCode>(code: Code, ...params: ParamsArgs<Code>): { message: string; context: Record<string, FieldCode> } {
  const { message, ...fieldCode } = fieldMessage(code, ...params);
  return { message, context: { [FIELD_CODE_CONTEXT]: fieldCode } };
}

export { MOMENT_PARAMS };
