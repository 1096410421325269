import { BaseEnv, EnvBoolean, appConfig } from '@app/server';
import { Type } from 'class-transformer';
import { IsBoolean, IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, Min, MinLength, ValidateIf } from 'class-validator';

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
}

export const gatewayEnv = appConfig(GatewayEnv);
