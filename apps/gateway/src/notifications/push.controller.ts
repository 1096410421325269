import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { PushPatterns, SubscribePushDto, type PushKeyDto, type PushSubscriptionDto, type UserDto } from '@app/contracts';
import { RpcClient } from '@app/server';
import { actorOf } from '../common/actor';
import { AuthGuard, CurrentUser } from '../common/auth.guards';
import { ParseIdPipe } from '../common/id.pipe';

/**
 * The signed-in person's devices for Web Push (owned by chat-svc). A browser subscribes with
 * the VAPID key from /push/key and posts its PushSubscription here.
 */
@ApiTags('notifications')
@ApiCookieAuth('sid')
@UseGuards(AuthGuard)
@Controller('push')
export class PushController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiOperation({ summary: 'The VAPID public key to subscribe with (applicationServerKey); 503 when push is not set up' })
  @Get('key')
  key(): Promise<PushKeyDto> {
    return this.rpc.request(PushPatterns.Key, {});
  }

  @ApiOperation({ summary: 'Your devices that receive push notifications, most recently used first' })
  @Get('subscriptions')
  list(@CurrentUser() user: UserDto): Promise<PushSubscriptionDto[]> {
    return this.rpc.request(PushPatterns.List, { actor: actorOf(user) });
  }

  @ApiOperation({ summary: "Subscribes this device (the body is the browser's PushSubscription.toJSON()); the same endpoint again updates it" })
  @Post('subscriptions')
  @HttpCode(200)
  subscribe(@Body() dto: SubscribePushDto, @Headers('user-agent') userAgent: string | undefined, @CurrentUser() user: UserDto): Promise<PushSubscriptionDto> {
    return this.rpc.request(PushPatterns.Subscribe, { ...dto, userAgent: userAgent?.slice(0, 512), actor: actorOf(user) });
  }

  @ApiOperation({ summary: "Stops push to one of your devices; 404 when there is none, 403 when it is someone else's" })
  @Delete('subscriptions/:id')
  remove(@Param('id', ParseIdPipe) id: number, @CurrentUser() user: UserDto): Promise<{ ok: true }> {
    return this.rpc.request(PushPatterns.Remove, { subscriptionId: id, actor: actorOf(user) });
  }
}
