import { Module } from '@nestjs/common';
import { CaptchaController } from './captcha.controller';
import { CaptchaService } from './captcha.service';
import { ProofOfWork } from './proof-of-work';

@Module({
  controllers: [CaptchaController],
  providers: [CaptchaService, ProofOfWork],
  exports: [CaptchaService],
})
export class CaptchaModule {}
