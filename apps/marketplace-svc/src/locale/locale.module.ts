import { Module } from '@nestjs/common';
import { FxRateService } from './fx-rate.service';
import { LocaleController } from './locale.controller';
import { LocaleService } from './locale.service';

@Module({
  controllers: [LocaleController],
  providers: [FxRateService, LocaleService],
  exports: [LocaleService],
})
export class LocaleModule {}
