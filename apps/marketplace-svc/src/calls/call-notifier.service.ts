import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import {
  CallEvents,
  callUserSubject,
  type CallEndedEvent,
  type CallUserFrame,
  type SellerStatusChangedEvent,
} from '@app/contracts';
import { natsConnectionOptions, RpcClient } from '@app/server';
import { connect, JSONCodec, type NatsConnection } from 'nats';
import { MarketplaceEnv } from '../config/marketplace-env';
import type { Seller } from '../sellers/seller.entity';

const codec = JSONCodec<unknown>();

/**
 * Tells the participants' sockets, wherever they are, what happened to a call (plain JSON on
 * their user subjects, which every gateway holding one of their sockets subscribes to), and
 * everyone else through events. Called after the change is committed.
 */
@Injectable()
export class CallNotifier implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(CallNotifier.name);
  private nc?: NatsConnection;

  constructor(
    private readonly rpc: RpcClient,
    private readonly env: MarketplaceEnv,
  ) {}

  async onModuleInit() {
    this.nc = await connect(natsConnectionOptions(this.env.NATS_URL, 'marketplace-svc-calls'));
  }

  async onApplicationShutdown() {
    await this.nc?.drain().catch(() => undefined);
  }

  toUsers(userIds: number[], frame: CallUserFrame) {
    const data = codec.encode(frame);
    for (const userId of userIds) {
      // A lost frame is repaired by the next heartbeat's answer or GET /api/calls/current.
      try {
        this.nc?.publish(callUserSubject(userId), data);
      } catch (error) {
        this.logger.warn(`Publish of ${frame.type} to user ${userId} failed: ${(error as Error).message}`);
      }
    }
  }

  sellerStatus(seller: Seller): Promise<void> {
    return this.emit(CallEvents.SellerStatusChanged, {
      sellerId: seller.id,
      userId: seller.userId,
      isBusy: seller.isBusy,
      acceptsCalls: seller.acceptsCalls,
      availability: seller.availability,
    } satisfies SellerStatusChangedEvent);
  }

  callEnded(event: CallEndedEvent): Promise<void> {
    return this.emit(CallEvents.CallEnded, event);
  }

  private async emit(event: string, data: unknown) {
    try {
      await this.rpc.emit(event, data);
    } catch (error) {
      this.logger.warn(`Event ${event} was not published: ${(error as Error).message}`);
    }
  }
}
