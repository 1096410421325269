import { Module } from '@nestjs/common';
import { Clock, SystemClock } from './clock';
import { SendLimitsService } from './send-limits.service';

@Module({ providers: [SendLimitsService, { provide: Clock, useClass: SystemClock }], exports: [SendLimitsService] })
export class LimitsModule {}
