import { Body, Controller, Get, Patch, Put, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  AuthPatterns,
  UpdateProfileDto,
  UpdateSettingsDto,
  type UserDto,
  type UserSettings,
} from '@app/contracts';
import { RpcClient } from '@app/server';
import { AuthGuard, CurrentUser } from '../common/auth.guards';

@ApiTags('users')
@ApiCookieAuth('sid')
@UseGuards(AuthGuard)
@Controller('users/me')
export class UsersController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiOperation({ summary: 'The signed-in user; 401 when signed out' })
  @Get()
  me(@CurrentUser() user: UserDto): Promise<UserDto> {
    // Read fresh: the session cache may be a few seconds older than the last profile change.
    return this.rpc.request(AuthPatterns.GetMe, { userId: user.id });
  }

  @ApiOperation({ summary: 'Changes username, bio or avatar (role and verification cannot be set; guests get 403 for bio and avatar)' })
  @Patch()
  update(@CurrentUser() user: UserDto, @Body() dto: UpdateProfileDto): Promise<UserDto> {
    return this.rpc.request(AuthPatterns.UpdateMe, { ...dto, userId: user.id });
  }

  @ApiOperation({ summary: 'The preferences saved for this account' })
  @Get('settings')
  async settings(@CurrentUser() user: UserDto): Promise<UserSettings> {
    const me = await this.rpc.request(AuthPatterns.GetMe, { userId: user.id });
    return me.settings;
  }

  @ApiOperation({ summary: 'Replaces the preferences saved for this account' })
  @Put('settings')
  saveSettings(@CurrentUser() user: UserDto, @Body() dto: UpdateSettingsDto): Promise<UserSettings> {
    return this.rpc.request(AuthPatterns.UpdateSettings, { ...dto, userId: user.id });
  }
}
