import { Controller } from '@nestjs/common';
import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import { ActorRequestDto, AuthEvents, BlockBetweenDto, BlockPatterns, BlockRequestDto, type UserUpdatedEvent } from '@app/contracts';
import { BlocksService } from './blocks.service';

@Controller()
export class BlocksController {
  constructor(private readonly blocks: BlocksService) {}

  @MessagePattern(BlockPatterns.Block)
  block(@Payload() dto: BlockRequestDto) {
    return this.blocks.block(dto.actor, dto.userId);
  }

  @MessagePattern(BlockPatterns.Unblock)
  async unblock(@Payload() dto: BlockRequestDto) {
    await this.blocks.unblock(dto.actor, dto.userId);
    return { ok: true };
  }

  @MessagePattern(BlockPatterns.List)
  list(@Payload() dto: ActorRequestDto) {
    return this.blocks.list(dto.actor);
  }

  /** Heard beside the users read model (an event may have several handlers). */
  @EventPattern(AuthEvents.UserUpdated)
  onUserUpdated(@Payload() user: UserUpdatedEvent) {
    return this.blocks.roleChanged(user);
  }

  @MessagePattern(BlockPatterns.Between)
  between(@Payload() dto: BlockBetweenDto) {
    return this.blocks.between(dto.userA, dto.userB);
  }
}
