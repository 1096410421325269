import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { VipClock } from './vip-clock';
import { VipController } from './vip.controller';
import { VipService } from './vip.service';
import { VipSweeper } from './vip-sweeper';

/** VIP periods granted and revoked by moderators, ended at their date, with their audit list. */
@Module({
  imports: [UsersModule],
  controllers: [VipController],
  providers: [VipService, VipClock, VipSweeper],
})
export class VipModule {}
