import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ActorRequestDto, PushPatterns, PushSubscriptionIdRequestDto, SubscribePushRequestDto } from '@app/contracts';
import { PushService } from './push.service';

/** A person's devices for Web Push, over NATS. */
@Controller()
export class PushController {
  constructor(private readonly push: PushService) {}

  @MessagePattern(PushPatterns.Key)
  key() {
    return this.push.key();
  }

  @MessagePattern(PushPatterns.Subscribe)
  subscribe(@Payload() dto: SubscribePushRequestDto) {
    return this.push.subscribe(dto);
  }

  @MessagePattern(PushPatterns.List)
  list(@Payload() dto: ActorRequestDto) {
    return this.push.list(dto.actor);
  }

  @MessagePattern(PushPatterns.Remove)
  remove(@Payload() dto: PushSubscriptionIdRequestDto) {
    return this.push.remove(dto.actor, dto.subscriptionId);
  }
}
