import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { NOTIFICATION_DIGEST_LISTED, NotificationEvents, type NotificationDigestDueEvent } from '@app/contracts';
import { RpcClient, runEvery } from '@app/server';
import { ChatEnv } from '../config/chat-env';
import { NotificationsRepository } from './notifications.repository';

/**
 * Every replica sweeps; the claim on each person's digest row makes each digest happen once
 * an hour at most, whichever replica takes it. auth-svc writes the mail (it owns the address
 * and the e-mail setting).
 */
@Injectable()
export class DigestSweeper implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(DigestSweeper.name);
  private stop?: () => void;

  constructor(
    private readonly env: ChatEnv,
    private readonly notifications: NotificationsRepository,
    private readonly rpc: RpcClient,
  ) {}

  onModuleInit() {
    this.stop = runEvery(this.env.NOTIFICATION_DIGEST_SWEEP_MS, () => this.sweep(), { logger: this.logger, what: 'Notification digests' });
  }

  onApplicationShutdown() {
    this.stop?.();
  }

  private async sweep() {
    const due = await this.notifications.claimDigests(this.env.NOTIFICATION_DIGEST_DELAY_SECONDS);
    for (const [userId, items] of due) {
      await this.rpc.emit(NotificationEvents.DigestDue, {
        userId,
        count: items.length,
        notifications: items.slice(0, NOTIFICATION_DIGEST_LISTED),
      } satisfies NotificationDigestDueEvent);
    }
  }
}
