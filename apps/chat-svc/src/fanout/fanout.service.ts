import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { chatRoomEventSubject, chatUserEventSubject, type RoomEventFrame, type UserEventFrame } from '@app/contracts';
import { connect, JSONCodec, type NatsConnection } from 'nats';
import { natsConnectionOptions } from '@app/server';
import { ChatEnv } from '../config/chat-env';

const codec = JSONCodec<unknown>();

/**
 * Publishes fan-out events as plain JSON on their subjects. Gateways subscribe to them without
 * a queue group, so every gateway holding a socket of the room gets each one.
 */
@Injectable()
export class FanoutService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(FanoutService.name);
  private nc?: NatsConnection;

  constructor(private readonly env: ChatEnv) {}

  async onModuleInit() {
    this.nc = await connect(natsConnectionOptions(this.env.NATS_URL, 'chat-svc-fanout'));
  }

  toRoom(roomId: number, frame: RoomEventFrame) {
    this.publish(chatRoomEventSubject(roomId), frame);
  }

  toUser(userId: number, frame: UserEventFrame) {
    this.publish(chatUserEventSubject(userId), frame);
  }

  async onApplicationShutdown() {
    await this.nc?.drain().catch(() => undefined);
  }

  private publish(subject: string, frame: unknown) {
    // A lost publish delays a message until the next one reveals the gap; it never loses it.
    try {
      this.nc?.publish(subject, codec.encode(frame));
    } catch (error) {
      this.logger.warn(`Publish to ${subject} failed: ${(error as Error).message}`);
    }
  }
}
