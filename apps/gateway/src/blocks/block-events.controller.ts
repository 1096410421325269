import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { BlockEvents, type BlockListChangedEvent } from '@app/contracts';
import { HiddenSenders } from './hidden-senders';

/** Every gateway hears a block list change (no queue group); the one holding the blocker's sockets applies it. */
@Controller()
export class BlockEventsController {
  constructor(private readonly hidden: HiddenSenders) {}

  @EventPattern(BlockEvents.Changed)
  onChanged(@Payload() event: BlockListChangedEvent) {
    this.hidden.changed(event);
  }
}
