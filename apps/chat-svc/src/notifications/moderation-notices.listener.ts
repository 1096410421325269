import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { chatUserEventSubject, type UserEventFrame } from '@app/contracts';
import { connect, JSONCodec, type NatsConnection } from 'nats';
import { natsConnectionOptions } from '@app/server';
import { ChatEnv } from '../config/chat-env';
import { NotificationsService } from './notifications.service';

const codec = JSONCodec<UserEventFrame>();
const USER_EVENTS = chatUserEventSubject('*');
/** One replica of chat-svc takes each frame. */
const QUEUE = 'chat-svc-notifications';

/**
 * Moderators' notices reach a person as moderation_notice frames on their user subject; the
 * warnings and report outcomes among them become notifications too.
 */
@Injectable()
export class ModerationNoticesListener implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(ModerationNoticesListener.name);
  private nc?: NatsConnection;

  constructor(
    private readonly env: ChatEnv,
    private readonly notifications: NotificationsService,
  ) {}

  async onModuleInit() {
    this.nc = await connect(natsConnectionOptions(this.env.NATS_URL, 'chat-svc-notifications'));
    const sub = this.nc.subscribe(USER_EVENTS, { queue: QUEUE });
    void (async () => {
      for await (const msg of sub) {
        const frame = decode(msg.data);
        if (frame?.type !== 'moderation_notice') continue;
        const userId = Number(msg.subject.split('.')[2]);
        await this.notifications.moderationNotice(userId, frame.notice).catch((error: Error) => this.logger.warn(`Notice ${frame.notice.id}: ${error.message}`));
      }
    })();
  }

  async onApplicationShutdown() {
    await this.nc?.drain().catch(() => undefined);
  }
}

function decode(data: Uint8Array): UserEventFrame | null {
  try {
    return codec.decode(data);
  } catch {
    return null;
  }
}
