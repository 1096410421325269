import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ChatPatterns, InstanceDto, JoinRoomRequestDto, JoinRoomsRequestDto, LeaveRoomRequestDto } from '@app/contracts';
import { PresenceSweeper } from './presence-sweeper.service';
import { PresenceService } from './presence.service';
import { RoomEntryService } from './room-entry.service';

@Controller()
export class RoomEntryController {
  constructor(
    private readonly entry: RoomEntryService,
    private readonly presence: PresenceService,
    private readonly sweeper: PresenceSweeper,
  ) {}

  @MessagePattern(ChatPatterns.JoinRoom)
  join(@Payload() dto: JoinRoomRequestDto) {
    return this.entry.join(dto);
  }

  @MessagePattern(ChatPatterns.JoinRooms)
  joinMany(@Payload() dto: JoinRoomsRequestDto) {
    return this.entry.joinMany(dto.joins);
  }

  @MessagePattern(ChatPatterns.LeaveRoom)
  async leave(@Payload() dto: LeaveRoomRequestDto) {
    await this.entry.leave(dto);
    return { ok: true };
  }

  @MessagePattern(ChatPatterns.Heartbeat)
  async heartbeat(@Payload() dto: InstanceDto) {
    await this.presence.heartbeat(dto.instance);
    return { ok: true };
  }

  @MessagePattern(ChatPatterns.DropInstance)
  async dropInstance(@Payload() dto: InstanceDto) {
    await this.sweeper.drainInstance(dto.instance);
    return { ok: true };
  }
}
