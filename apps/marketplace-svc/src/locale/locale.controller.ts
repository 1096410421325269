import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { LocaleRequestDto, MarketplacePatterns, type LocaleDto } from '@app/contracts';
import { LocaleService } from './locale.service';

@Controller()
export class LocaleController {
  constructor(private readonly locale: LocaleService) {}

  @MessagePattern(MarketplacePatterns.ResolveLocale)
  resolve(@Payload() dto: LocaleRequestDto): Promise<LocaleDto> {
    return this.locale.resolve(dto.ip);
  }
}
