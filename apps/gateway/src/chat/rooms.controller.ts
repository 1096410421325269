import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiTags } from '@nestjs/swagger';
import {
  ChatPatterns,
  CreateRoomDto,
  ErrorCode,
  fieldMessage,
  MarketplacePatterns,
  MessagesQueryDto,
  PublicRoomsQueryDto,
  SendMessageDto,
  StartPrivateChatDto,
  type MessageDto,
  type PinnedMessageDto,
  type PrivateChatSummaryDto,
  type RoomDto,
  type UserDto,
} from '@app/contracts';
import { RpcCallError, RpcClient } from '@app/server';
import { AuthGuard, CurrentUser, OptionalUser } from '../common/auth.guards';
import { actorOf } from '../common/actor';
import { refusal } from '../common/http-exception.filter';
import { ParseIdPipe } from '../common/id.pipe';

interface SellerRef {
  id: number;
  userId: number;
  displayName?: string;
}

/** The spec's /api/rooms calls. chat-svc enforces every rule; this maps HTTP to its patterns. */
@ApiTags('rooms')
@Controller('rooms')
export class RoomsController {
  constructor(private readonly rpc: RpcClient) {}

  /** Public rooms (type=public), with q (name or description) and category, each with its real online count. */
  @Get()
  list(@Query() query: PublicRoomsQueryDto): Promise<RoomDto[]> {
    return this.rpc.request(ChatPatterns.ListPublicRooms, { q: query.q, category: query.category });
  }

  /** Creates a public room (vip, seller, moderator). */
  @Post()
  @ApiCookieAuth()
  @UseGuards(AuthGuard)
  create(@Body() body: CreateRoomDto, @CurrentUser() user: UserDto): Promise<RoomDto> {
    return this.rpc.request(ChatPatterns.CreateRoom, { ...body, actor: actorOf(user) });
  }

  /** Starts (or finds) a private chat: userId + originRoomId from a public room, or sellerId from the marketplace. */
  @Post('private')
  @ApiCookieAuth()
  @UseGuards(AuthGuard)
  async startPrivate(@Body() body: StartPrivateChatDto, @CurrentUser() user: UserDto): Promise<RoomDto> {
    const actor = actorOf(user);
    if (body.sellerId !== undefined) {
      const seller = await this.seller(body.sellerId);
      return this.rpc.request(ChatPatterns.StartPrivateChat, {
        actor,
        otherUserId: seller.userId,
        sellerId: seller.id,
        ...(seller.displayName ? { sellerName: seller.displayName.slice(0, 100) } : {}),
      });
    }
    // StartPrivateChatDto requires userId whenever sellerId is absent.
    const otherUserId = body.userId as number;
    return this.rpc.request(ChatPatterns.StartPrivateChat, { actor, otherUserId, originRoomId: body.originRoomId });
  }

  /** Every private chat of the signed-in user, newest activity first. */
  @Get('my-chats')
  @ApiCookieAuth()
  @UseGuards(AuthGuard)
  myChats(@CurrentUser() user: UserDto): Promise<PrivateChatSummaryDto[]> {
    return this.rpc.request(ChatPatterns.MyChats, { actor: actorOf(user) });
  }

  /** Private chats started from the marketplace. */
  @Get('marketplace-chats')
  @ApiCookieAuth()
  @UseGuards(AuthGuard)
  marketplaceChats(@CurrentUser() user: UserDto): Promise<PrivateChatSummaryDto[]> {
    return this.rpc.request(ChatPatterns.MarketplaceChats, { actor: actorOf(user) });
  }

  @Get(':id')
  get(@Param('id', ParseIdPipe) id: number, @OptionalUser() user: UserDto | null): Promise<RoomDto> {
    return this.rpc.request(ChatPatterns.GetRoom, { roomId: id, ...(user ? { actor: actorOf(user) } : {}) });
  }

  /** History, oldest first: the newest page, or before/after a message id, or after a sequence number. */
  @Get(':id/messages')
  messages(@Param('id', ParseIdPipe) id: number, @Query() query: MessagesQueryDto, @OptionalUser() user: UserDto | null): Promise<MessageDto[]> {
    return this.rpc.request(ChatPatterns.ListMessages, { ...query, roomId: id, ...(user ? { actor: actorOf(user) } : {}) });
  }

  /** The room's pinned messages, newest first. */
  @Get(':id/pins')
  pins(@Param('id', ParseIdPipe) id: number, @OptionalUser() user: UserDto | null): Promise<PinnedMessageDto[]> {
    return this.rpc.request(ChatPatterns.ListPins, { roomId: id, ...(user ? { actor: actorOf(user) } : {}) });
  }

  @Post(':id/messages')
  @HttpCode(201)
  @ApiCookieAuth()
  @UseGuards(AuthGuard)
  send(@Param('id', ParseIdPipe) id: number, @Body() body: SendMessageDto, @CurrentUser() user: UserDto): Promise<MessageDto> {
    return this.rpc.request(ChatPatterns.SendMessage, { ...body, roomId: id, actor: actorOf(user) });
  }

  /** The signed-in user's private chats started from this public room. */
  @Get(':id/private-chats')
  @ApiCookieAuth()
  @UseGuards(AuthGuard)
  privateChats(@Param('id', ParseIdPipe) id: number, @CurrentUser() user: UserDto): Promise<PrivateChatSummaryDto[]> {
    return this.rpc.request(ChatPatterns.PrivateChatsFromRoom, { roomId: id, actor: actorOf(user) });
  }

  /** Deletes a private chat for the one who asks (moderators may delete public rooms). */
  @Delete(':id')
  @ApiCookieAuth()
  @UseGuards(AuthGuard)
  remove(@Param('id', ParseIdPipe) id: number, @CurrentUser() user: UserDto): Promise<{ ok: true }> {
    return this.rpc.request(ChatPatterns.DeleteRoom, { roomId: id, actor: actorOf(user) });
  }

  private async seller(id: number): Promise<SellerRef> {
    const seller = await this.rpc.request(MarketplacePatterns.GetSeller, { id }).catch((error: unknown) => {
      if (error instanceof RpcCallError && error.body.status === 404) return null;
      throw error;
    });
    if (!seller?.userId) throw refusal(404, ErrorCode.NotFound, fieldMessage('seller_not_found'));
    return seller;
  }
}
