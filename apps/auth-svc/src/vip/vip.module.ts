import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { VipClock } from './vip-clock';
import { VipController } from './vip.controller';
import { VipRepository } from './vip.repository';
import { VipService } from './vip.service';
import { VipSweeper } from './vip-sweeper';

/** VIP periods granted and revoked by moderators, ended at their date, with their audit list. */
@Module({
  imports: [UsersModule],
  controllers: [VipController],
  providers: [VipService, VipRepository, VipClock, VipSweeper],
})
export class VipModule {}
