import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ForgotPasswordRequestDto, RecoveryPatterns, ResendVerificationDto, ResetPasswordDto, VerifyEmailDto } from '@app/contracts';
import { RecoveryService } from './recovery.service';

@Controller()
export class RecoveryController {
  constructor(private readonly recovery: RecoveryService) {}

  @MessagePattern(RecoveryPatterns.RequestPasswordReset)
  requestReset(@Payload() dto: ForgotPasswordRequestDto) {
    return this.recovery.requestPasswordReset(dto);
  }

  @MessagePattern(RecoveryPatterns.ResetPassword)
  reset(@Payload() dto: ResetPasswordDto) {
    return this.recovery.resetPassword(dto);
  }

  @MessagePattern(RecoveryPatterns.VerifyEmail)
  verify(@Payload() dto: VerifyEmailDto) {
    return this.recovery.verifyEmail(dto.token);
  }

  @MessagePattern(RecoveryPatterns.ResendVerification)
  resend(@Payload() dto: ResendVerificationDto) {
    return this.recovery.resendVerification(dto.userId);
  }
}
