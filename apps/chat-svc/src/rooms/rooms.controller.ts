import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ActorRequestDto,
  ChatPatterns,
  CreateRoomRequestDto,
  HasConversationDto,
  ListPublicRoomsRequestDto,
  PrivateChatsFromRoomRequestDto,
  RoomRequestDto,
  StartPrivateChatRequestDto,
} from '@app/contracts';
import { RpcErrors } from '@app/server';
import { RoomsService } from './rooms.service';

@Controller()
export class RoomsController {
  constructor(private readonly rooms: RoomsService) {}

  @MessagePattern(ChatPatterns.CreateRoom)
  create(@Payload() dto: CreateRoomRequestDto) {
    return this.rooms.create(dto);
  }

  @MessagePattern(ChatPatterns.ListPublicRooms)
  listPublic(@Payload() dto: ListPublicRoomsRequestDto) {
    return this.rooms.listPublic(dto.q, dto.category);
  }

  @MessagePattern(ChatPatterns.GetRoom)
  get(@Payload() dto: RoomRequestDto) {
    return this.rooms.get(dto.roomId, dto.actor);
  }

  @MessagePattern(ChatPatterns.DeleteRoom)
  async delete(@Payload() dto: RoomRequestDto) {
    if (!dto.actor) throw RpcErrors.unauthenticated();
    await this.rooms.delete(dto.roomId, dto.actor);
    return { ok: true };
  }

  @MessagePattern(ChatPatterns.StartPrivateChat)
  startPrivate(@Payload() dto: StartPrivateChatRequestDto) {
    return this.rooms.startPrivate(dto);
  }

  @MessagePattern(ChatPatterns.MyChats)
  myChats(@Payload() dto: ActorRequestDto) {
    return this.rooms.chatsOf(dto.actor);
  }

  @MessagePattern(ChatPatterns.MarketplaceChats)
  marketplaceChats(@Payload() dto: ActorRequestDto) {
    return this.rooms.chatsOf(dto.actor, { origin: 'marketplace' });
  }

  @MessagePattern(ChatPatterns.PrivateChatsFromRoom)
  privateChatsFromRoom(@Payload() dto: PrivateChatsFromRoomRequestDto) {
    return this.rooms.chatsFromRoom(dto.actor, dto.roomId);
  }

  @MessagePattern(ChatPatterns.HasConversation)
  async hasConversation(@Payload() dto: HasConversationDto) {
    return { exists: await this.rooms.hasConversation(dto.userA, dto.userB) };
  }
}
