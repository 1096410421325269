import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  Equals,
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  MinLength,
  ValidateBy,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import {
  AVATAR_URL_MAX,
  BIO_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_PATTERN,
} from '../auth.constants';
import { DEVICE_ID_PATTERN } from '../sessions.constants';
import { LANGUAGES, type Language } from '../../common/languages';
import type { UserDto } from '../../common/user';
import { said, type FieldCode } from '../../common/field-messages';
import { Optional } from '../../common/validation';
import { isStoredMediaUrl } from '../../media/media-keys';

/**
 * An ALTCHA proof-of-work challenge (SHA-256): find the whole number n in [0, maxnumber] with
 * hex(SHA-256(salt + n)) === challenge. The signature lets any replica check it without state.
 */
export class PowChallengeDto {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

export class CaptchaChallengeDto {
  id: string;
  question: string;
  /** Solved by the browser in the background while the person types the answer. */
  pow: PowChallengeDto;
}

export class VerifyCaptchaDto {
  @Matches(/^[0-9a-f]{1,64}$/, said('captcha_challenge_required'))
  challengeId: string;

  @Type(() => Number)
  @IsInt(said('captcha_answer_whole_number'))
  answer: number;

  /** ALTCHA's payload: base64 of JSON { algorithm, challenge, number, salt, signature }. */
  @Matches(/^[A-Za-z0-9+/]{1,2000}={0,2}$/, said('captcha_pow_required'))
  pow: string;
}

export class CaptchaTokenDto {
  token: string;
  expiresInSeconds: number;
}

class CaptchaProtectedDto {
  /** The token answered by captcha verification (one decorator: a missing value gets one message). */
  @Matches(/^[\w-]{1,200}$/, said('captcha_required'))
  captchaResponse: string;
}

export class RegisterDto extends CaptchaProtectedDto {
  @IsString()
  @MinLength(USERNAME_MIN, said('username_too_short', { min: USERNAME_MIN }))
  @MaxLength(USERNAME_MAX, said('username_too_long', { max: USERNAME_MAX }))
  @Matches(USERNAME_PATTERN, said('username_characters'))
  username: string;

  @IsEmail({}, said('email_invalid'))
  @MaxLength(254)
  email: string;

  @IsString()
  @MinLength(PASSWORD_MIN, said('password_too_short', { min: PASSWORD_MIN }))
  @MaxLength(PASSWORD_MAX, said('password_too_long', { max: PASSWORD_MAX }))
  password: string;

  @IsString()
  @ValidateIf((o: RegisterDto) => o.confirmPassword !== undefined)
  confirmPassword?: string;

  @IsOptional()
  @IsBoolean()
  rememberMe?: boolean;

  /** The language the page was in: the account starts in it (English when absent). */
  @IsOptional() @IsIn(LANGUAGES, said('language_choice', { languages: LANGUAGES.join(', ') })) language?: Language;

  /** The spec's registration payload carries these; the server ignores what it decides itself. */
  @IsOptional() @IsIn(['user']) role?: string;
  @IsOptional() @Equals(false) isVerified?: boolean;
  @IsOptional() @Equals(null) avatar?: null;
  @IsOptional() @Equals(null) bio?: null;
  @IsOptional() categories?: string[];
}

export class LoginDto extends CaptchaProtectedDto {
  /** Email or username (the spec's field is named email). */
  @IsString()
  @IsNotEmpty(said('sign_in_name_required'))
  @MaxLength(254)
  email: string;

  @IsString()
  @IsNotEmpty(said('password_required'))
  @MaxLength(PASSWORD_MAX, said('password_too_long', { max: PASSWORD_MAX }))
  password: string;

  @IsOptional()
  @IsBoolean()
  rememberMe?: boolean;
}

export class GuestDto extends CaptchaProtectedDto {
  @IsOptional()
  @IsString()
  @MinLength(USERNAME_MIN, said('username_too_short', { min: USERNAME_MIN }))
  @MaxLength(USERNAME_MAX, said('username_too_long', { max: USERNAME_MAX }))
  @Matches(USERNAME_PATTERN, said('username_characters'))
  username?: string;

  /** The language the page was in: the guest account speaks it (English when absent). */
  @IsOptional() @IsIn(LANGUAGES, said('language_choice', { languages: LANGUAGES.join(', ') })) language?: Language;
}

export class CheckUsernameDto {
  @IsString()
  @IsNotEmpty(said('username_required'))
  @MaxLength(64)
  username: string;
}

export class UpdateProfileDto {
  @Optional()
  @IsString()
  @MinLength(USERNAME_MIN, said('username_too_short', { min: USERNAME_MIN }))
  @MaxLength(USERNAME_MAX, said('username_too_long', { max: USERNAME_MAX }))
  @Matches(USERNAME_PATTERN, said('username_characters'))
  username?: string;

  @IsOptional()
  @IsString()
  @MaxLength(BIO_MAX, said('bio_too_long', { max: BIO_MAX }))
  bio?: string | null;

  /** A picture this product stores (a /media/ path media-svc issued); null clears it. Other sites' URLs are refused. */
  @IsOptional()
  @ValidateIf((o: UpdateProfileDto) => o.avatar !== null)
  @IsString()
  @MaxLength(AVATAR_URL_MAX)
  @ValidateBy({ name: 'storedMediaUrl', validator: { validate: isStoredMediaUrl } }, said('avatar_not_stored'))
  avatar?: string | null;
}

const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const TIME_ZONE_MAX = 64;

/** An IANA zone name this runtime knows (Intl refuses the others). */
function isTimeZone(value: unknown): boolean {
  if (typeof value !== 'string' || value.length === 0 || value.length > TIME_ZONE_MAX) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

class DoNotDisturbSettingsDto {
  @IsBoolean() enabled: boolean;
  @Matches(CLOCK_TIME, said('quiet_from_time')) from: string;
  @Matches(CLOCK_TIME, said('quiet_to_time')) to: string;
  @ValidateBy({ name: 'timeZone', validator: { validate: isTimeZone } }, said('quiet_time_zone'))
  timeZone: string;
  @IsBoolean() allowCalls: boolean;
}

class NotificationSettingsDto {
  @IsBoolean() email: boolean;
  @IsBoolean() push: boolean;
  @IsBoolean() messageSound: boolean;
  @IsBoolean() mentions: boolean;
  /** Left out by clients older than the setting: the stored hours stay. */
  @Optional() @IsObject() @ValidateNested() @Type(() => DoNotDisturbSettingsDto) doNotDisturb?: DoNotDisturbSettingsDto;
}
class PrivacySettingsDto {
  @IsBoolean() showOnlineStatus: boolean;
  @IsBoolean() showLastSeen: boolean;
  @IsBoolean() allowDirectMessages: boolean;
}
class ChatSettingsDto {
  @IsIn(['light', 'dark', 'system']) theme: 'light' | 'dark' | 'system';
  @IsBoolean() messagePreview: boolean;
  @IsBoolean() enterToSend: boolean;
  /** Left out by clients older than the setting: the stored choice stays. */
  @Optional() @IsBoolean() linkPreviews?: boolean;
}

export class UpdateSettingsDto {
  @IsObject() @ValidateNested() @Type(() => NotificationSettingsDto) notifications: NotificationSettingsDto;
  @IsObject() @ValidateNested() @Type(() => PrivacySettingsDto) privacy: PrivacySettingsDto;
  @IsObject() @ValidateNested() @Type(() => ChatSettingsDto) chat: ChatSettingsDto;
}

/** PUT /api/users/me/language: the language the product speaks to this person. */
export class UpdateLanguageDto {
  @IsIn(LANGUAGES, said('language_choice', { languages: LANGUAGES.join(', ') })) language: Language;
}

/** What login, register and guest entry answer over HTTP. */
export interface AuthResultDto {
  user: UserDto;
  /** This sign-in cancelled the account's deletion, asked before: the person is told so. */
  deletionCancelled?: true;
}

/** What auth-svc answers to login/register/guest over NATS: the gateway sets the cookie. */
export interface SessionIssuedDto {
  user: UserDto;
  token: string;
  /** null means a browser-session cookie (no Remember me). */
  cookieMaxAgeSeconds: number | null;
  /** This sign-in cancelled the account's deletion, asked before. */
  deletionCancelled?: true;
}

/**
 * Which session a request came from: the sha256 (hex) of its cookie token, as auth-svc's session
 * store keys it; the gateway sends it, never the client.
 */
export const SESSION_KEY_PATTERN = /^[0-9a-f]{64}$/;

/** Requests the gateway sends on behalf of a client carry where it came from. */
export class ClientMetaDto {
  @IsString() @MaxLength(64) ip: string;
  /** Read at sign-in for the sessions list ("Chrome on Windows"); cut to 512 characters by the gateway. */
  @IsOptional() @IsString() @MaxLength(512) userAgent?: string;
  /** The browser's device cookie (DEVICE_COOKIE): a sign-in from one the account never used is mailed. */
  @IsOptional() @Matches(DEVICE_ID_PATTERN) device?: string;
}

/** A captcha question is counted against the address that asks for it. */
export class CaptchaRequestDto {
  @ValidateNested() @Type(() => ClientMetaDto) client: ClientMetaDto;
}

export class LoginRequestDto extends LoginDto {
  @ValidateNested() @Type(() => ClientMetaDto) client: ClientMetaDto;
}
export class RegisterRequestDto extends RegisterDto {
  @ValidateNested() @Type(() => ClientMetaDto) client: ClientMetaDto;
}
export class GuestRequestDto extends GuestDto {
  @ValidateNested() @Type(() => ClientMetaDto) client: ClientMetaDto;
}

export class SessionTokenDto {
  @IsString() @IsNotEmpty() @MaxLength(200) token: string;
}

/** At most this many sessions resolved in one request. */
export const SESSION_BATCH_MAX = 200;

export class SessionTokensDto {
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(SESSION_BATCH_MAX)
  @IsString({ each: true })
  @IsNotEmpty({ each: true })
  @MaxLength(200, { each: true })
  tokens: string[];
}

export class LogoutDto {
  /** Also end every other session of the account (other browsers and devices). */
  @IsOptional() @IsBoolean() everywhere?: boolean;
}

export class DestroySessionDto extends SessionTokenDto {
  @IsOptional() @IsBoolean() everywhere?: boolean;
}

export interface UsernameAvailabilityDto {
  available: boolean;
  /** Why a name cannot be used, when it cannot. */
  message?: string;
  /** The same, as its code and values for the client to word. */
  messageCode?: FieldCode;
}

export class UserIdDto {
  @Type(() => Number) @IsInt() userId: number;
}

export class UpdateMeRequestDto extends UpdateProfileDto {
  @Type(() => Number) @IsInt() userId: number;
}

export class UpdateSettingsRequestDto extends UpdateSettingsDto {
  @Type(() => Number) @IsInt() userId: number;
}

export class UpdateLanguageRequestDto extends UpdateLanguageDto {
  @Type(() => Number) @IsInt() userId: number;
}

export class GetUsersDto {
  @IsArray() @ArrayMaxSize(500) @Type(() => Number) @IsInt({ each: true }) ids: number[];
}

export class FindByUsernamesDto {
  @IsArray()
  @ArrayMaxSize(500)
  @IsString({ each: true })
  @MaxLength(USERNAME_MAX, { each: true })
  usernames: string[];
}

export class SetRoleDto {
  @Type(() => Number) @IsInt() userId: number;
  @IsIn(['user', 'vip', 'seller', 'moderator']) role: 'user' | 'vip' | 'seller' | 'moderator';
}
