import { BaseEnv, EmptyInProduction, EnvBoolean, ORIGIN_LIST_PATTERN, appConfig, POSTGRES_URL_PATTERN } from '@app/server';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, Min } from 'class-validator';

/** An empty value (the stack passes S3_PORT='' for a default port) means "not set". */
const EmptyAsUnset = () => Transform(({ value }) => (value === '' ? undefined : value));

export class MediaEnv extends BaseEnv {
  @Matches(POSTGRES_URL_PATTERN, { message: 'MEDIA_DATABASE_URL must look like postgres://user@host:5432/media' })
  MEDIA_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/media';

  /** Internal port the gateway streams uploads to and reads objects from; never exposed publicly. */
  @Type(() => Number)
  @IsInt({ message: 'MEDIA_HTTP_PORT must be a whole number' })
  @Min(1)
  @Max(65535)
  MEDIA_HTTP_PORT = 3010;

  /** Loopback by default; a container sets 0.0.0.0 so the gateway's container reaches it. */
  @IsString()
  @IsNotEmpty({ message: 'MEDIA_HTTP_HOST must be an address to listen on' })
  MEDIA_HTTP_HOST = '127.0.0.1';

  @IsString()
  @IsNotEmpty({ message: 'S3_ENDPOINT must be the host name of the S3 server' })
  S3_ENDPOINT = '127.0.0.1';

  @EmptyAsUnset()
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'S3_PORT must be a whole number' })
  @Min(1)
  @Max(65535)
  S3_PORT?: number;

  @EnvBoolean()
  @IsBoolean({ message: 'S3_USE_SSL must be true or false' })
  S3_USE_SSL = false;

  @IsString()
  @IsNotEmpty({ message: 'S3_ACCESS_KEY is required' })
  S3_ACCESS_KEY = 'S3RVER';

  @IsString()
  @IsNotEmpty({ message: 'S3_SECRET_KEY is required' })
  S3_SECRET_KEY = 'S3RVER';

  @Matches(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { message: 'S3_BUCKET must be a valid bucket name' })
  S3_BUCKET = 'media';

  @IsString()
  @IsNotEmpty()
  S3_REGION = 'us-east-1';

  /** Uploads are spooled here while they are checked; empty uses the system's temp folder. */
  @EmptyAsUnset()
  @IsOptional()
  @IsString()
  MEDIA_TMP_DIR?: string;

  /** A client that has not sent its request's headers within this long is dropped (Node checks every 30 s). */
  @Type(() => Number)
  @IsInt({ message: 'MEDIA_HTTP_HEADERS_TIMEOUT_MS must be a whole number of milliseconds' })
  @Min(1000)
  MEDIA_HTTP_HEADERS_TIMEOUT_MS = 10_000;

  /**
   * The longest a whole request may take to arrive, a last resort behind the gateway's own upload
   * deadline (MEDIA_UPLOAD_TIMEOUT_MS, 300 s), which answers first with a clearer message.
   */
  @Type(() => Number)
  @IsInt({ message: 'MEDIA_HTTP_REQUEST_TIMEOUT_MS must be a whole number of milliseconds' })
  @Min(1000)
  MEDIA_HTTP_REQUEST_TIMEOUT_MS = 330_000;

  /** An upload whose body stops arriving for this long is stopped with 408. */
  @Type(() => Number)
  @IsInt({ message: 'MEDIA_UPLOAD_IDLE_TIMEOUT_MS must be a whole number of milliseconds' })
  @Min(100)
  MEDIA_UPLOAD_IDLE_TIMEOUT_MS = 30_000;

  /** The budget of an animated image: frames... */
  @Type(() => Number)
  @IsInt({ message: 'MEDIA_ANIMATED_MAX_FRAMES must be a whole number' })
  @Min(2)
  MEDIA_ANIMATED_MAX_FRAMES = 300;

  /** ...and megapixels summed over its frames (one 4096x4096 frame is 16.8). */
  @Type(() => Number)
  @IsInt({ message: 'MEDIA_ANIMATED_MAX_MEGAPIXELS must be a whole number' })
  @Min(1)
  MEDIA_ANIMATED_MAX_MEGAPIXELS = 16;

  /** Re-encoding one image is stopped after this long and the upload refused with 413. */
  @Type(() => Number)
  @IsInt({ message: 'MEDIA_IMAGE_TIMEOUT_SECONDS must be a whole number of seconds' })
  @Min(1)
  MEDIA_IMAGE_TIMEOUT_SECONDS = 20;

  /**
   * Images re-encoded at once by this replica. Each holds one of libuv's threads (4 unless
   * UV_THREADPOOL_SIZE says otherwise) for its whole run, and every file read and write of the
   * service needs one too: keep it below that.
   */
  @Type(() => Number)
  @IsInt({ message: 'MEDIA_IMAGE_CONCURRENCY must be a whole number' })
  @Min(1)
  MEDIA_IMAGE_CONCURRENCY = 2;

  /** Images waiting for a turn; beyond this an upload is refused with 503 and Retry-After. */
  @Type(() => Number)
  @IsInt({ message: 'MEDIA_IMAGE_QUEUE_LIMIT must be a whole number' })
  @Min(0)
  MEDIA_IMAGE_QUEUE_LIMIT = 16;

  /** Files one user may upload per minute, across replicas (429 beyond). */
  @Type(() => Number)
  @IsInt({ message: 'MEDIA_UPLOADS_PER_MINUTE must be a whole number' })
  @Min(1)
  MEDIA_UPLOADS_PER_MINUTE = 20;

  /** Megabytes one user may store per day, across replicas (429 beyond). */
  @Type(() => Number)
  @IsInt({ message: 'MEDIA_DAILY_QUOTA_MB must be a whole number of megabytes' })
  @Min(1)
  MEDIA_DAILY_QUOTA_MB = 500;

  /**
   * For tests only, empty in production: origins (http://127.0.0.1:4010) whose pictures link
   * previews may download although they are on a private or loopback address, the tests' local
   * site. Every other picture is downloaded only from public addresses.
   */
  @EmptyInProduction()
  @Matches(ORIGIN_LIST_PATTERN, { message: 'LINK_PREVIEW_PRIVATE_ORIGINS must be http or https origins separated by commas, or empty' })
  LINK_PREVIEW_PRIVATE_ORIGINS = '';
}

export const mediaEnv = appConfig(MediaEnv);
