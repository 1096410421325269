import { Module } from '@nestjs/common';
import { SendLimitsService } from './send-limits.service';

@Module({ providers: [SendLimitsService], exports: [SendLimitsService] })
export class LimitsModule {}
