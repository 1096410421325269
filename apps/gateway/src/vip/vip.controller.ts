import { Body, Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { GrantVipDto, ModerationReasonDto, VipPatterns, type UserDto, type VipChangeDto } from '@app/contracts';
import { RpcClient } from '@app/server';
import { actorOf } from '../common/actor';
import { AuthGuard, CurrentUser, ModerationDesk } from '../common/auth.guards';
import { ParseIdPipe } from '../common/id.pipe';

/** VIP periods moderators grant and revoke (auth-svc checks the role from its own records). */
@ApiTags('moderation')
@ApiCookieAuth('sid')
@UseGuards(AuthGuard)
@ModerationDesk()
@Controller('moderation')
export class VipController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiOperation({ summary: 'Grants VIP for a period (30 days unless days says otherwise); it ends by itself at its date' })
  @Post('users/:id/vip')
  @HttpCode(200)
  grant(@Param('id', ParseIdPipe) id: number, @Body() body: GrantVipDto, @CurrentUser() user: UserDto): Promise<VipChangeDto> {
    return this.rpc.request(VipPatterns.Grant, { ...body, userId: id, actor: actorOf(user) });
  }

  @ApiOperation({ summary: 'Takes VIP away before its date' })
  @Delete('users/:id/vip')
  revoke(@Param('id', ParseIdPipe) id: number, @Body() body: ModerationReasonDto, @CurrentUser() user: UserDto): Promise<VipChangeDto> {
    return this.rpc.request(VipPatterns.Revoke, { ...body, userId: id, actor: actorOf(user) });
  }

  @ApiOperation({ summary: "One account's VIP grants, revokes and expiries, newest first" })
  @Get('users/:id/vip')
  accountHistory(@Param('id', ParseIdPipe) id: number, @CurrentUser() user: UserDto): Promise<VipChangeDto[]> {
    return this.rpc.request(VipPatterns.History, { userId: id, actor: actorOf(user) });
  }

  @ApiOperation({ summary: 'The latest VIP grants, revokes and expiries of everyone, newest first' })
  @Get('vip')
  history(@CurrentUser() user: UserDto): Promise<VipChangeDto[]> {
    return this.rpc.request(VipPatterns.History, { actor: actorOf(user) });
  }
}
