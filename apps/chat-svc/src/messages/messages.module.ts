import { Module } from '@nestjs/common';
import { BlocksModule } from '../blocks/blocks.module';
import { LimitsModule } from '../limits/limits.module';
import { LinkPreviewsModule } from '../link-previews/link-previews.module';
import { MentionsModule } from '../mentions/mentions.module';
import { MutesModule } from '../moderation/mutes.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { PresenceModule } from '../presence/presence.module';
import { RoomsModule } from '../rooms/rooms.module';
import { SafetyModule } from '../safety/safety.module';
import { UsersModule } from '../users/users.module';
import { MessagesController } from './messages.controller';
import { MessagesRepository } from './messages.repository';
import { MessagesService } from './messages.service';
import { ReactionsRepository } from './reactions.repository';
import { SocketSendsListener } from './socket-sends.listener';

@Module({
  imports: [BlocksModule, RoomsModule, LimitsModule, UsersModule, PresenceModule, SafetyModule, MutesModule, NotificationsModule, MentionsModule, LinkPreviewsModule],
  controllers: [MessagesController],
  providers: [MessagesRepository, ReactionsRepository, MessagesService, SocketSendsListener],
  exports: [MessagesService, MessagesRepository],
})
export class MessagesModule {}
