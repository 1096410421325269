import { Body, Controller, Delete, Get, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ACCOUNT_DELETION_GRACE_DAYS, AccountDeletionPatterns, RequestAccountDeletionDto, type AccountDeletionStatusDto, type UserDto } from '@app/contracts';
import { RpcClient } from '@app/server';
import type { Response } from 'express';
import { clearSessionCookie } from '../auth/session-cookie';
import { AuthGuard, clientIp, CurrentUser, Roles, sessionKey } from '../common/auth.guards';
import type { SessionRequest } from '../common/session.middleware';
import { SessionService } from '../common/session.service';

/** Deleting my account (Settings → Delete account). Guests have none: 403. */
@ApiTags('users')
@ApiCookieAuth('sid')
@UseGuards(AuthGuard)
@Roles('user', 'vip', 'seller', 'moderator')
@Controller('users/me/deletion')
export class AccountDeletionController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly sessions: SessionService,
  ) {}

  @ApiOperation({
    summary: `Asks to delete my account: signs it out everywhere and erases it in ${ACCOUNT_DELETION_GRACE_DAYS} days unless I sign in before then (which cancels it)`,
    description:
      'Body { password, confirmation (my username), code (when two-step sign-in is on) }, or { passkey, confirmation } with passkey the answer to POST /api/users/me/passkeys/confirmation-options from this session (no code: the passkey verified its person), ' +
      'or { providerSignIn: true, confirmation, code? } when this session was opened with a sign-in provider within the last 10 minutes (else 403 fields.providerSignIn). ' +
      '202 with { state: scheduled, requestedAt, scheduledFor }; 400 with fields.confirmation, fields.code, fields.password (neither given) or fields.passkey (its challenge expired or was used); ' +
      '403 with fields.password for a wrong password or fields.passkey for a passkey that is not this account\'s or fails its checks (both counted toward the sign-in lockout, 429 past it); 409 `in_call` while I am in a call.',
  })
  @Post()
  @HttpCode(202)
  async request(
    @CurrentUser() user: UserDto,
    @Body() dto: RequestAccountDeletionDto,
    @Req() req: SessionRequest,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AccountDeletionStatusDto> {
    const status = await this.rpc.request(AccountDeletionPatterns.Request, { ...dto, userId: user.id, sessionKey: sessionKey(req), client: { ip: clientIp(req) } });
    // auth-svc ended every session; this browser's cookie goes too, and other gateways hear the event.
    this.sessions.invalidate(user.id);
    clearSessionCookie(res);
    return status;
  }

  @ApiOperation({ summary: 'Whether my account is scheduled for deletion, and when' })
  @Get()
  status(@CurrentUser() user: UserDto): Promise<AccountDeletionStatusDto> {
    return this.rpc.request(AccountDeletionPatterns.Status, { userId: user.id });
  }

  @ApiOperation({ summary: 'Cancels the deletion of my account (signing in cancels it too)' })
  @Delete()
  cancel(@CurrentUser() user: UserDto): Promise<AccountDeletionStatusDto> {
    return this.rpc.request(AccountDeletionPatterns.Cancel, { userId: user.id });
  }
}
