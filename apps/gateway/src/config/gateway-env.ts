import { SOCKETS_PER_ACCOUNT, SOCKETS_PER_SESSION } from '@app/contracts';
import { BaseEnv, EnvBoolean, appConfig } from '@app/server';
import { Type } from 'class-transformer';
import { IsBoolean, IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, Min, MinLength, ValidateIf } from 'class-validator';

const wholeNumber = (name: string) => ({ message: `${name} must be a whole number` });

export class GatewayEnv extends BaseEnv {
  @Type(() => Number)
  @IsInt({ message: 'PORT must be a whole number' })
  @Min(1)
  @Max(65535)
  PORT = 3000;

  /** The address to listen on; every interface unless told otherwise. */
  @IsString()
  @IsNotEmpty({ message: 'HOST must be an address to listen on' })
  HOST = '0.0.0.0';

  /** The site's public origin; unsafe requests and sockets from other origins are refused. */
  @Matches(/^https?:\/\/[^/]+$/, { message: 'PUBLIC_ORIGIN must be an origin such as http://localhost:3000' })
  PUBLIC_ORIGIN = 'http://localhost:3000';

  /** Extra allowed origins, comma separated (the Vite dev server in development). */
  @IsOptional()
  @IsString()
  EXTRA_ORIGINS = '';

  /** Where the built SPA lives; empty serves no SPA (API only). */
  @IsOptional()
  @IsString()
  WEB_DIST?: string;

  @Matches(/^https?:\/\/.+/, { message: 'MEDIA_SVC_URL must be an http(s) URL of media-svc' })
  MEDIA_SVC_URL = 'http://127.0.0.1:3010';

  /** Set when served over https (behind a TLS proxy): cookies get Secure. */
  @EnvBoolean()
  @IsBoolean({ message: 'COOKIE_SECURE must be true or false' })
  COOKIE_SECURE = false;

  /** Trust X-Forwarded-For from this many proxies (the load balancer). */
  @Type(() => Number)
  @IsInt({ message: 'TRUST_PROXY_HOPS must be a whole number' })
  @Min(0)
  TRUST_PROXY_HOPS = 0;

  /** STUN servers browsers use to find their public address, comma separated (stun:host:port); empty: none (loopback needs none). */
  @Matches(/^(stuns?:[^\s,]+(,stuns?:[^\s,]+)*)?$/, { message: 'STUN_URLS must be stun: or stuns: URLs separated by commas, or empty' })
  STUN_URLS = '';

  /** TURN servers relaying calls that cannot connect directly, comma separated (turn:host:3478?transport=udp); empty: no TURN. */
  @Matches(/^(turns?:[^\s,]+(,turns?:[^\s,]+)*)?$/, { message: 'TURN_URLS must be turn: or turns: URLs separated by commas, or empty' })
  TURN_URLS = '';

  /** The TURN server's shared secret (coturn static-auth-secret): browsers get credentials made from it, never the secret. */
  @ValidateIf((env: GatewayEnv) => env.TURN_URLS !== '')
  @IsString()
  @MinLength(16, { message: 'TURN_SECRET must be at least 16 characters when TURN_URLS is set' })
  TURN_SECRET = '';

  /** How long the TURN credentials handed to a browser stay valid. */
  @Type(() => Number)
  @IsInt({ message: 'TURN_CREDENTIAL_TTL_SECONDS must be a whole number of seconds' })
  @Min(60, { message: 'TURN_CREDENTIAL_TTL_SECONDS must be at least 60' })
  @Max(7 * 24 * 60 * 60, { message: 'TURN_CREDENTIAL_TTL_SECONDS must be at most a week' })
  TURN_CREDENTIAL_TTL_SECONDS = 4 * 60 * 60;

  /** Frames of any type one socket may send in 10 seconds; more is refused unread (429 with the wait). */
  @Type(() => Number)
  @IsInt({ message: 'WS_FRAMES_PER_10_SECONDS must be a whole number' })
  @Min(1)
  WS_FRAMES_PER_10_SECONDS = 200;

  /** auth, join_room and leave_room frames one socket may send in 10 seconds: each costs the services real work. */
  @Type(() => Number)
  @IsInt({ message: 'WS_ROOM_FRAMES_PER_10_SECONDS must be a whole number' })
  @Min(1)
  WS_ROOM_FRAMES_PER_10_SECONDS = 20;

  /**
   * Output a socket may have waiting in this process (beyond what the kernel holds, about 4 MB
   * on loopback) before it is cut off: a client that stops reading must not grow the
   * gateway's memory without end. It comes back by reconnecting and rejoining with its last sequence.
   */
  @Type(() => Number)
  @IsInt(wholeNumber('WS_MAX_BUFFERED_BYTES'))
  @Min(64 * 1024, { message: 'WS_MAX_BUFFERED_BYTES must be at least 65536' })
  WS_MAX_BUFFERED_BYTES = 1024 * 1024;

  /** Sockets one browser session may hold at once, across every gateway (its tabs); more are closed with 4008. */
  @Type(() => Number)
  @IsInt(wholeNumber('WS_SOCKETS_PER_SESSION'))
  @Min(1, { message: 'WS_SOCKETS_PER_SESSION must be at least 1' })
  WS_SOCKETS_PER_SESSION = SOCKETS_PER_SESSION;

  /** Sockets one account may hold at once, across its sessions, devices and every gateway; more are closed with 4008. */
  @Type(() => Number)
  @IsInt(wholeNumber('WS_SOCKETS_PER_ACCOUNT'))
  @Min(1, { message: 'WS_SOCKETS_PER_ACCOUNT must be at least 1' })
  WS_SOCKETS_PER_ACCOUNT = SOCKETS_PER_ACCOUNT;

  /**
   * Session look-ups this gateway has under way in auth-svc at once; more wait their turn in
   * order. After a restart every socket comes back at once: asked all together, auth-svc answers
   * none in time.
   */
  @Type(() => Number)
  @IsInt(wholeNumber('SESSION_LOOKUPS_IN_FLIGHT'))
  @Min(1)
  SESSION_LOOKUPS_IN_FLIGHT = 16;

  /** join_room requests this gateway has under way in chat-svc at once; more wait their turn in order. */
  @Type(() => Number)
  @IsInt(wholeNumber('ROOM_JOINS_IN_FLIGHT'))
  @Min(1)
  ROOM_JOINS_IN_FLIGHT = 16;

  // Uploads and /media reads (the gateway's side of media-svc).

  /** Uploads one user may have in progress at once on this gateway (429 beyond). */
  @Type(() => Number)
  @IsInt(wholeNumber('MEDIA_UPLOADS_PER_USER'))
  @Min(1)
  MEDIA_UPLOADS_PER_USER = 3;

  /** Uploads one client address may have in progress at once on this gateway (429 beyond). */
  @Type(() => Number)
  @IsInt(wholeNumber('MEDIA_UPLOADS_PER_ADDRESS'))
  @Min(1)
  MEDIA_UPLOADS_PER_ADDRESS = 12;

  /** Connections to media-svc for uploads, so uploads in progress on this gateway (503 beyond). */
  @Type(() => Number)
  @IsInt(wholeNumber('MEDIA_UPLOAD_SOCKETS'))
  @Min(1)
  MEDIA_UPLOAD_SOCKETS = 64;

  /** Connections to media-svc for /media reads: a pool of their own that uploads never take. */
  @Type(() => Number)
  @IsInt(wholeNumber('MEDIA_READ_SOCKETS'))
  @Min(1)
  MEDIA_READ_SOCKETS = 128;

  /** An upload body slower than this over a whole window is stopped with 408... */
  @Type(() => Number)
  @IsInt(wholeNumber('MEDIA_UPLOAD_MIN_BYTES_PER_SECOND'))
  @Min(1)
  MEDIA_UPLOAD_MIN_BYTES_PER_SECOND = 4096;

  /** ...measured over windows of this many milliseconds (a window without a byte stops it too). */
  @Type(() => Number)
  @IsInt(wholeNumber('MEDIA_UPLOAD_RATE_WINDOW_MS'))
  @Min(100)
  MEDIA_UPLOAD_RATE_WINDOW_MS = 15_000;

  /** The longest an upload may take, from its first byte to the answer (Node's own request limit is 300 s). */
  @Type(() => Number)
  @IsInt(wholeNumber('MEDIA_UPLOAD_TIMEOUT_MS'))
  @Min(1000)
  MEDIA_UPLOAD_TIMEOUT_MS = 300_000;
}

export const gatewayEnv = appConfig(GatewayEnv);
