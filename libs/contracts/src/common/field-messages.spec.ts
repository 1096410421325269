import 'reflect-metadata';
import { validateSync } from 'class-validator';
import { plainToInstance } from 'class-transformer';
import { LoginDto, RegisterDto, SessionTokensDto, UpdateProfileDto } from '../auth/dto/auth.dto';
import { CompleteTwoStepLoginDto, ConfirmTwoStepDto, DisableTwoStepDto } from '../auth/dto/two-step.dto';
import { CreateRoomDto, SendMessageDto } from '../chat/dto/chat.dto';
import { ReviewInputDto } from '../marketplace/dto/review.dto';
import { RegisterSellerDto, UpdateSellerProfileDto } from '../marketplace/dto/seller.dto';
import { applicationProblems } from '../marketplace/seller-checks';
import { CreateReportDto } from '../moderation/dto/moderation.dto';
import { FIELD_CODE_CONTEXT, FIELD_MESSAGES, fieldErrors, defaultRuleCode, fieldMessage, fieldText, refusedRuleCode, said, waitValues, type FieldMessageCode } from './field-messages';

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
  ['seller_display_name_too_short', undefined, 'Display name must be at least 2 characters'],
  ['seller_display_name_too_long', undefined, 'Display name must be at most 50 characters'],
  ['seller_display_name_words_not_allowed', undefined, 'Display name contains words that are not allowed'],
  ['seller_category_required', undefined, 'Please select a category'],
  ['seller_bio_too_short', undefined, 'Bio must be at least 50 characters'],
  ['seller_bio_too_long', undefined, 'Bio must be at most 500 characters'],
  ['seller_bio_words_not_allowed', undefined, 'Bio contains words that are not allowed'],
  ['seller_about_me_too_short', undefined, 'About me must be at least 100 characters'],
  ['seller_about_me_too_long', undefined, 'About me must be at most 2000 characters'],
  ['seller_experience_required', undefined, 'Experience is required'],
  ['seller_education_required', undefined, 'Education details are required'],
  ['seller_work_history_too_short', undefined, 'Work history must be at least 50 characters'],
  ['seller_text_too_long', { max: 200 }, 'Must be at most 200 characters'],
  ['seller_languages_required', undefined, 'At least one language is required'],
  ['seller_services_required', undefined, 'At least one service is required'],
  ['seller_specialties_required', undefined, 'At least one specialty is required'],
  ['seller_list_required', undefined, 'Must be a list'],
  ['seller_list_too_long', { max: 20 }, 'At most 20 entries are allowed'],
  ['seller_list_entry_empty', undefined, 'Entries must not be empty'],
  ['seller_list_entry_too_long', { max: 100 }, 'Each entry must be at most 100 characters'],
  ['seller_list_entry_choice', { item: 'Klingon' }, 'Klingon is not one of the choices'],
  ['seller_list_repeat', undefined, 'Entries must not repeat'],
  ['seller_audio_price_too_low', undefined, 'Audio pricing must be at least $5'],
  ['seller_audio_price_too_high', undefined, 'Audio pricing must be at most $500'],
  ['seller_video_price_too_low', undefined, 'Video pricing must be at least $10'],
  ['seller_video_price_too_high', undefined, 'Video pricing must be at most $1000'],
  ['seller_price_step', undefined, 'Prices go in steps of $0.01'],
  ['seller_price_currency', undefined, 'Prices are kept in USD'],
  ['seller_accepts_calls_flag', undefined, 'Accepts calls must be true or false'],
  ['seller_call_availability_choice', undefined, 'Call availability must be available, scheduled or unavailable'],
  ['seller_call_availability_any_choice', undefined, 'Call availability must be one of the choices'],
  ['seller_availability_choice', undefined, 'Availability must be available, busy or offline'],
  ['seller_time_zone_required', undefined, 'Time zone is required'],
  ['seller_response_time_required', undefined, 'Response time is required'],
  ['seller_start_time_required', undefined, 'Start time is required'],
  ['seller_end_time_required', undefined, 'End time is required'],
  ['seller_time_format', undefined, 'Times must look like 09:00'],
  ['seller_working_days_required', undefined, 'At least one working day is required'],
  ['seller_link_invalid', undefined, 'Please enter a valid URL'],
  ['seller_portfolio_title_required', undefined, 'Title is required'],
  ['seller_portfolio_description_too_short', undefined, 'Description must be at least 10 characters'],
  ['seller_client_name_required', undefined, 'Client name is required'],
  ['seller_testimonial_review_too_short', undefined, 'Review must be at least 20 characters'],
  ['seller_terms_required', undefined, 'You must agree to terms and conditions'],
  ['seller_commission_required', undefined, 'You must agree to commission structure'],
  ['seller_rejection_reason_required', undefined, 'A reason is required'],
  ['seller_rejection_reason_too_long', undefined, 'The reason must be at most 500 characters'],
  ['seller_status_choice', undefined, 'Status must be pending, verified or rejected'],
  ['seller_already_applied', undefined, 'You have already applied to become a seller'],
  ['seller_not_owner', undefined, 'You can only edit your own seller profile'],
  ['seller_moderators_only', undefined, 'Only moderators review seller applications'],
  ['media_not_stored', undefined, 'Must be a file uploaded here; links to other sites are not accepted'],
  ['call_sign_in_required', undefined, 'Sign in to call experts.'],
  ['call_vip_required', undefined, 'Audio and video calls are a VIP feature. Upgrade to VIP to call experts.'],
  ['call_role_cannot_call', undefined, 'Your account cannot make calls.'],
  ['call_self', undefined, 'You cannot call yourself'],
  ['call_seller_not_found', undefined, 'Seller not found'],
  ['call_seller_not_verified', undefined, 'This expert is not verified yet, so they cannot take calls.'],
  ['call_seller_not_accepting', undefined, 'This expert is not accepting calls right now.'],
  ['call_seller_unavailable', undefined, 'This expert is not available for calls right now.'],
  ['call_seller_busy', undefined, 'This expert is busy on another call. Please try again in a few minutes.'],
  ['call_in_progress', undefined, 'You already have a call in progress.'],
  ['call_not_found', undefined, 'Call not found'],
  ['call_not_participant', undefined, 'You are not part of this call.'],
  ['call_only_seller_answers', undefined, 'Only the expert who is called can answer this call.'],
  ['call_already_answered', undefined, 'This call has already been answered.'],
  ['call_not_answered', undefined, 'This call has not been answered yet.'],
  ['call_ended', undefined, 'This call has ended.'],
  ['call_earnings_sellers_only', undefined, 'Earnings are shown to experts only.'],
  ['call_you_blocked', { name: 'Asha Rao' }, 'You blocked Asha Rao. Unblock them to call.'],
  ['call_cannot_call', undefined, 'This expert cannot take calls from you.'],
  ['upload_too_large', { max: 10 }, 'File size must be less than 10MB'],
  ['upload_invalid_type', undefined, 'Invalid file type. Please upload an image or video.'],
  ['upload_image_only', undefined, 'Please select an image file'],
  ['upload_video_only', undefined, 'Please select a video file'],
  ['upload_audio_only', undefined, 'Voice notes must be WebM or Ogg audio (Opus)'],
  ['upload_voice_too_long', undefined, 'Voice notes can be at most 2 minutes long'],
  ['upload_too_many_files_title', undefined, 'Too many files'],
  ['upload_too_many_files', { max: 10 }, 'You can only upload up to 10 files'],
  ['upload_no_file', undefined, 'Please choose a file to upload'],
  ['upload_not_found', undefined, 'File not found'],
  ['upload_too_slow', undefined, 'The upload was too slow and has been stopped. Please check your connection and try again.'],
  ['upload_too_many_at_once', undefined, 'You already have uploads in progress. Please wait until they finish.'],
  ['upload_too_many_from_address', undefined, 'Too many uploads from your network are in progress. Please try again shortly.'],
  ['upload_busy', undefined, 'Too many uploads are being processed right now. Please try again in a moment.'],
  ['upload_animation_too_large', { frames: 300, megapixels: 100 }, 'Animated images can have at most 300 frames and 100 megapixels across all frames'],
  ['upload_too_complex', undefined, 'This image takes too long to process. Please upload a smaller one.'],
  ['upload_rate_limited', { amount: 40, unit: 'seconds' }, 'You are uploading too fast. Please try again in 40 seconds.'],
  ['upload_quota_reached', { max: 1, amount: 24, unit: 'hours' }, 'You have reached your upload limit of 1MB a day. Please try again in 24 hours.'],
  ['two_step_code_wrong', undefined, 'That code is not right. Try again.'],
  ['password_wrong', undefined, 'That password is not right.'],
  ['two_step_setup_expired', undefined, 'Setting up took too long. Please start again.'],
  ['two_step_already_on', undefined, 'Two-step sign-in is already on.'],
  ['two_step_not_on', undefined, 'Two-step sign-in is not on.'],
  ['two_step_guests_cannot', undefined, 'Guests cannot turn on two-step sign-in.'],
  ['two_step_desk_needs_second_factor', undefined, 'Turn on two-step sign-in or add a passkey in Settings, then sign in again with it to use the moderation desk.'],
  ['two_step_desk_sign_in_again', undefined, 'You signed in with your password alone. Sign in again with your passkey or your two-step code to use the moderation desk.'],
  ['second_factor_adding_needs_one', undefined, 'Your account has a second factor already. Sign in with your passkey or your two-step code to add another.'],
  ['provider_sign_in_again', undefined, 'Sign in again with your sign-in provider, then try again within 10 minutes.'],
  ['account_deletion_confirmation_wrong', undefined, 'That is not your username. Type it exactly to confirm.'],
  ['account_deletion_in_call', undefined, 'You are in a call. End the call before deleting your account.'],
  ['account_deletion_guests_cannot', undefined, 'Guests have no account to delete.'],
  ['recovery_reset_link_invalid', undefined, 'This password reset link is invalid or has expired. Please ask for a new one.'],
  ['recovery_verify_link_invalid', undefined, 'This verification link is invalid or has expired. Please ask for a new one.'],
  ['recovery_already_verified', undefined, 'Your email address is already verified.'],
  ['recovery_no_email', undefined, 'Add an email address to your account first'],
  ['recovery_too_many_links', undefined, 'We have sent you several links already. Please check your inbox, or try again in an hour.'],
  ['sign_in_invalid_credentials', undefined, 'Invalid credentials'],
  ['sign_in_too_many_failures', { amount: 15, unit: 'minutes' }, 'Too many failed sign-in attempts. Please try again in 15 minutes.'],
  ['sign_up_too_many', { amount: 15, unit: 'minutes' }, 'Too many new accounts from this network. Please try again in 15 minutes.'],
  ['captcha_too_many_questions', { amount: 15, unit: 'minutes' }, 'Too many security questions from this network. Please try again in 15 minutes.'],
  ['passkey_too_many_sign_ins', { amount: 15, unit: 'minutes' }, 'Too many passkey sign-ins from this network. Please try again in 15 minutes.'],
  ['password_reset_too_many', { amount: 15, unit: 'minutes' }, 'Too many password reset requests from this network. Please try again in 15 minutes.'],
  ['report_guests_cannot', undefined, 'Guests cannot send reports. Sign up for free to report.'],
  ['report_already_sent', undefined, 'You have already reported this. A moderator will review it.'],
  ['report_limit', { max: 10 }, 'You have sent 10 reports in the last hour. Please wait before sending another.'],
  ['moderation_moderators_only', undefined, 'Only moderators can do this'],
  ['moderation_not_on_moderators', undefined, 'Moderators cannot act on moderators'],
  ['moderation_message_already_removed', undefined, 'This message was already removed by a moderator'],
  ['moderation_private_message_needs_report', undefined, 'Messages in private chats can be removed only from a report about them'],
  ['moderation_room_not_public', undefined, 'Only public rooms can be deleted by a moderator'],
  ['moderation_report_handled', undefined, 'This report was already handled by a moderator'],
  ['moderation_report_about_something_else', undefined, 'This report is about something else'],
  ['moderation_already_muted', undefined, 'This user is already muted'],
  ['moderation_not_muted', undefined, 'This user is not muted'],
  ['moderation_already_banned', undefined, 'This account is already banned'],
  ['moderation_not_banned', undefined, 'This account is not banned'],
  ['moderation_not_suspended', undefined, 'This account is not suspended'],
  ['account_banned', undefined, 'Your account has been banned'],
  ['moderation_reason_required', undefined, 'Reason is required'],
  ['moderation_reason_too_long', { max: 500 }, 'Reason must be at most 500 characters'],
  ['moderation_duration', undefined, 'Duration must be 1h, 24h, 7d or 1-30 days (for example 3d)'],
  ['moderation_days', { min: 1, max: 30 }, 'Days must be a whole number from 1 to 30'],
  ['moderation_sanction_choice', { sanctions: 'mute, suspension, ban' }, 'Sanction must be one of mute, suspension, ban'],
  ['moderation_sanction_kind_choice', undefined, 'kind must be suspension or ban'],
  ['moderation_status_choice', undefined, 'status must be open or resolved'],
  ['moderation_kind_choice', { kinds: 'message, user, room, seller' }, 'kind must be one of message, user, room, seller'],
  ['moderation_search_required', undefined, 'Type a username or an e-mail address'],
  ['moderation_search_too_long', { max: 254 }, 'Search text must be at most 254 characters'],
  ['vip_guests_cannot', undefined, 'Guests cannot be given VIP. They need an account first.'],
  ['vip_already_included', undefined, 'Sellers and moderators already have every VIP feature'],
  ['vip_not_vip', undefined, 'This user is not a VIP'],
  ['message_guests_read_only', undefined, 'Guests can read public rooms but cannot send messages. Sign up for free to chat.'],
  ['message_join_to_send', undefined, 'Join this room to send messages'],
  ['message_images_premium', undefined, 'Images and GIFs are available to VIP members'],
  ['message_images_off', undefined, 'Images are turned off in this room'],
  ['message_gifs_off', undefined, 'GIFs are turned off in this room'],
  ['message_voice_premium', undefined, 'Voice notes are available to VIP members'],
  ['message_formatting_premium', undefined, 'Rich text formatting in public rooms is available to VIP members'],
  ['message_not_yours', undefined, 'You can only change your own messages'],
  ['message_edit_window_passed', undefined, 'Messages can only be edited within 15 minutes'],
  ['message_edit_only_text', undefined, 'Only text messages can be edited'],
  ['message_gone', undefined, 'This message was deleted'],
  ['message_not_found', undefined, 'Message not found'],
  ['reaction_emoji', undefined, 'A reaction must be a single emoji'],
  ['reaction_too_many', undefined, 'This message has as many different reactions as it can hold'],
  ['pin_not_allowed', undefined, "Only the room's owner and moderators can pin messages"],
  ['pin_limit', { max: 10 }, 'A room can have at most 10 pinned messages. Unpin one to pin another.'],
  ['pin_not_pinned', undefined, 'This message is not pinned'],
  ['room_full', undefined, 'This room is full. Please try again later.'],
  ['room_vip_members_only', undefined, 'This room is for VIP members'],
  ['room_archived', undefined, 'This room was archived after 30 days without messages. Pick another room or create a new one.'],
  ['room_not_participant', undefined, 'Only the participants of this private chat can see it'],
  ['room_create_premium', undefined, 'Only VIP members, experts and moderators can create rooms'],
  ['room_delete_only_private', undefined, 'Only private chats can be deleted'],
  ['private_chat_self', undefined, 'You cannot start a private chat with yourself'],
  ['private_chat_guests', undefined, 'Guests cannot start private chats. Sign up for free to chat.'],
  ['value_text', { field: 'q' }, 'q must be a string'],
  ['value_one_of', { field: 'kind', values: 'ban, suspension' }, 'kind must be one of the following values: ban, suspension'],
  ['value_too_long', { field: 'email', max: 254 }, 'email must be shorter than or equal to 254 characters'],
  ['value_too_short', { field: 'token', min: 8 }, 'token must be longer than or equal to 8 characters'],
  ['value_whole_number', { field: 'limit' }, 'limit must be an integer number'],
  ['value_at_least', { field: 'limit', min: 1 }, 'limit must not be less than 1'],
  ['value_at_most', { field: 'limit', max: 24 }, 'limit must not be greater than 24'],
  ['value_pattern', { field: 'code', pattern: '/^[0-9]+$/' }, 'code must match /^[0-9]+$/ regular expression'],
  ['value_object', { field: 'pricing' }, 'pricing must be an object'],
  ['value_flag', { field: 'everywhere' }, 'everywhere must be a boolean value'],
  ['value_list', { field: 'tokens' }, 'tokens must be an array'],
  ['value_list_too_long', { field: 'tokens', max: 200 }, 'tokens must contain no more than 200 elements'],
  ['value_list_too_short', { field: 'tokens', min: 1 }, 'tokens must contain at least 1 elements'],
  ['value_required', { field: 'tokens' }, 'tokens should not be empty'],
  ['value_equals', { field: 'agree', value: 'true' }, 'agree must be equal to true'],
  ['value_number', { field: 'price' }, 'price must be a number conforming to the specified constraints'],
  ['value_email', { field: 'email' }, 'email must be an email'],
  ['value_defined', { field: 'id' }, 'id should not be null or undefined'],
  ['value_unexpected', { field: 'extra' }, 'property extra should not exist'],
  ['value_nested', { field: 'passkey' }, 'nested property passkey must be either object or array'],
  ['recovery_reset_requested', undefined, 'If an account uses that email, we have sent it a link to choose a new password. The link works for 1 hour.'],
  ['recovery_password_changed', undefined, 'Your password has been changed. Please sign in with your new password.'],
  ['recovery_verification_sent', undefined, 'We have sent you a new verification link.'],
  ['block_self', undefined, 'You cannot block yourself'],
  ['block_not_blocked', undefined, 'This person is not blocked'],
  ['block_moderator', undefined, 'Moderators cannot be blocked. If a moderator treats you badly, report them instead.'],
  ['block_list_full', { max: 1000 }, 'You can block at most 1000 people'],
  ['block_you_blocked', { name: 'bob' }, 'You blocked bob. Unblock them to send messages.'],
  ['block_you_blocked_chat', { name: 'bob' }, 'You blocked bob. Unblock them to start a chat.'],
  ['block_cannot_reply', undefined, "You can't reply to this conversation"],
  ['block_not_accepting_chats', undefined, 'This person is not accepting private chats'],
  ['passkey_name_required', undefined, 'Give the passkey a name, such as the device it is on.'],
  ['passkey_name_too_long', { max: 64 }, "A passkey's name must be at most 64 characters."],
  ['passkey_expired', undefined, 'This passkey request has expired or was used already. Please try again.'],
  ['passkey_not_verified', undefined, 'This passkey could not be verified. Please try again.'],
  ['passkey_unknown', undefined, 'This passkey is not registered here: it may have been removed. Sign in with your password.'],
  ['passkey_other_account', undefined, 'This passkey belongs to another account.'],
  ['passkey_already_registered', undefined, 'This passkey is registered already.'],
  ['passkey_too_many', { max: 20 }, 'An account may hold at most 20 passkeys. Remove one to add another.'],
  ['passkey_guests_cannot', undefined, 'Guests cannot add passkeys.'],
  ['passkey_not_yours', undefined, 'This passkey belongs to another account.'],
  ['passkey_last_way_in', undefined, 'This passkey is the only way into your account. Add another way to sign in before removing it.'],
  ['passkey_last_second_factor', undefined, "This passkey is your account's only second factor. Sign in with it to remove it."],
  ['passkey_none_to_confirm', undefined, 'This account has no passkey.'],
  ['passkey_confirmation_refused', undefined, "This passkey could not confirm it is you. Use one of this account's passkeys."],
  ['session_current', undefined, 'This is the session you are using. Sign out instead.'],
  ['session_link_invalid', undefined, 'This link is not valid. Open the whole link from the mail, or end the session in Settings.'],
  ['session_link_used', undefined, 'This link was used already. Open Settings to see where you are signed in.'],
  ['session_link_expired', undefined, 'This link has expired. Open Settings to see where you are signed in.'],
  ['search_query_length', { min: 2, max: 100 }, 'Search for 2 to 100 characters'],
  ['provider_unknown', undefined, 'This sign-in provider is not available.'],
  ['provider_token_expired', undefined, 'Choosing a username took too long. Please sign in with the provider again.'],
  ['provider_guests_cannot', undefined, 'Guests cannot link a sign-in provider.'],
  ['provider_already_linked', undefined, 'This provider is linked to your account already.'],
  ['provider_not_yours', undefined, 'This linked provider belongs to another account.'],
  ['provider_last_way_in', undefined, 'This provider is the only way into your account. Set a password or add a passkey before removing it.'],
  ['call_seller_id', undefined, 'sellerId must be a seller id'],
  ['call_type_choice', undefined, 'Call type must be audio or video'],
  ['call_id', undefined, 'sessionId must be a call id'],
  ['call_end_reason', undefined, 'The only reason a caller may give is failed'],
  ['call_media_state', undefined, 'media must be connecting, connected or disconnected'],
  ['call_sdp', { max: 12000 }, 'sdp must be a session description of at most 12000 characters'],
  ['call_candidate', undefined, 'candidate must be an ICE candidate or null'],
  ['call_before', undefined, 'before must be a call id'],
  ['actor_required', undefined, 'actor is required'],
  ['account_deletion_confirmation_required', undefined, 'Type your username to confirm.'],
  ['private_chat_target_required', undefined, 'userId or sellerId is required'],
  ['private_chat_origin_required', undefined, 'originRoomId is required with userId'],
  ['message_client_id', undefined, 'clientId must be 1-64 letters, digits, - or _'],
  ['rooms_type_public', undefined, 'type must be public'],
  ['room_category_unknown', undefined, 'Unknown category'],
  ['upload_purpose_choice', { purposes: 'general, avatar' }, 'purpose must be one of general, avatar'],
  ['upload_max_whole_number', undefined, 'max must be a whole number'],
  ['upload_max_at_least', { min: 1 }, 'max must be at least 1'],
  ['upload_max_at_most', { max: 10 }, 'max must be at most 10'],
  ['block_user_id', undefined, 'userId must be the id of a person'],
  ['seller_user_id_whole_number', undefined, 'userId must be a whole number'],
  ['session_id', undefined, 'id must be a session id (32 hexadecimal characters)'],
  ['review_own_profile', undefined, 'You cannot review yourself'],
  ['review_no_conversation', undefined, 'You can review a seller after you have had a conversation with them'],
  ['review_unavailable', undefined, 'Reviews cannot be checked right now. Please try again.'],
  ['rooms_per_day', { max: 5, amount: 90, unit: 'minutes' }, 'You can create at most 5 public rooms a day. Please wait 90 minutes.'],
  ['private_chats_per_hour', { max: 30, amount: 12, unit: 'minutes' }, 'You can start at most 30 new private chats an hour. Please wait 12 minutes.'],
  ['link_spam', { max: 2, amount: 45, unit: 'seconds' }, 'You can share at most 2 links every 10 minutes. Please wait 45 seconds.'],
  ['message_duplicate', undefined, "You've sent this message too many times within 5 minutes."],
  ['message_hourly_limit', undefined, "You've sent 50 messages. Time for a break!"],
  ['message_flood', undefined, 'You are sending messages too fast'],
  ['message_cooldown', { seconds: 5 }, 'Please wait 5 seconds before sending another message'],
  ['user_not_found', undefined, 'User not found'],
  ['room_not_found', undefined, 'Room not found'],
  ['seller_not_found', undefined, 'Seller not found'],
  ['seller_profile_not_found', undefined, 'Seller profile not found'],
  ['report_not_found', undefined, 'Report not found'],
  ['session_not_found', undefined, 'Session not found'],
  ['passkey_not_found', undefined, 'Passkey not found'],
  ['provider_not_found', undefined, 'Linked provider not found'],
  ['guest_profile', undefined, 'Guests cannot set a bio or a profile picture. Sign up to have a profile.'],
  ['role_not_allowed', undefined, 'Your account cannot do this'],
  ['account_suspended', { until: '2026-12-01T10:00:00Z' }, 'Your account is suspended until 1 December 2026, 10:00 UTC'],
  ['moderation_already_muted_until', { until: '2026-12-01T10:00:00Z' }, 'This user is already muted until 1 December 2026, 10:00 UTC'],
  ['moderation_already_suspended_until', { until: '2026-12-01T10:00:00Z' }, 'This account is already suspended until 1 December 2026, 10:00 UTC'],
  ['muted', { until: '2026-12-01T10:00:00Z' }, 'You are muted until 1 December 2026, 10:00 UTC'],
  ['vip_already_vip', { until: '2026-12-01T10:00:00Z' }, 'This user is already VIP until 1 December 2026, 10:00 UTC. Revoke it first to change the period.'],  ['frame_not_object', undefined, 'Frames must be JSON objects with a type'],
  ['frame_type_unknown', { type: 'no_such_frame' }, 'Unknown frame type: no_such_frame'],
  ['frame_auth_first', undefined, 'Send an auth frame first'],
  ['frame_user_mismatch', undefined, 'userId does not match your session'],
  ['frame_rate', undefined, 'Too many requests on this connection. Please slow down.'],
  ['frame_room_id', undefined, 'roomId must be a room id'],
  ['frame_last_seq', undefined, 'lastSeq must be a whole number'],
  ['frame_join_first', undefined, 'Join a room before sending messages'],
  ['typing_guests_cannot', undefined, 'Guests cannot type in chats'],
  ['typing_join_first', undefined, 'Join this room before typing in it'],  ['push_not_set_up', undefined, 'Push notifications are not set up on this server'],
  ['push_device_not_found', undefined, 'Device not found'],
  ['push_device_not_yours', undefined, 'This device belongs to someone else'],
  ['push_endpoint_text', undefined, 'endpoint must be a URL'],
  ['push_endpoint_too_long', { max: 2048 }, 'endpoint must be at most 2048 characters'],
  ['push_endpoint_refused', undefined, 'endpoint must be the https address of a push service'],
  ['push_key_p256dh', undefined, 'keys.p256dh must be the subscription’s P-256 public key (base64url)'],
  ['push_key_auth', undefined, 'keys.auth must be the subscription’s 16-byte auth secret (base64url)'],
  ['push_expiration_time', undefined, 'expirationTime must be a time in milliseconds or null'],  ['body_not_json', undefined, 'Request body is not valid JSON'],
  ['body_too_large', undefined, 'Request body is too large'],
  ['auth_required', undefined, 'Authentication required'],
  ['service_unavailable', undefined, 'Service temporarily unavailable. Please try again.'],
  ['internal_error', undefined, 'Internal server error'],
  ['value_text_each', { field: 'tokens' }, 'each value in tokens must be a string'],
  ['value_one_of_each', { field: 'kinds', values: 'a, b' }, 'each value in kinds must be one of the following values: a, b'],
  ['value_too_long_each', { field: 'usernames', max: 20 }, 'each value in usernames must be shorter than or equal to 20 characters'],
  ['value_too_short_each', { field: 'usernames', min: 3 }, 'each value in usernames must be longer than or equal to 3 characters'],
  ['value_whole_number_each', { field: 'ids' }, 'each value in ids must be an integer number'],
  ['value_at_least_each', { field: 'ids', min: 1 }, 'each value in ids must not be less than 1'],
  ['value_at_most_each', { field: 'ids', max: 9 }, 'each value in ids must not be greater than 9'],
  ['value_pattern_each', { field: 'codes', pattern: '/^a$/' }, 'each value in codes must match /^a$/ regular expression'],
  ['value_object_each', { field: 'items' }, 'each value in items must be an object'],
  ['value_flag_each', { field: 'flags' }, 'each value in flags must be a boolean value'],
  ['value_list_each', { field: 'rows' }, 'each value in rows must be an array'],
  ['value_list_too_long_each', { field: 'rows', max: 3 }, 'each value in rows must contain no more than 3 elements'],
  ['value_list_too_short_each', { field: 'rows', min: 1 }, 'each value in rows must contain at least 1 elements'],
  ['value_required_each', { field: 'tokens' }, 'each value in tokens should not be empty'],
  ['value_equals_each', { field: 'flags', value: 'true' }, 'each value in flags must be equal to true'],
  ['value_number_each', { field: 'prices' }, 'each value in prices must be a number conforming to the specified constraints'],
  ['value_email_each', { field: 'emails' }, 'each value in emails must be an email'],
  ['value_defined_each', { field: 'ids' }, 'each value in ids should not be null or undefined'],
  ['value_nested_each', { field: 'joins' }, 'each value in nested property joins must be either object or array'],
  ['media_path', undefined, 'url must be a /media/ path'],
  ['preview_image_address', undefined, 'url must be an http or https address'],
  ['preview_image_urls', undefined, 'urls must be link preview pictures under /media/preview/'],
  ['export_link_invalid', undefined, 'This download link is not valid for your account. Sign in as the person it was made for, or ask for a new export in Settings.'],
  ['export_too_soon', undefined, 'You can ask for one export a day.'],
  ['export_not_ready', undefined, 'This export is not ready.'],
  ['export_expired', undefined, 'This export has expired. Ask for a new one in Settings.'],
];

/** What class-validator answers for a body, each message with the code its rule carries. */
function refusals(dto: new () => object, body: object) {
  return Object.fromEntries(
    validateSync(plainToInstance(dto, body)).map((error) => [
      error.property,
      Object.entries(error.constraints ?? {}).map(([rule, message]) => ({ message, ...refusedRuleCode(rule, error.contexts?.[rule], error.value, message) })),
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

  it('says a wait in the unit a person reads, rounded up', () => {
    expect([1, 40, 59.2, 60, 61, 3599, 3600, 86_400].map(waitValues)).toEqual([
      { amount: 1, unit: 'second' },
      { amount: 40, unit: 'seconds' },
      { amount: 1, unit: 'minute' },
      { amount: 1, unit: 'minute' },
      { amount: 2, unit: 'minutes' },
      { amount: 60, unit: 'minutes' },
      { amount: 1, unit: 'hour' },
      { amount: 24, unit: 'hours' },
    ]);
    expect(fieldText('upload_rate_limited', waitValues(130))).toBe('You are uploading too fast. Please try again in 3 minutes.');
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
    // Beside class-validator's own nested-object message, coded from its words.
    expect(refusals(DisableTwoStepDto, { code: '123456', passkey: 'yes' }).passkey).toEqual([
      { code: 'passkey_no_answer', message: 'The passkey did not answer. Please try again.' },
      { code: 'value_nested', params: { field: 'passkey' }, message: 'nested property passkey must be either object or array' },
    ]);
  });

  it("codes class-validator's own words, reading the values back out of them", () => {
    expect(defaultRuleCode('maxLength', 'email must be shorter than or equal to 254 characters')).toEqual({
      code: 'value_too_long',
      params: { field: 'email', max: 254 },
    });
    expect(defaultRuleCode('whitelistValidation', 'property extra should not exist')).toEqual({ code: 'value_unexpected', params: { field: 'extra' } });
    expect(defaultRuleCode('isIn', 'kind must be one of the following values: a, b')).toEqual({ code: 'value_one_of', params: { field: 'kind', values: 'a, b' } });
    expect(fieldText('value_too_long', { field: 'email', max: 254 })).toBe('email must be shorter than or equal to 254 characters');
    // For each item of a list, the rule's own code for items.
    expect(defaultRuleCode('isString', 'each value in tokens must be a string')).toEqual({ code: 'value_text_each', params: { field: 'tokens' } });
    expect(defaultRuleCode('nestedValidation', 'each value in nested property joins must be either object or array')).toEqual({
      code: 'value_nested_each',
      params: { field: 'joins' },
    });
    expect(refusals(SessionTokensDto, { tokens: ['', 7] }).tokens).toEqual([
      { code: 'value_too_long_each', params: { field: 'tokens', max: 200 }, message: 'each value in tokens must be shorter than or equal to 200 characters' },
      { code: 'value_required_each', params: { field: 'tokens' }, message: 'each value in tokens should not be empty' },
      { code: 'value_text_each', params: { field: 'tokens' }, message: 'each value in tokens must be a string' },
    ]);
    // Worded otherwise (a message of the DTO's own) or an unknown rule: no code.
    expect(defaultRuleCode('maxLength', 'Too long')).toBeUndefined();
    expect(defaultRuleCode('isUuid', 'id must be a UUID')).toBeUndefined();
    expect(refusals(SessionTokensDto, { tokens: [] }).tokens).toEqual([{ code: 'value_required', params: { field: 'tokens' }, message: 'tokens should not be empty' }]);
  });

  it("a seller's application and profile name theirs, each picked from the value it refused", () => {
    const form = { displayName: 'x', languages: ['English', 'Klingon'], services: ['Advice', ' advice'], audioPricing: 5.005, agreeToTerms: true };
    const refused = refusals(RegisterSellerDto, form);
    expect(refused.displayName).toEqual([{ code: 'seller_display_name_too_short', message: 'Display name must be at least 2 characters' }]);
    expect(refused.languages).toEqual([{ code: 'seller_list_entry_choice', params: { item: 'Klingon' }, message: 'Klingon is not one of the choices' }]);
    expect(refused.services).toEqual([{ code: 'seller_list_repeat', message: 'Entries must not repeat' }]);
    expect(refused.audioPricing).toEqual([{ code: 'seller_price_step', message: 'Prices go in steps of $0.01' }]);
    expect(refused.agreeToCommission).toEqual([{ code: 'seller_commission_required', message: 'You must agree to commission structure' }]);
    expect(refused.agreeToTerms).toBeUndefined();
    expect(refusals(UpdateSellerProfileDto, { experience: 'x'.repeat(201), profileMedia: ['/media/gallery/0b7c2f3e-8d1a-4c5b-9e6f-1a2b3c4d5e6f.png', 'https://elsewhere.example/b.png'] })).toEqual({
      experience: [{ code: 'seller_text_too_long', params: { max: 200 }, message: 'Must be at most 200 characters' }],
      profileMedia: [{ code: 'media_not_stored', message: 'Must be a file uploaded here; links to other sites are not accepted' }],
    });
    expect(applicationProblems({ ...form, displayName: 'Asha' }).displayName).toBeUndefined();
    expect(applicationProblems({ workingHours: { start: '9am' } })['workingHours.start']).toEqual([
      { code: 'seller_time_format', message: 'Times must look like 09:00' },
    ]);
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
