import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ConfirmTwoStepRequestDto, DisableTwoStepRequestDto, StartTwoStepRequestDto, TwoStepCodeRequestDto, TwoStepPatterns, UserIdDto } from '@app/contracts';
import { TwoStepService } from './two-step.service';

@Controller()
export class TwoStepController {
  constructor(private readonly twoStep: TwoStepService) {}

  @MessagePattern(TwoStepPatterns.Status)
  status(@Payload() dto: UserIdDto) {
    return this.twoStep.status(dto.userId);
  }

  @MessagePattern(TwoStepPatterns.Start)
  start(@Payload() dto: StartTwoStepRequestDto) {
    return this.twoStep.start(dto);
  }

  @MessagePattern(TwoStepPatterns.Confirm)
  confirm(@Payload() dto: ConfirmTwoStepRequestDto) {
    return this.twoStep.confirm(dto);
  }

  @MessagePattern(TwoStepPatterns.RegenerateRecoveryCodes)
  regenerate(@Payload() dto: TwoStepCodeRequestDto) {
    return this.twoStep.regenerateRecoveryCodes(dto);
  }

  @MessagePattern(TwoStepPatterns.Disable)
  disable(@Payload() dto: DisableTwoStepRequestDto) {
    return this.twoStep.disable(dto);
  }
}
