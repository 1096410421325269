import { Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { NotificationPatterns, NotificationsQueryDto, type NotificationPageDto, type UnreadNotificationsDto, type UserDto } from '@app/contracts';
import { RpcClient } from '@app/server';
import { actorOf } from '../common/actor';
import { AuthGuard, CurrentUser } from '../common/auth.guards';
import { ParseIdPipe } from '../common/id.pipe';

/**
 * The signed-in person's notifications, stored by chat-svc. New ones and read marks also
 * arrive live on the socket (notification, notifications_read), on every device.
 */
@ApiTags('notifications')
@ApiCookieAuth('sid')
@UseGuards(AuthGuard)
@Controller('notifications')
export class NotificationsController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiOperation({ summary: 'Your notifications, newest first; pass nextBefore as before for the next page' })
  @Get()
  list(@Query() query: NotificationsQueryDto, @CurrentUser() user: UserDto): Promise<NotificationPageDto> {
    return this.rpc.request(NotificationPatterns.List, { ...query, actor: actorOf(user) });
  }

  @ApiOperation({ summary: 'How many are unread, in all and per private chat' })
  @Get('unread')
  unread(@CurrentUser() user: UserDto): Promise<UnreadNotificationsDto> {
    return this.rpc.request(NotificationPatterns.Unread, { actor: actorOf(user) });
  }

  @ApiOperation({ summary: 'Marks every notification read' })
  @Post('read-all')
  @HttpCode(200)
  markAllRead(@CurrentUser() user: UserDto): Promise<UnreadNotificationsDto> {
    return this.rpc.request(NotificationPatterns.MarkAllRead, { actor: actorOf(user) });
  }

  @ApiOperation({ summary: "Marks one notification read; 404 when there is none, 403 when it is someone else's" })
  @Post(':id/read')
  @HttpCode(200)
  markRead(@Param('id', ParseIdPipe) id: number, @CurrentUser() user: UserDto): Promise<UnreadNotificationsDto> {
    return this.rpc.request(NotificationPatterns.MarkRead, { notificationId: id, actor: actorOf(user) });
  }
}
