import { Body, Controller, Get, Patch, Put, Req, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { ApiCookieAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  AuthPatterns,
  UpdateLanguageDto,
  UpdateProfileDto,
  UpdateSettingsDto,
  type UserDto,
  type UserSettings,
} from '@app/contracts';
import { RpcClient } from '@app/server';
import { AuthGuard, CurrentUser, unauthenticated } from '../common/auth.guards';
import type { SessionRequest } from '../common/session.middleware';
import { clearSessionCookie } from '../auth/session-cookie';

@ApiTags('users')
@ApiCookieAuth('sid')
@Controller('users/me')
export class UsersController {
  constructor(private readonly rpc: RpcClient) {}

  /**
   * Every page asks who is there: a visitor, who sent no session, is told nobody (null) rather
   * than refused, so their browser's console stays clean; a session that ended is still a 401,
   * and its cookie goes with it, so the next page is a visitor's.
   */
  @ApiOperation({ summary: 'The signed-in user; null for a visitor without a session; 401 when the session sent has ended' })
  @Get()
  async me(@Req() req: SessionRequest, @Res({ passthrough: true }) res: Response): Promise<UserDto | null> {
    if (!req.user) {
      if (!req.sessionToken) return null;
      clearSessionCookie(res);
      throw unauthenticated();
    }
    // Read fresh: the session cache may be a few seconds older than the last profile change.
    const me = await this.rpc.request(AuthPatterns.GetMe, { userId: req.user.id });
    return { ...me, signedInWith: req.user.signedInWith, signedInAt: req.user.signedInAt };
  }

  @ApiOperation({ summary: 'Changes username, bio or avatar (role and verification cannot be set; guests get 403 for bio and avatar)' })
  @UseGuards(AuthGuard)
  @Patch()
  update(@CurrentUser() user: UserDto, @Body() dto: UpdateProfileDto): Promise<UserDto> {
    return this.rpc.request(AuthPatterns.UpdateMe, { ...dto, userId: user.id });
  }

  @ApiOperation({ summary: 'The preferences saved for this account' })
  @UseGuards(AuthGuard)
  @Get('settings')
  async settings(@CurrentUser() user: UserDto): Promise<UserSettings> {
    const me = await this.rpc.request(AuthPatterns.GetMe, { userId: user.id });
    return me.settings;
  }

  @ApiOperation({ summary: 'Replaces the preferences saved for this account' })
  @UseGuards(AuthGuard)
  @Put('settings')
  saveSettings(@CurrentUser() user: UserDto, @Body() dto: UpdateSettingsDto): Promise<UserSettings> {
    return this.rpc.request(AuthPatterns.UpdateSettings, { ...dto, userId: user.id });
  }

  @ApiOperation({ summary: 'Sets the language the product speaks to this person (400 for a language it does not speak)' })
  @UseGuards(AuthGuard)
  @Put('language')
  saveLanguage(@CurrentUser() user: UserDto, @Body() dto: UpdateLanguageDto): Promise<UpdateLanguageDto> {
    return this.rpc.request(AuthPatterns.UpdateLanguage, { ...dto, userId: user.id });
  }
}
