import { BaseEnv, appConfig, POSTGRES_URL_PATTERN } from '@app/server';
import { CAPTCHA_TOKEN_TTL_SECONDS, CAPTCHA_TTL_SECONDS } from '@app/contracts';
import { Type } from 'class-transformer';
import { IsInt, Matches, Max, Min } from 'class-validator';

export class AuthEnv extends BaseEnv {
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
}

export const authEnv = appConfig(AuthEnv);
