import { Global, Module } from '@nestjs/common';
import { ChatFramesService } from './chat-frames.service';
import { RealtimeGateway } from './realtime.gateway';
import { RoomFanoutService } from './room-fanout.service';
import { SocketRegistry } from './socket-registry';

@Global()
@Module({
  providers: [SocketRegistry, RealtimeGateway, RoomFanoutService, ChatFramesService],
  exports: [SocketRegistry],
})
export class RealtimeModule {}
