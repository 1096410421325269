import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  CompleteOidcSignUpDto,
  OIDC_BROWSER_COOKIE,
  OIDC_LANDING_PATH,
  OIDC_STATE_TTL_SECONDS,
  OidcErrorCode,
  OidcPatterns,
  StartOidcDto,
  type AuthResultDto,
  type LinkedIdentityDto,
  type OidcProviderDto,
  type OidcStartDto,
  type UserDto,
} from '@app/contracts';
import { RpcCallError, RpcClient } from '@app/server';
import { parse } from 'cookie';
import type { Request, Response } from 'express';
import { createHash, randomBytes } from 'node:crypto';
import { AuthGuard, CurrentUser, Roles } from '../common/auth.guards';
import { ParseIdPipe } from '../common/id.pipe';
import type { SessionRequest } from '../common/session.middleware';
import { hashToken, SessionService } from '../common/session.service';
import { gatewayEnv } from '../config/gateway-env';
import { setDeviceCookie, signInClient } from './device-cookie';
import { setSessionCookie } from './session-cookie';

const CALLBACK_PATH = '/api/auth/oidc';
const BROWSER_COOKIE_PATTERN = /^[\w-]{43}$/;

const callbackUri = (provider: string) => `${gatewayEnv().PUBLIC_ORIGIN}${CALLBACK_PATH}/${encodeURIComponent(provider)}/callback`;

/**
 * The browser that starts a sign-in gets a random cookie, sent only to the callback's path; its
 * SHA-256 is kept with the sign-in's state, so the provider's answer works only in that browser
 * (no one can make another person's browser finish a sign-in they started).
 */
function browserBinding(req: Request, res: Response): string {
  const existing = req.headers.cookie ? parse(req.headers.cookie)[OIDC_BROWSER_COOKIE] : undefined;
  const value = existing && BROWSER_COOKIE_PATTERN.test(existing) ? existing : randomBytes(32).toString('base64url');
  res.cookie(OIDC_BROWSER_COOKIE, value, {
    httpOnly: true,
    // Lax: the provider sends the browser back with a top-level GET, which carries it.
    sameSite: 'lax',
    secure: gatewayEnv().COOKIE_SECURE,
    path: CALLBACK_PATH,
    maxAge: OIDC_STATE_TTL_SECONDS * 1000,
  });
  return createHash('sha256').update(value).digest('hex');
}

function boundBrowser(req: Request): string {
  const value = req.headers.cookie ? parse(req.headers.cookie)[OIDC_BROWSER_COOKIE] : undefined;
  return createHash('sha256').update(value ?? '').digest('hex');
}

/** The landing page's fragment: never sent to a server, so never in a log or a Referer. */
const landing = (fragment: Record<string, string>) => `${OIDC_LANDING_PATH}#${new URLSearchParams(fragment).toString()}`;

function errorCodeOf(error: unknown): string {
  if (!(error instanceof RpcCallError)) throw error;
  const codes = Object.values(OidcErrorCode) as string[];
  if (codes.includes(error.body.code)) return error.body.code;
  // A ban or a suspension (or a guest linking): refused, whatever the provider said.
  if (error.body.status === 403) return OidcErrorCode.Refused;
  return OidcErrorCode.Failed;
}

/** Sign-in with OpenID Connect providers (Google and the like), configured by OIDC_PROVIDERS. */
@ApiTags('auth')
@Controller('auth/oidc')
export class OidcController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly sessions: SessionService,
  ) {}

  @ApiOperation({ summary: 'The sign-in providers configured (id and the button\'s name), in the order OIDC_PROVIDERS names them; empty when none' })
  @Get('providers')
  providers(): Promise<OidcProviderDto[]> {
    return this.rpc.request(OidcPatterns.Providers, {});
  }

  @ApiOperation({
    summary: 'Starts a sign-in with a provider: the address of its sign-in page, where the page sends the browser',
    description:
      'Authorization code flow with PKCE (S256), state and nonce, kept 10 minutes and usable once, tied to this browser by the oidc_browser cookie set here. rememberMe: a session of 30 days, else one that ends with the browser; left out ("Sign in again", from Settings), the session this browser has keeps its own. 404 for a provider not configured.',
  })
  @Post(':provider/start')
  @HttpCode(200)
  start(@Param('provider') provider: string, @Body() dto: StartOidcDto, @Req() req: SessionRequest, @Res({ passthrough: true }) res: Response): Promise<OidcStartDto> {
    const browser = browserBinding(req, res);
    // The session this browser has: a start without rememberMe keeps its Remember me.
    const sessionKey = req.sessionToken ? hashToken(req.sessionToken) : undefined;
    return this.rpc.request(OidcPatterns.Start, { provider, rememberMe: dto.rememberMe, returnTo: dto.returnTo, redirectUri: callbackUri(provider), browser, sessionKey });
  }

  @ApiOperation({
    summary: 'Where the provider sends the browser back (code and state); always answers 302',
    description: [
      'To / (or /settings, when started with returnTo: settings) signed in (sid cookie set) when the identity is linked to an account, or the provider verified an address that an account here verified too (the identity is then linked to it);',
      `to ${OIDC_LANDING_PATH}#two-step=<challenge> (and &then=settings) when that account has two-step sign-in on (finish with POST /api/auth/login/two-step);`,
      `to ${OIDC_LANDING_PATH}#sign-up=<token>&provider=<id> for a new identity, to choose a username (POST /api/auth/oidc/sign-up);`,
      `to /settings#linked=<id> when a signed-in member linked the provider; to ${OIDC_LANDING_PATH}#error=<code> otherwise:`,
      'oidc_expired (unknown, used or expired state, or another browser), oidc_failed (the code exchange or the id token failed its checks), oidc_cancelled, oidc_taken (linked to another account), oidc_refused (banned or suspended).',
    ].join(' '),
  })
  @Get(':provider/callback')
  async callback(@Param('provider') provider: string, @Req() req: SessionRequest, @Res() res: Response): Promise<void> {
    const client = signInClient(req);
    res.clearCookie(OIDC_BROWSER_COOKIE, { path: CALLBACK_PATH });
    res.setHeader('Cache-Control', 'no-store');
    let location: string;
    try {
      const outcome = await this.rpc.request(OidcPatterns.Callback, {
        provider,
        callbackUrl: `${gatewayEnv().PUBLIC_ORIGIN}${req.originalUrl}`,
        browser: boundBrowser(req),
        client,
      });
      if (outcome.kind === 'session') {
        // The session the browser had before is ended, so a new sign-in never reuses an old id.
        if (req.sessionToken) await this.sessions.end(req.sessionToken).catch(() => undefined);
        setSessionCookie(res, outcome.issued.token, outcome.issued.cookieMaxAgeSeconds);
        setDeviceCookie(res, client.device);
        location = outcome.returnTo ? `/${outcome.returnTo}` : '/';
      } else if (outcome.kind === 'two-step') {
        location = landing({ 'two-step': outcome.challenge.challenge, ...(outcome.returnTo ? { then: outcome.returnTo } : {}) });
      } else if (outcome.kind === 'sign-up') {
        location = landing({ 'sign-up': outcome.token, provider: outcome.provider });
      } else {
        location = `/settings#${new URLSearchParams({ linked: outcome.provider }).toString()}`;
      }
    } catch (error) {
      location = landing({ error: errorCodeOf(error) });
    }
    res.redirect(302, location);
  }

  @ApiOperation({
    summary: 'Makes the account of a new provider identity, with the username chosen, and signs it in',
    description:
      'The token from the callback (15 minutes, once). The username follows the rules of sign-up: 400 with fields.username, 409 when taken (the token stays good for another name); 400 with fields.token when it expired or was used. The account has no password until one is set (Forgot password, from the address the provider verified).',
  })
  @Post('sign-up')
  async signUp(@Body() dto: CompleteOidcSignUpDto, @Req() req: SessionRequest, @Res({ passthrough: true }) res: Response): Promise<AuthResultDto> {
    const client = signInClient(req);
    const issued = await this.rpc.request(OidcPatterns.CompleteSignUp, { ...dto, client });
    if (req.sessionToken) await this.sessions.end(req.sessionToken).catch(() => undefined);
    setSessionCookie(res, issued.token, issued.cookieMaxAgeSeconds);
    setDeviceCookie(res, client.device);
    return { user: issued.user };
  }
}

/** The signed-in member's linked sign-in providers (Settings). */
@ApiTags('auth')
@ApiCookieAuth('sid')
@UseGuards(AuthGuard)
@Roles('user', 'vip', 'seller', 'moderator')
@Controller('users/me/identities')
export class IdentitiesController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiOperation({ summary: 'The sign-in providers linked to the account: provider, its name, the address it gave, when linked and last used' })
  @Get()
  list(@CurrentUser() user: UserDto): Promise<LinkedIdentityDto[]> {
    return this.rpc.request(OidcPatterns.Identities, { userId: user.id });
  }

  @ApiOperation({
    summary: 'Starts linking a provider to the account: the address of its sign-in page; the callback links it and lands on /settings#linked=<id>',
    description: '404 for a provider not configured; 409 when one of its identities is linked already; oidc_taken on the callback when that identity is another account\'s.',
  })
  @Post(':provider')
  @HttpCode(200)
  link(@Param('provider') provider: string, @CurrentUser() user: UserDto, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<OidcStartDto> {
    const browser = browserBinding(req, res);
    return this.rpc.request(OidcPatterns.Start, { provider, redirectUri: callbackUri(provider), browser, userId: user.id });
  }

  @ApiOperation({ summary: 'Unlinks a provider; 404 unknown, 403 another account\'s, 409 when it is the only way into the account (no password, no passkey, no other provider)' })
  @Delete(':id')
  unlink(@Param('id', ParseIdPipe) id: number, @CurrentUser() user: UserDto): Promise<{ ok: true }> {
    return this.rpc.request(OidcPatterns.Unlink, { userId: user.id, identityId: id });
  }
}
