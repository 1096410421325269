import { Module } from '@nestjs/common';
import { ChatInfoController } from './chat-info.controller';
import { MessagesController } from './messages.controller';
import { RoomsController } from './rooms.controller';

@Module({ controllers: [RoomsController, MessagesController, ChatInfoController] })
export class ChatModule {}
