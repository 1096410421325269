import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AccountDeletionPatterns, RequestAccountDeletionRequestDto, UserIdDto } from '@app/contracts';
import { AccountDeletionService } from './account-deletion.service';

@Controller()
export class AccountDeletionController {
  constructor(private readonly deletion: AccountDeletionService) {}

  @MessagePattern(AccountDeletionPatterns.Request)
  request(@Payload() dto: RequestAccountDeletionRequestDto) {
    return this.deletion.request(dto);
  }

  @MessagePattern(AccountDeletionPatterns.Cancel)
  cancel(@Payload() { userId }: UserIdDto) {
    return this.deletion.cancel(userId);
  }

  @MessagePattern(AccountDeletionPatterns.Status)
  status(@Payload() { userId }: UserIdDto) {
    return this.deletion.status(userId);
  }
}
