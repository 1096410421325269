import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AuthPatterns, VerifyCaptchaDto } from '@app/contracts';
import { CaptchaService } from './captcha.service';

@Controller()
export class CaptchaController {
  constructor(private readonly captcha: CaptchaService) {}

  @MessagePattern(AuthPatterns.CreateCaptcha)
  create() {
    return this.captcha.create();
  }

  @MessagePattern(AuthPatterns.VerifyCaptcha)
  verify(@Payload() dto: VerifyCaptchaDto) {
    return this.captcha.verify(dto.challengeId, dto.answer);
  }
}
