import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ChatPatterns, PinRequestDto, RoomRequestDto } from '@app/contracts';
import { PinsService } from './pins.service';

@Controller()
export class PinsController {
  constructor(private readonly pins: PinsService) {}

  @MessagePattern(ChatPatterns.PinMessage)
  pin(@Payload() dto: PinRequestDto) {
    return this.pins.pin(dto, true);
  }

  @MessagePattern(ChatPatterns.UnpinMessage)
  unpin(@Payload() dto: PinRequestDto) {
    return this.pins.pin(dto, false);
  }

  @MessagePattern(ChatPatterns.ListPins)
  list(@Payload() dto: RoomRequestDto) {
    return this.pins.list(dto);
  }
}
