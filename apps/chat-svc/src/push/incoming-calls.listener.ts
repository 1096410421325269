import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { callUserSubject, type CallUserFrame } from '@app/contracts';
import { natsConnectionOptions } from '@app/server';
import { connect, JSONCodec, type NatsConnection } from 'nats';
import { ChatEnv } from '../config/chat-env';
import { PushService } from './push.service';

const codec = JSONCodec<CallUserFrame>();
const CALL_FRAMES = callUserSubject('*');
/** One replica of chat-svc takes each frame. */
const QUEUE = 'chat-svc-push';

/**
 * A ringing call reaches the seller's open tabs on their user subject (marketplace-svc sends
 * it); the same frame rings their devices through Web Push, where no tab may be open at all.
 */
@Injectable()
export class IncomingCallsListener implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(IncomingCallsListener.name);
  private nc?: NatsConnection;

  constructor(
    private readonly env: ChatEnv,
    private readonly push: PushService,
  ) {}

  async onModuleInit() {
    this.nc = await connect(natsConnectionOptions(this.env.NATS_URL, 'chat-svc-push'));
    const sub = this.nc.subscribe(CALL_FRAMES, { queue: QUEUE });
    void (async () => {
      for await (const msg of sub) {
        const frame = decode(msg.data);
        if (frame?.type !== 'incoming_call') continue;
        const userId = Number(msg.subject.split('.')[1]);
        void this.push.incomingCall(userId, frame).catch((error: Error) => this.logger.warn(`Call ${frame.sessionId}: ${error.message}`));
      }
    })();
  }

  async onApplicationShutdown() {
    await this.nc?.drain().catch(() => undefined);
  }
}

function decode(data: Uint8Array): CallUserFrame | null {
  try {
    return codec.decode(data);
  } catch {
    return null;
  }
}
