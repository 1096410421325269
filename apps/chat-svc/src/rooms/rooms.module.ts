import { Module } from '@nestjs/common';
import { LimitsModule } from '../limits/limits.module';
import { PresenceModule } from '../presence/presence.module';
import { SafetyModule } from '../safety/safety.module';
import { UsersModule } from '../users/users.module';
import { RoomArchiver } from './room-archiver.service';
import { RoomsController } from './rooms.controller';
import { RoomsRepository } from './rooms.repository';
import { RoomsService } from './rooms.service';

@Module({
  imports: [UsersModule, PresenceModule, SafetyModule, LimitsModule],
  controllers: [RoomsController],
  providers: [RoomsRepository, RoomsService, RoomArchiver],
  exports: [RoomsService],
})
export class RoomsModule {}
