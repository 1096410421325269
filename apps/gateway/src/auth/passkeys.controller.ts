import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Req, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  PasskeyPatterns,
  RegisterPasskeyDto,
  RenamePasskeyDto,
  type PasskeyDto,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type UserDto,
} from '@app/contracts';
import { RpcClient } from '@app/server';
import { AuthGuard, CurrentUser, Roles, sessionKey } from '../common/auth.guards';
import { ParseIdPipe } from '../common/id.pipe';
import type { SessionRequest } from '../common/session.middleware';
import { SessionService } from '../common/session.service';

/** The signed-in member's passkeys (Settings). */
@ApiTags('auth')
@ApiCookieAuth('sid')
@UseGuards(AuthGuard)
@Roles('user', 'vip', 'seller', 'moderator')
@Controller('users/me/passkeys')
export class PasskeysController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly sessions: SessionService,
  ) {}

  @ApiOperation({ summary: 'The passkeys of the account: name, when added, when last used' })
  @Get()
  list(@CurrentUser() user: UserDto): Promise<PasskeyDto[]> {
    return this.rpc.request(PasskeyPatterns.List, { userId: user.id });
  }

  @ApiOperation({
    summary: 'Options for navigator.credentials.create(): a challenge for this session, valid 5 minutes and once',
    description:
      'Discoverable credentials with user verification; the account\'s passkeys are excluded. 403 when the account has a second factor (two-step sign-in or a passkey) and this session was opened with the password alone; 409 past 20 passkeys.',
  })
  @Post('registration-options')
  @HttpCode(200)
  registrationOptions(@CurrentUser() user: UserDto, @Req() req: SessionRequest): Promise<PublicKeyCredentialCreationOptionsJSON> {
    return this.rpc.request(PasskeyPatterns.RegistrationOptions, { userId: user.id, sessionKey: sessionKey(req) });
  }

  @ApiOperation({
    summary: 'Options for navigator.credentials.get() that confirm it is the account\'s owner (deleting the account, turning two-step sign-in off)',
    description: 'Only the account\'s passkeys, with user verification; the challenge is bound to this session, valid 5 minutes and once. 409 when the account has no passkey.',
  })
  @Post('confirmation-options')
  @HttpCode(200)
  confirmationOptions(@CurrentUser() user: UserDto, @Req() req: SessionRequest): Promise<PublicKeyCredentialRequestOptionsJSON> {
    return this.rpc.request(PasskeyPatterns.ConfirmationOptions, { userId: user.id, sessionKey: sessionKey(req) });
  }

  @ApiOperation({
    summary: 'Adds a passkey: its name and the browser\'s answer (RegistrationResponseJSON) to the options of this session',
    description: '400 with fields.response when the answer cannot be verified (origin, RP ID, challenge, user verification) or its challenge expired or was used; 409 when registered already.',
  })
  @Post()
  async register(@CurrentUser() user: UserDto, @Body() dto: RegisterPasskeyDto, @Req() req: SessionRequest): Promise<PasskeyDto> {
    const passkey = await this.rpc.request(PasskeyPatterns.Register, { ...dto, userId: user.id, sessionKey: sessionKey(req) });
    // The next request through this gateway sees the account's passkey; other gateways hear auth-svc's event.
    this.sessions.invalidate(user.id);
    return passkey;
  }

  @ApiOperation({ summary: 'Renames a passkey; 404 unknown, 403 another account\'s' })
  @Patch(':id')
  rename(@Param('id', ParseIdPipe) id: number, @CurrentUser() user: UserDto, @Body() dto: RenamePasskeyDto): Promise<PasskeyDto> {
    return this.rpc.request(PasskeyPatterns.Rename, { ...dto, userId: user.id, passkeyId: id });
  }

  @ApiOperation({
    summary: 'Removes a passkey; 404 unknown, 403 another account\'s, 409 when it is the only way into the account',
    description: '403 too for the account\'s last second factor (no other passkey, no two-step sign-in) from a session opened with the password alone.',
  })
  @Delete(':id')
  async remove(@Param('id', ParseIdPipe) id: number, @CurrentUser() user: UserDto, @Req() req: SessionRequest): Promise<{ ok: true }> {
    const removed = await this.rpc.request(PasskeyPatterns.Remove, { userId: user.id, passkeyId: id, sessionKey: sessionKey(req) });
    this.sessions.invalidate(user.id);
    return removed;
  }
}
