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
import { LANGUAGE_MESSAGE, LANGUAGES, type Language } from '../../common/languages';
import type { UserDto } from '../../common/user';
import { Optional } from '../../common/validation';
import { isStoredMediaUrl } from '../../media/media-keys';
import { MediaUrlMessages } from '../../media/media.constants';

const USERNAME_CHARS_MESSAGE = 'Username may contain only letters, digits and underscore';

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

export const POW_REQUIRED_MESSAGE = 'Proof of work is required';

export class VerifyCaptchaDto {
  @Matches(/^[0-9a-f]{1,64}$/, { message: 'Captcha challenge is required' })
  challengeId: string;

  @Type(() => Number)
  @IsInt({ message: 'Answer must be a whole number' })
  answer: number;

  /** ALTCHA's payload: base64 of JSON { algorithm, challenge, number, salt, signature }. */
  @Matches(/^[A-Za-z0-9+/]{1,2000}={0,2}$/, { message: POW_REQUIRED_MESSAGE })
  pow: string;
}

export class CaptchaTokenDto {
  token: string;
  expiresInSeconds: number;
}

const CAPTCHA_REQUIRED = 'Please complete the security verification';

class CaptchaProtectedDto {
  /** The token answered by captcha verification (one decorator: a missing value gets one message). */
  @Matches(/^[\w-]{1,200}$/, { message: CAPTCHA_REQUIRED })
  captchaResponse: string;
}

export class RegisterDto extends CaptchaProtectedDto {
  @IsString()
  @MinLength(USERNAME_MIN, { message: `Username must be at least ${USERNAME_MIN} characters long` })
  @MaxLength(USERNAME_MAX, { message: `Username must be at most ${USERNAME_MAX} characters long` })
  @Matches(USERNAME_PATTERN, { message: USERNAME_CHARS_MESSAGE })
  username: string;

  @IsEmail({}, { message: 'Please enter a valid email address' })
  @MaxLength(254)
  email: string;

  @IsString()
  @MinLength(PASSWORD_MIN, { message: `Password must be at least ${PASSWORD_MIN} characters` })
  @MaxLength(PASSWORD_MAX, { message: `Password must be at most ${PASSWORD_MAX} characters` })
  password: string;

  @IsString()
  @ValidateIf((o: RegisterDto) => o.confirmPassword !== undefined)
  confirmPassword?: string;

  @IsOptional()
  @IsBoolean()
  rememberMe?: boolean;

  /** The language the page was in: the account starts in it (English when absent). */
  @IsOptional() @IsIn(LANGUAGES, { message: LANGUAGE_MESSAGE }) language?: Language;

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
  @IsNotEmpty({ message: 'Email or username is required' })
  @MaxLength(254)
  email: string;

  @IsString()
  @IsNotEmpty({ message: 'Password is required' })
  @MaxLength(PASSWORD_MAX, { message: `Password must be at most ${PASSWORD_MAX} characters` })
  password: string;

  @IsOptional()
  @IsBoolean()
  rememberMe?: boolean;
}

export class GuestDto extends CaptchaProtectedDto {
  @IsOptional()
  @IsString()
  @MinLength(USERNAME_MIN, { message: 'Username must be at least 3 characters long' })
  @MaxLength(USERNAME_MAX, { message: `Username must be at most ${USERNAME_MAX} characters long` })
  @Matches(USERNAME_PATTERN, { message: USERNAME_CHARS_MESSAGE })
  username?: string;

  /** The language the page was in: the guest account speaks it (English when absent). */
  @IsOptional() @IsIn(LANGUAGES, { message: LANGUAGE_MESSAGE }) language?: Language;
}

export class CheckUsernameDto {
  @IsString()
  @IsNotEmpty({ message: 'Username is required' })
  @MaxLength(64)
  username: string;
}

export class UpdateProfileDto {
  @Optional()
  @IsString()
  @MinLength(USERNAME_MIN, { message: `Username must be at least ${USERNAME_MIN} characters long` })
  @MaxLength(USERNAME_MAX, { message: `Username must be at most ${USERNAME_MAX} characters long` })
  @Matches(USERNAME_PATTERN, { message: USERNAME_CHARS_MESSAGE })
  username?: string;

  @IsOptional()
  @IsString()
  @MaxLength(BIO_MAX, { message: `Bio must be at most ${BIO_MAX} characters` })
  bio?: string | null;

  /** A picture this product stores (a /media/ path media-svc issued); null clears it. Other sites' URLs are refused. */
  @IsOptional()
  @ValidateIf((o: UpdateProfileDto) => o.avatar !== null)
  @IsString()
  @MaxLength(AVATAR_URL_MAX)
  @ValidateBy({ name: 'storedMediaUrl', validator: { validate: isStoredMediaUrl, defaultMessage: () => MediaUrlMessages.avatar } })
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
  @Matches(CLOCK_TIME, { message: 'from must be a time such as 22:00' }) from: string;
  @Matches(CLOCK_TIME, { message: 'to must be a time such as 07:00' }) to: string;
  @ValidateBy({ name: 'timeZone', validator: { validate: isTimeZone, defaultMessage: () => 'timeZone must be a time zone such as Asia/Kolkata' } })
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
  @IsIn(LANGUAGES, { message: LANGUAGE_MESSAGE }) language: Language;
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
