import { Global, Module } from '@nestjs/common';
import { HiddenSenders } from '../blocks/hidden-senders';
import { ChatFramesService } from './chat-frames.service';
import { ConnectedSockets } from './connected-sockets.service';
import { FrameLimits } from './frame-limits';
import { RealtimeGateway } from './realtime.gateway';
import { RoomFanoutService } from './room-fanout.service';
import { SocketRegistry } from './socket-registry';
import { TypingFramesService } from './typing-frames.service';

@Global()
@Module({
  providers: [SocketRegistry, ConnectedSockets, RealtimeGateway, RoomFanoutService, ChatFramesService, TypingFramesService, HiddenSenders, FrameLimits],
  exports: [SocketRegistry, HiddenSenders],
})
export class RealtimeModule {}
