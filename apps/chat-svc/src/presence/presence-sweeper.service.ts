import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { runEvery } from '@app/server';
import { ChatEnv } from '../config/chat-env';
import { FanoutService } from '../fanout/fanout.service';
import { ChatUsersService } from '../users/users.service';
import { PresenceService } from './presence.service';

const SWEEP_INTERVAL_MS = 2000;

/**
 * Takes the users of a dead gateway offline: every replica sweeps, the atomic removal makes
 * sure each departure is announced once. With a 10 s heartbeat TTL and a 2 s sweep, a gateway
 * killed outright leaves no one online after at most 12 s. A gateway that shuts down (drains)
 * leaves its people away for PRESENCE_RESTART_GRACE_MS first: they are on their way back.
 */
@Injectable()
export class PresenceSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(PresenceSweeper.name);
  private stop?: () => void;

  constructor(
    private readonly presence: PresenceService,
    private readonly users: ChatUsersService,
    private readonly fanout: FanoutService,
    private readonly env: ChatEnv,
  ) {}

  onApplicationBootstrap() {
    this.stop = runEvery(SWEEP_INTERVAL_MS, () => this.sweep(), { logger: this.logger, what: 'Presence sweep' });
  }

  onApplicationShutdown() {
    this.stop?.();
  }

  async sweep() {
    for (const instance of await this.presence.deadInstances()) {
      this.logger.warn(`Gateway ${instance} stopped answering: taking its users offline`);
      await this.presence.dropInstance(instance, 0);
    }
    for (const { roomId, userId } of await this.presence.departures()) await this.announceLeft(roomId, userId);
  }

  /** A gateway shutting down: its people are away for the grace, then announced as gone unless back. */
  async drainInstance(instance: string) {
    await this.presence.dropInstance(instance, this.env.PRESENCE_RESTART_GRACE_MS);
  }

  async announceLeft(roomId: number, userId: number) {
    await this.users.touchLastSeenNow(userId);
    // Nobody was told of their arrival, so nobody hears of their departure.
    if ((await this.users.hidingOnline([userId])).has(userId)) return;
    const users = await this.users.findMany([userId]);
    this.fanout.toRoom(roomId, {
      type: 'user_left',
      roomId,
      user: ChatUsersService.summary(userId, users),
      timestamp: new Date().toISOString(),
    });
  }
}
