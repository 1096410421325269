import { Module } from '@nestjs/common';
import { BlocksModule } from '../blocks/blocks.module';
import { MessagesModule } from '../messages/messages.module';
import { ModerationModule } from '../moderation/moderation.module';
import { RoomsModule } from '../rooms/rooms.module';
import { UsersModule } from '../users/users.module';
import { PinsController } from './pins.controller';
import { PinsRepository } from './pins.repository';
import { PinsService } from './pins.service';

@Module({
  imports: [BlocksModule, MessagesModule, ModerationModule, RoomsModule, UsersModule],
  controllers: [PinsController],
  providers: [PinsRepository, PinsService],
})
export class PinsModule {}
