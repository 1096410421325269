import { BaseEnv, EnvBoolean, loadEnv } from '@app/server';
import { Type } from 'class-transformer';
import { IsBoolean, IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';

export class GatewayEnv extends BaseEnv {
  @Type(() => Number)
  @IsInt({ message: 'PORT must be a whole number' })
  @Min(1)
  @Max(65535)
  PORT = 3000;

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
}

let cached: GatewayEnv | undefined;
export const gatewayEnv = (): GatewayEnv => (cached ??= loadEnv(GatewayEnv));
/** Tests change the environment between apps. */
export const resetGatewayEnv = () => {
  cached = undefined;
};
