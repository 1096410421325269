import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { runEvery } from '@app/server';
import { FanoutService } from '../fanout/fanout.service';
import { ChatUsersService } from '../users/users.service';
import { PresenceService } from './presence.service';

const SWEEP_INTERVAL_MS = 2000;

/**
 * Takes the users of a dead gateway offline: every replica sweeps, the atomic removal makes
 * sure each departure is announced once. With a 10 s heartbeat TTL and a 2 s sweep, a gateway
 * killed outright leaves no one online after at most 12 s.
 */
@Injectable()
export class PresenceSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(PresenceSweeper.name);
  private stop?: () => void;

  constructor(
    private readonly presence: PresenceService,
    private readonly users: ChatUsersService,
    private readonly fanout: FanoutService,
  ) {}

  onApplicationBootstrap() {
    this.stop = runEvery(SWEEP_INTERVAL_MS, () => this.sweep(), { logger: this.logger, what: 'Presence sweep' });
  }

  onApplicationShutdown() {
    this.stop?.();
  }

  async sweep() {
    for (const instance of await this.presence.deadInstances()) {
      this.logger.log(`Gateway ${instance} stopped answering: taking its users offline`);
      await this.dropInstance(instance);
    }
  }

  dropInstance(instance: string) {
    return this.presence.dropInstance(instance, (roomId, userId) => this.announceLeft(roomId, userId));
  }

  async announceLeft(roomId: number, userId: number) {
    await this.users.touchLastSeen(userId, true);
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
