import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  AccountRequestDto,
  ApplySanctionRequestDto,
  LiftAccountSanctionRequestDto,
  SanctionPatterns,
  SearchAccountsRequestDto,
} from '@app/contracts';
import { SanctionsService } from './sanctions.service';

@Controller()
export class SanctionsController {
  constructor(private readonly sanctions: SanctionsService) {}

  @MessagePattern(SanctionPatterns.Apply)
  apply(@Payload() dto: ApplySanctionRequestDto) {
    return this.sanctions.apply(dto);
  }

  @MessagePattern(SanctionPatterns.Lift)
  lift(@Payload() dto: LiftAccountSanctionRequestDto) {
    return this.sanctions.lift(dto);
  }

  @MessagePattern(SanctionPatterns.SearchAccounts)
  search(@Payload() dto: SearchAccountsRequestDto) {
    return this.sanctions.search(dto.actor, dto.q);
  }

  @MessagePattern(SanctionPatterns.GetAccount)
  account(@Payload() dto: AccountRequestDto) {
    return this.sanctions.account(dto.actor, dto.userId);
  }
}
