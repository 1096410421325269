import { Body, Controller, Get, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ConfirmTwoStepDto,
  DisableTwoStepDto,
  TwoStepCodeDto,
  TwoStepPatterns,
  type RecoveryCodesDto,
  type TwoStepSetupDto,
  type TwoStepStatusDto,
  type UserDto,
} from '@app/contracts';
import { RpcClient } from '@app/server';
import { AuthGuard, clientIp, CurrentUser, Roles, sessionKey } from '../common/auth.guards';
import type { SessionRequest } from '../common/session.middleware';
import { SessionService } from '../common/session.service';

/** Two-step sign-in with an authenticator app, for the signed-in member (Settings). */
@ApiTags('auth')
@ApiCookieAuth('sid')
@UseGuards(AuthGuard)
@Roles('user', 'vip', 'seller', 'moderator')
@Controller('users/me/two-step')
export class TwoStepController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly sessions: SessionService,
  ) {}

  @ApiOperation({ summary: 'Whether two-step sign-in is on, and how many recovery codes are left' })
  @Get()
  status(@CurrentUser() user: UserDto): Promise<TwoStepStatusDto> {
    return this.rpc.request(TwoStepPatterns.Status, { userId: user.id });
  }

  @ApiOperation({
    summary: 'Starts enrolment: a new secret as a QR code and as text, shown this once; nothing changes until confirmed. 409 when on',
    description: '403 when the account has a passkey and this session was opened with the password alone: sign in with the passkey first.',
  })
  @Post('setup')
  @HttpCode(200)
  start(@CurrentUser() user: UserDto, @Req() req: SessionRequest): Promise<TwoStepSetupDto> {
    return this.rpc.request(TwoStepPatterns.Start, { userId: user.id, sessionKey: sessionKey(req) });
  }

  @ApiOperation({ summary: 'Turns two-step sign-in on with a code from the app; answers ten recovery codes, shown this once' })
  @Post('confirm')
  @HttpCode(200)
  async confirm(@CurrentUser() user: UserDto, @Body() dto: ConfirmTwoStepDto, @Req() req: SessionRequest): Promise<RecoveryCodesDto> {
    const codes = await this.rpc.request(TwoStepPatterns.Confirm, { ...dto, userId: user.id, sessionKey: sessionKey(req) });
    // The next request through this gateway sees it on; other gateways hear auth-svc's event.
    this.sessions.invalidate(user.id);
    return codes;
  }

  @ApiOperation({ summary: 'Ten new recovery codes for a current code; the earlier ones stop working. Wrong codes count toward the sign-in lockout' })
  @Post('recovery-codes')
  @HttpCode(200)
  regenerate(@CurrentUser() user: UserDto, @Body() dto: TwoStepCodeDto, @Req() req: SessionRequest): Promise<RecoveryCodesDto> {
    return this.rpc.request(TwoStepPatterns.RegenerateRecoveryCodes, { ...dto, userId: user.id, client: { ip: clientIp(req) } });
  }

  @ApiOperation({
    summary: 'Turns two-step sign-in off with a current code (or a recovery code) and the password',
    description:
      'In place of the password: { passkey } (the answer to POST /api/users/me/passkeys/confirmation-options from this session) or { providerSignIn: true } when this session was opened with a sign-in provider within the last 10 minutes (else 403 fields.providerSignIn). ' +
      '400 with fields.password or fields.code; 403 fields.passkey for a passkey that is not this account\'s; 429 past the lockout.',
  })
  @Post('disable')
  @HttpCode(200)
  async disable(@CurrentUser() user: UserDto, @Body() dto: DisableTwoStepDto, @Req() req: SessionRequest): Promise<TwoStepStatusDto> {
    const status = await this.rpc.request(TwoStepPatterns.Disable, { ...dto, userId: user.id, sessionKey: sessionKey(req), client: { ip: clientIp(req) } });
    this.sessions.invalidate(user.id);
    return status;
  }
}
