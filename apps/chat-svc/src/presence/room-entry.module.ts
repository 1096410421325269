import { Module } from '@nestjs/common';
import { BlocksModule } from '../blocks/blocks.module';
import { MessagesModule } from '../messages/messages.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { RoomsModule } from '../rooms/rooms.module';
import { UsersModule } from '../users/users.module';
import { PresenceModule } from './presence.module';
import { RoomEntryController } from './room-entry.controller';
import { RoomEntryService } from './room-entry.service';

@Module({
  imports: [RoomsModule, MessagesModule, PresenceModule, UsersModule, BlocksModule, NotificationsModule],
  controllers: [RoomEntryController],
  providers: [RoomEntryService],
})
export class RoomEntryModule {}
