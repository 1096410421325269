import { Body, Controller, Delete, HttpCode, Param, Patch, Put, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ChatPatterns, EditMessageDto, type MessageDto, type PinnedMessageDto, type ReactionDto, type UserDto } from '@app/contracts';
import { RpcClient } from '@app/server';
import { AuthGuard, CurrentUser } from '../common/auth.guards';
import { actorOf } from '../common/actor';
import { ParseIdPipe } from '../common/id.pipe';

/** One's own messages after they were sent: edit (15 minutes), delete and remove a link preview. chat-svc enforces the rules. */
@ApiTags('messages')
@ApiCookieAuth()
@UseGuards(AuthGuard)
@Controller('messages')
export class MessagesController {
  constructor(private readonly rpc: RpcClient) {}

  @Patch(':id')
  @ApiOperation({ summary: 'Edit one of your text messages within 15 minutes of sending it; the room sees message_edited' })
  edit(@Param('id', ParseIdPipe) id: number, @Body() body: EditMessageDto, @CurrentUser() user: UserDto): Promise<MessageDto> {
    return this.rpc.request(ChatPatterns.EditMessage, { content: body.content, messageId: id, actor: actorOf(user) });
  }

  @Put(':id/reactions/:emoji')
  @ApiOperation({ summary: 'Add your reaction (one emoji) to a message of a room you can write in; answers its reactions, the room sees reactions_changed' })
  react(@Param('id', ParseIdPipe) id: number, @Param('emoji') emoji: string, @CurrentUser() user: UserDto): Promise<ReactionDto[]> {
    return this.rpc.request(ChatPatterns.React, { messageId: id, emoji, actor: actorOf(user) });
  }

  @Delete(':id/reactions/:emoji')
  @ApiOperation({ summary: 'Take your reaction back; answers the message’s reactions' })
  unreact(@Param('id', ParseIdPipe) id: number, @Param('emoji') emoji: string, @CurrentUser() user: UserDto): Promise<ReactionDto[]> {
    return this.rpc.request(ChatPatterns.Unreact, { messageId: id, emoji, actor: actorOf(user) });
  }

  @Put(':id/pin')
  @ApiOperation({ summary: "Pin a message of a public room (its owner and moderators, at most 10); answers the room's pins, the room sees pins_changed" })
  pin(@Param('id', ParseIdPipe) id: number, @CurrentUser() user: UserDto): Promise<PinnedMessageDto[]> {
    return this.rpc.request(ChatPatterns.PinMessage, { messageId: id, actor: actorOf(user) });
  }

  @Delete(':id/pin')
  @ApiOperation({ summary: "Unpin a message; answers the room's pins, the room sees pins_changed" })
  unpin(@Param('id', ParseIdPipe) id: number, @CurrentUser() user: UserDto): Promise<PinnedMessageDto[]> {
    return this.rpc.request(ChatPatterns.UnpinMessage, { messageId: id, actor: actorOf(user) });
  }

  @Delete(':id/preview')
  @HttpCode(200)
  @ApiOperation({ summary: 'Remove the link preview of one of your messages, for good; the room sees link_preview with preview null' })
  removePreview(@Param('id', ParseIdPipe) id: number, @CurrentUser() user: UserDto): Promise<{ ok: true }> {
    return this.rpc.request(ChatPatterns.RemoveLinkPreview, { messageId: id, actor: actorOf(user) });
  }

  @Delete(':id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete one of your messages; the room sees message_deleted with removedBy "sender"' })
  delete(@Param('id', ParseIdPipe) id: number, @CurrentUser() user: UserDto): Promise<{ ok: true }> {
    return this.rpc.request(ChatPatterns.DeleteMessage, { messageId: id, actor: actorOf(user) });
  }
}
