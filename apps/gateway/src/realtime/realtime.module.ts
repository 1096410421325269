import { Global, Module } from '@nestjs/common';
import { RealtimeGateway } from './realtime.gateway';
import { SocketRegistry } from './socket-registry';

@Global()
@Module({
  providers: [SocketRegistry, RealtimeGateway],
  exports: [SocketRegistry],
})
export class RealtimeModule {}
