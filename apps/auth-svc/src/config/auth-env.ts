import { BaseEnv, EXTRA_WORDS_PATTERN, appConfig, POSTGRES_URL_PATTERN } from '@app/server';
import { CAPTCHA_TOKEN_TTL_SECONDS, CAPTCHA_TTL_SECONDS, PASSKEY_SIGN_INS_PER_ADDRESS_PER_MINUTE, POW_MAX_NUMBER } from '@app/contracts';
import { Type } from 'class-transformer';
import { IsInt, IsNotEmpty, IsString, Matches, Max, Min, ValidateBy } from 'class-validator';
import { oidcProvidersProblem } from '../oidc/oidc-providers';
import { relyingPartyProblem } from '../passkeys/relying-party';

export class AuthEnv extends BaseEnv {
  /** How often ended VIP periods are swept (and reminders sent). */
  @Type(() => Number)
  @IsInt({ message: 'VIP_SWEEP_INTERVAL_MS must be a whole number of milliseconds' })
  @Min(1000, { message: 'VIP_SWEEP_INTERVAL_MS must be at least 1000' })
  VIP_SWEEP_INTERVAL_MS = 60_000;

  @Matches(POSTGRES_URL_PATTERN, { message: 'AUTH_DATABASE_URL must look like postgres://user@host:5432/auth' })
  AUTH_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/auth';

  /** How long an unanswered captcha question stays answerable. */
  @Type(() => Number)
  @IsInt({ message: 'CAPTCHA_TTL_SECONDS must be a whole number' })
  @Min(1)
  @Max(3600)
  CAPTCHA_TTL_SECONDS = CAPTCHA_TTL_SECONDS;

  /** How long the token of a solved captcha may wait to be used by login, register or guest entry. */
  @Type(() => Number)
  @IsInt({ message: 'CAPTCHA_TOKEN_TTL_SECONDS must be a whole number' })
  @Min(1)
  @Max(3600)
  CAPTCHA_TOKEN_TTL_SECONDS = CAPTCHA_TOKEN_TTL_SECONDS;

  /** The range of the proof of work under each question; tests make it cheap, nothing turns it off. */
  @Type(() => Number)
  @IsInt({ message: 'POW_MAX_NUMBER must be a whole number' })
  @Min(100, { message: 'POW_MAX_NUMBER must be at least 100' })
  @Max(10_000_000, { message: 'POW_MAX_NUMBER must be at most 10000000' })
  POW_MAX_NUMBER = POW_MAX_NUMBER;

  /** Captcha questions one client address may ask for per minute: each is kept in Redis until it expires. */
  @Type(() => Number)
  @IsInt({ message: 'CAPTCHAS_PER_ADDRESS_PER_MINUTE must be a whole number' })
  @Min(1)
  CAPTCHAS_PER_ADDRESS_PER_MINUTE = 30;

  /** Member accounts one client address may create per hour (past the captcha). */
  @Type(() => Number)
  @IsInt({ message: 'SIGNUPS_PER_ADDRESS_PER_HOUR must be a whole number' })
  @Min(1)
  SIGNUPS_PER_ADDRESS_PER_HOUR = 10;

  /** Guest entries one client address may make per hour: a school or an office shares one address. */
  @Type(() => Number)
  @IsInt({ message: 'GUESTS_PER_ADDRESS_PER_HOUR must be a whole number' })
  @Min(1)
  GUESTS_PER_ADDRESS_PER_HOUR = 60;

  /** Where mail goes out: the development mail catcher by default, a real relay in production. */
  @Matches(/^smtps?:\/\/.+/, { message: 'SMTP_URL must look like smtp://host:port or smtps://user:pass@host:465' })
  SMTP_URL = 'smtp://127.0.0.1:1025';

  @IsString()
  @IsNotEmpty({ message: 'MAIL_FROM must be the sender of account mail' })
  MAIL_FROM = 'Chatmarket <no-reply@chatmarket.local>';

  /** The site's address, for the links in mail. */
  @Matches(/^https?:\/\/[^/]+$/, { message: 'PUBLIC_ORIGIN must be an origin such as http://localhost:3000' })
  PUBLIC_ORIGIN = 'http://localhost:3000';

  /** The domain passkeys belong to (no scheme, no port); empty takes PUBLIC_ORIGIN's host name. Changing it orphans every passkey made before. */
  @IsString()
  PASSKEY_RP_ID = '';

  /** The origins pages make and use passkeys from, comma separated; empty takes PUBLIC_ORIGIN. Checked with PASSKEY_RP_ID at start. */
  @IsString()
  @ValidateBy({
    name: 'passkeyRelyingParty',
    validator: {
      validate: (_value, args) => relyingPartyProblem(args?.object as AuthEnv) === null,
      defaultMessage: (args) => relyingPartyProblem(args?.object as AuthEnv) ?? '',
    },
  })
  PASSKEY_ORIGINS = '';

  /** Passkey sign-ins one client address may start per minute: each keeps a challenge in Redis until it expires. */
  @Type(() => Number)
  @IsInt({ message: 'PASSKEY_SIGN_INS_PER_ADDRESS_PER_MINUTE must be a whole number' })
  @Min(1)
  PASSKEY_SIGN_INS_PER_ADDRESS_PER_MINUTE = PASSKEY_SIGN_INS_PER_ADDRESS_PER_MINUTE;

  /**
   * Sign-in providers (OpenID Connect), comma separated ids such as `google,microsoft`; empty for
   * none. Each id needs OIDC_<ID>_ISSUER (https), OIDC_<ID>_CLIENT_ID and OIDC_<ID>_CLIENT_SECRET
   * (or OIDC_<ID>_CLIENT_SECRET_FILE), and may have OIDC_<ID>_NAME, the button's label.
   */
  @IsString()
  @ValidateBy({
    name: 'oidcProviders',
    validator: {
      validate: (_value, args) => oidcProvidersProblem(args?.object as Record<string, unknown>) === null,
      defaultMessage: (args) => oidcProvidersProblem(args?.object as Record<string, unknown>) ?? '',
    },
  })
  OIDC_PROVIDERS = '';

  /** Password reset requests one client address may make per hour (then 429). */
  @Type(() => Number)
  @IsInt({ message: 'PASSWORD_RESETS_PER_ADDRESS_PER_HOUR must be a whole number' })
  @Min(1)
  PASSWORD_RESETS_PER_ADDRESS_PER_HOUR = 5;

  /** Reset or verification mails one account gets per hour; past it the request is answered alike and nothing is sent. */
  @Type(() => Number)
  @IsInt({ message: 'ACCOUNT_MAILS_PER_HOUR must be a whole number' })
  @Min(1)
  ACCOUNT_MAILS_PER_HOUR = 3;

  /** Words the content filter treats as offensive in usernames beside its own list, comma separated. */
  @Matches(EXTRA_WORDS_PATTERN, { message: 'CONTENT_FILTER_EXTRA_WORDS must be words (letters, digits, spaces) separated by commas' })
  CONTENT_FILTER_EXTRA_WORDS = '';
}

export const authEnv = appConfig(AuthEnv);
