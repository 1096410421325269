import { Module } from '@nestjs/common';
import { MessagesModule } from '../messages/messages.module';
import { RoomsModule } from '../rooms/rooms.module';
import { UsersModule } from '../users/users.module';
import { PresenceModule } from './presence.module';
import { RoomEntryController } from './room-entry.controller';
import { RoomEntryService } from './room-entry.service';

@Module({
  imports: [RoomsModule, MessagesModule, PresenceModule, UsersModule],
  controllers: [RoomEntryController],
  providers: [RoomEntryService],
})
export class RoomEntryModule {}
