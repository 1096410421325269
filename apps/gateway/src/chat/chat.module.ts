import { Module } from '@nestjs/common';
import { ChatInfoController } from './chat-info.controller';
import { RoomsController } from './rooms.controller';

@Module({ controllers: [RoomsController, ChatInfoController] })
export class ChatModule {}
