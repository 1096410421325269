import { Module } from '@nestjs/common';
import { VipController } from './vip.controller';

@Module({ controllers: [VipController] })
export class VipModule {}
