import { Module } from '@nestjs/common';
import { ServiceName } from '@app/contracts';
import { ServiceCoreModule } from '@app/server';
import { chatEnv } from './config/chat-env';
import { ChatExportModule } from './data-export/chat-export.controller';
import { ChatErasureModule } from './deletion/chat-erasure.controller';
import { FanoutModule } from './fanout/fanout.module';
import { Message } from './messages/message.entity';
import { MessagesModule } from './messages/messages.module';
import { migrations } from './migrations';
import { ModerationModule } from './moderation/moderation.module';
import { PinsModule } from './pins/pins.module';
import { NotificationsModule } from './notifications/notifications.module';
import { RoomEntryModule } from './presence/room-entry.module';
import { RoomParticipant } from './rooms/room-participant.entity';
import { Room } from './rooms/room.entity';
import { RoomsModule } from './rooms/rooms.module';
import { ReportsModule } from './reports/reports.module';
import { SearchModule } from './search/search.module';
import { UserBlock } from './blocks/user-block.entity';
import { BlocksModule } from './blocks/blocks.module';
import { ChatUser } from './users/chat-user.entity';
import { UsersModule } from './users/users.module';
import { PushSubscription } from './push/push-subscription.entity';

@Module({
  imports: [
    ServiceCoreModule.forRoot({
      service: ServiceName.Chat,
      env: chatEnv,
      databaseUrl: (env) => env.CHAT_DATABASE_URL,
      entities: [ChatUser, Room, RoomParticipant, Message, UserBlock, PushSubscription],
      migrations,
    }),
    FanoutModule,
    UsersModule,
    RoomsModule,
    MessagesModule,
    RoomEntryModule,
    ReportsModule,
    ModerationModule,
    PinsModule,
    BlocksModule,
    NotificationsModule,
    SearchModule,
    ChatExportModule,
    ChatErasureModule,
  ],
})
export class AppModule {}
