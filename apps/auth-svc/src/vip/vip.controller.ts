import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { GrantVipRequestDto, RevokeVipRequestDto, VipHistoryRequestDto, VipPatterns } from '@app/contracts';
import { VipService } from './vip.service';

@Controller()
export class VipController {
  constructor(private readonly vip: VipService) {}

  @MessagePattern(VipPatterns.Grant)
  grant(@Payload() dto: GrantVipRequestDto) {
    return this.vip.grant(dto);
  }

  @MessagePattern(VipPatterns.Revoke)
  revoke(@Payload() dto: RevokeVipRequestDto) {
    return this.vip.revoke(dto);
  }

  @MessagePattern(VipPatterns.History)
  history(@Payload() dto: VipHistoryRequestDto) {
    return this.vip.history(dto.actor, dto.userId);
  }
}
