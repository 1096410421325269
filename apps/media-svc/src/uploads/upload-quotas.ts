import { Inject, Injectable } from '@nestjs/common';
import { REDIS } from '@app/server';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { MediaEnv } from '../config/media-env';
import { UploadError } from './upload-error';

const MB = 1024 * 1024;
const MINUTE_SECONDS = 60;
const DAY_SECONDS = 24 * 60 * 60;

/**
 * How much one user may upload: files per minute and bytes stored per day. Counted in Redis, so
 * every replica sees the same totals, and atomically, so racing uploads cannot both slip under.
 */
@Injectable()
export class UploadQuotas {
  private readonly files: RateLimiterRedis;
  private readonly bytes: RateLimiterRedis;
  private readonly dailyMegabytes: number;

  constructor(@Inject(REDIS) redis: Redis, env: MediaEnv) {
    this.dailyMegabytes = env.MEDIA_DAILY_QUOTA_MB;
    this.files = new RateLimiterRedis({ storeClient: redis, keyPrefix: 'media-files', points: env.MEDIA_UPLOADS_PER_MINUTE, duration: MINUTE_SECONDS });
    this.bytes = new RateLimiterRedis({ storeClient: redis, keyPrefix: 'media-bytes', points: env.MEDIA_DAILY_QUOTA_MB * MB, duration: DAY_SECONDS });
  }

  /** Refuses before any byte is read when the user has nothing left in either allowance. */
  async refuseWhenSpent(ownerId: number): Promise<void> {
    const [files, bytes] = await Promise.all([this.files.get(key(ownerId)), this.bytes.get(key(ownerId))]);
    if (files && files.remainingPoints <= 0) throw UploadError.rateLimited(files.msBeforeNext);
    if (bytes && bytes.remainingPoints <= 0) throw UploadError.quotaReached(this.dailyMegabytes, bytes.msBeforeNext);
  }

  /** Counts one file, before any work is spent on it. */
  async countFile(ownerId: number): Promise<void> {
    try {
      await this.files.consume(key(ownerId));
    } catch (error) {
      if (error instanceof RateLimiterRes) throw UploadError.rateLimited(error.msBeforeNext);
      throw error;
    }
  }

  /** Sets `size` bytes of the day's allowance aside for a file about to be stored. */
  async reserveBytes(ownerId: number, size: number): Promise<void> {
    try {
      await this.bytes.consume(key(ownerId), size);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      // A refused reservation has been counted all the same: give it back.
      await this.bytes.reward(key(ownerId), size);
      throw UploadError.quotaReached(this.dailyMegabytes, error.msBeforeNext);
    }
  }

  /** Gives back bytes reserved for files that were not stored after all. */
  async releaseBytes(ownerId: number, size: number): Promise<void> {
    if (size > 0) await this.bytes.reward(key(ownerId), size);
  }
}

const key = (ownerId: number) => String(ownerId);
