import { Body, Controller, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  AuthPatterns,
  CheckUsernameDto,
  CompleteTwoStepLoginDto,
  GuestDto,
  LoginDto,
  LogoutDto,
  PasskeyPatterns,
  PasskeySignInDto,
  PasskeySignInOptionsDto,
  RegisterDto,
  TwoStepPatterns,
  VerifyCaptchaDto,
  type AuthResultDto,
  type CaptchaChallengeDto,
  type CaptchaTokenDto,
  type PasskeySignInChallengeDto,
  type SessionIssuedDto,
  type TwoStepChallengeDto,
  type UsernameAvailabilityDto,
} from '@app/contracts';
import { RpcClient } from '@app/server';
import type { Response } from 'express';
import { clientIp } from '../common/auth.guards';
import type { SessionRequest } from '../common/session.middleware';
import { SessionService } from '../common/session.service';
import { clientOf, setDeviceCookie, signInClient } from './device-cookie';
import { clearSessionCookie, setSessionCookie } from './session-cookie';

/** How an honest script answers the proof of work (ALTCHA's protocol), shown in the API document. */
const POW_PROTOCOL = [
  'Proof of work (ALTCHA, SHA-256): the question comes with pow = { algorithm, challenge, maxnumber, salt, signature }.',
  'Find the whole number n from 0 to maxnumber with hex(sha256(salt + n)) === challenge, and send pow as the base64 of',
  'the JSON { algorithm, challenge, number: n, salt, signature } beside challengeId and answer. A solution serves its one',
  'question and expires with it; a missing, wrong, expired or reused one is a 400 with fields.pow.',
].join(' ');

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly sessions: SessionService,
  ) {}

  @ApiOperation({
    summary: 'A new arithmetic question and the proof of work under it; the server keeps the answer. 429 with Retry-After past the per-address limit',
    description: POW_PROTOCOL,
  })
  @Get('captcha')
  captcha(@Req() req: SessionRequest, @Res({ passthrough: true }) res: Response): Promise<CaptchaChallengeDto> {
    res.setHeader('Cache-Control', 'no-store');
    return this.rpc.request(AuthPatterns.CreateCaptcha, { client: { ip: clientIp(req) } });
  }

  @ApiOperation({
    summary: 'Checks the typed answer (3 tries) and the proof of work, and answers a single-use token for captchaResponse',
    description: POW_PROTOCOL,
  })
  @Post('captcha/verify')
  @HttpCode(200)
  verifyCaptcha(@Body() dto: VerifyCaptchaDto): Promise<CaptchaTokenDto> {
    return this.rpc.request(AuthPatterns.VerifyCaptcha, dto);
  }

  @ApiOperation({ summary: 'Creates an account and signs it in; an email that has an account already is answered the same way' })
  @Post('register')
  async register(
    @Body() dto: RegisterDto,
    @Req() req: SessionRequest,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AuthResultDto> {
    const client = signInClient(req);
    const issued = await this.rpc.request(AuthPatterns.Register, { ...dto, client });
    return this.signIn(req, res, issued, client.device);
  }

  @ApiOperation({
    summary: 'Signs in by email or username (case-insensitive)',
    description: 'An account with two-step sign-in on gets no session yet: { twoStepRequired, challenge, expiresInSeconds }, for POST /api/auth/login/two-step.',
  })
  @Post('login')
  @HttpCode(200)
  async login(
    @Body() dto: LoginDto,
    @Req() req: SessionRequest,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AuthResultDto | TwoStepChallengeDto> {
    const client = signInClient(req);
    const answer = await this.rpc.request(AuthPatterns.Login, { ...dto, client });
    if ('twoStepRequired' in answer) return answer;
    return this.signIn(req, res, answer, client.device);
  }

  @ApiOperation({
    summary: 'The second step of a sign-in: the challenge and a code from the authenticator app (or a recovery code)',
    description: '400 with fields.code for a wrong or already used code, fields.challenge when the sign-in expired (5 minutes) or was completed; 429 past the lockout.',
  })
  @Post('login/two-step')
  @HttpCode(200)
  async completeTwoStep(
    @Body() dto: CompleteTwoStepLoginDto,
    @Req() req: SessionRequest,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AuthResultDto> {
    const client = signInClient(req);
    const issued = await this.rpc.request(TwoStepPatterns.CompleteLogin, { ...dto, client });
    return this.signIn(req, res, issued, client.device);
  }

  @ApiOperation({
    summary: 'Starts a sign-in with a passkey: options for navigator.credentials.get() and the attempt they belong to (5 minutes, once)',
    description:
      'No password and no captcha. Passkeys are discoverable, so login (email or username) may be left out; when given, the passkey must be that account\'s. The answer is alike whether or not the login has an account. 429 with Retry-After past 30 a minute from one address.',
  })
  @Post('passkey/options')
  @HttpCode(200)
  passkeyOptions(@Body() dto: PasskeySignInOptionsDto, @Req() req: SessionRequest): Promise<PasskeySignInChallengeDto> {
    return this.rpc.request(PasskeyPatterns.SignInOptions, { ...dto, client: { ip: clientIp(req) } });
  }

  @ApiOperation({
    summary: 'Signs in with a passkey: the attempt and the browser\'s answer (AuthenticationResponseJSON)',
    description:
      '400 with fields.attempt when the attempt expired or was used, fields.response when the passkey is unknown, another account\'s or its answer cannot be verified (origin, RP ID, challenge, signature, user verification, a counter that did not grow); failures count toward the sign-in lockout (429). Two-step sign-in asks no code after a passkey.',
  })
  @Post('passkey')
  @HttpCode(200)
  async passkeySignIn(@Body() dto: PasskeySignInDto, @Req() req: SessionRequest, @Res({ passthrough: true }) res: Response): Promise<AuthResultDto> {
    const client = signInClient(req);
    const issued = await this.rpc.request(PasskeyPatterns.SignIn, { ...dto, client });
    return this.signIn(req, res, issued, client.device);
  }

  @ApiOperation({ summary: 'Enters as a guest (read-only), with a chosen or generated username' })
  @Post('guest')
  async guest(
    @Body() dto: GuestDto,
    @Req() req: SessionRequest,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AuthResultDto> {
    const issued = await this.rpc.request(AuthPatterns.CreateGuest, { ...dto, client: clientOf(req) });
    return this.signIn(req, res, issued);
  }

  @ApiOperation({ summary: 'Ends this session (with everywhere: true, every session of the account)' })
  @Post('logout')
  @HttpCode(200)
  async logout(
    @Body() dto: LogoutDto,
    @Req() req: SessionRequest,
    @Res({ passthrough: true }) res: Response,
  ): Promise<{ ok: true }> {
    if (req.sessionToken) {
      await this.sessions.end(req.sessionToken, { everywhere: !!dto.everywhere, userId: req.user?.id });
    }
    clearSessionCookie(res);
    return { ok: true };
  }

  @ApiOperation({ summary: 'Whether a username can be taken' })
  @Get('check-username')
  checkUsername(@Query() dto: CheckUsernameDto): Promise<UsernameAvailabilityDto> {
    return this.rpc.request(AuthPatterns.CheckUsername, dto);
  }

  /** The session the browser had before is ended, so a new sign-in never reuses an old id. */
  private async signIn(req: SessionRequest, res: Response, issued: SessionIssuedDto, device?: string): Promise<AuthResultDto> {
    if (req.sessionToken) await this.sessions.end(req.sessionToken).catch(() => undefined);
    setSessionCookie(res, issued.token, issued.cookieMaxAgeSeconds);
    if (device) setDeviceCookie(res, device);
    return { user: issued.user, ...(issued.deletionCancelled ? { deletionCancelled: true as const } : {}) };
  }
}
