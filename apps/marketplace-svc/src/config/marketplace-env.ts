import { BaseEnv, appConfig, POSTGRES_URL_PATTERN, EXTRA_WORDS_PATTERN } from '@app/server';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Matches, Max, Min } from 'class-validator';

export class MarketplaceEnv extends BaseEnv {
  @Matches(POSTGRES_URL_PATTERN, { message: 'MARKETPLACE_DATABASE_URL must look like postgres://user@host:5432/marketplace' })
  MARKETPLACE_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/marketplace';

  /**
   * USD-INR rate provider, answering JSON with `usd.inr` (or `rates.INR`). Empty uses the
   * fallback rate, so the product works offline.
   */
  @IsOptional()
  @Matches(/^(https?:\/\/.+)?$/, { message: 'FX_RATE_URL must be an http(s) URL or empty' })
  FX_RATE_URL = '';

  /** How often each replica looks for calls that ran out of time (unanswered, a side silent). */
  @Type(() => Number)
  @IsInt({ message: 'CALL_SWEEP_INTERVAL_MS must be a whole number of milliseconds' })
  @Min(50, { message: 'CALL_SWEEP_INTERVAL_MS must be at least 50' })
  @Max(60_000, { message: 'CALL_SWEEP_INTERVAL_MS must be at most 60000' })
  CALL_SWEEP_INTERVAL_MS = 1000;

  /** Words the content filter treats as offensive in seller names and bios beside its own list, comma separated. */
  @Matches(EXTRA_WORDS_PATTERN, { message: 'CONTENT_FILTER_EXTRA_WORDS must be words (letters, digits, spaces) separated by commas' })
  CONTENT_FILTER_EXTRA_WORDS = '';
}

export const marketplaceEnv = appConfig(MarketplaceEnv);

/** The demo seed also stores the demo sellers' pictures through media-svc. */
export class MarketplaceSeedEnv extends MarketplaceEnv {
  @Matches(/^https?:\/\/.+/, { message: 'MEDIA_SVC_URL must be an http(s) URL of media-svc' })
  MEDIA_SVC_URL = 'http://127.0.0.1:3010';
}

export const marketplaceSeedEnv = appConfig(MarketplaceSeedEnv);
