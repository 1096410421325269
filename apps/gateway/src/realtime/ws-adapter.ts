import { WsAdapter } from '@nestjs/platform-ws';
import type { MessageMappingProperties } from '@nestjs/websockets';
import type { Observable } from 'rxjs';
import type { WebSocket } from 'ws';

/**
 * Nest's ws adapter, without the per-socket message pipeline when no @SubscribeMessage handler
 * exists: the gateway reads frames itself (RealtimeGateway), and Nest would otherwise give every
 * socket two rxjs streams and listeners of its own and parse each frame a second time.
 */
export class FrameWsAdapter extends WsAdapter {
  override bindMessageHandlers(client: WebSocket, handlers: MessageMappingProperties[], transform: (data: unknown) => Observable<unknown>) {
    if (handlers.length === 0) return;
    super.bindMessageHandlers(client, handlers, transform);
  }
}
