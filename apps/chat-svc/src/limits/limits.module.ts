import { Module } from '@nestjs/common';
import { Clock, SystemClock } from './clock';
import { SendLimitsService } from './send-limits.service';
import { WindowLimiter } from './window-limiter';

@Module({
  providers: [SendLimitsService, WindowLimiter, { provide: Clock, useClass: SystemClock }],
  exports: [SendLimitsService, WindowLimiter, Clock],
})
export class LimitsModule {}
