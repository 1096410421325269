import { Global, Module } from '@nestjs/common';
import { FanoutService } from './fanout.service';

@Global()
@Module({ providers: [FanoutService], exports: [FanoutService] })
export class FanoutModule {}
