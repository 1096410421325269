import { BaseEnv, EnvBoolean, appConfig, POSTGRES_URL_PATTERN } from '@app/server';
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
}

export const mediaEnv = appConfig(MediaEnv);
