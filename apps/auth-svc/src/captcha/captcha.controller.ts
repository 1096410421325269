import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AuthPatterns, CaptchaRequestDto, VerifyCaptchaDto } from '@app/contracts';
import { CaptchaService } from './captcha.service';

@Controller()
export class CaptchaController {
  constructor(private readonly captcha: CaptchaService) {}

  @MessagePattern(AuthPatterns.CreateCaptcha)
  create(@Payload() dto: CaptchaRequestDto) {
    return this.captcha.create(dto.client.ip);
  }

  @MessagePattern(AuthPatterns.VerifyCaptcha)
  verify(@Payload() dto: VerifyCaptchaDto) {
    return this.captcha.verify(dto.challengeId, dto.answer, dto.pow);
  }
}
