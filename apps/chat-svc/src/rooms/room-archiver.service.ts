import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ROOM_ARCHIVE_AFTER_MS, ROOM_ARCHIVE_SWEEP_MS } from '@app/contracts';
import { runEvery } from '@app/server';
import { Clock } from '../limits/clock';
import { RoomsRepository } from './rooms.repository';

/**
 * Archives public rooms people made that went ROOM_ARCHIVE_AFTER_MS without a message, once at
 * start and then every ROOM_ARCHIVE_SWEEP_MS. Replicas may sweep at the same moment: the update
 * only touches rooms not archived yet, so each room is archived once.
 */
@Injectable()
export class RoomArchiver implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(RoomArchiver.name);
  private stop?: () => void;

  constructor(
    private readonly rooms: RoomsRepository,
    private readonly clock: Clock,
  ) {}

  onApplicationBootstrap() {
    this.stop = runEvery(ROOM_ARCHIVE_SWEEP_MS, () => this.sweep(), { logger: this.logger, what: 'Archiving idle rooms' }, { atStart: true });
  }

  onApplicationShutdown() {
    this.stop?.();
  }

  /** Archives what has been idle long enough by the clock now; answers the rooms archived. */
  async sweep(): Promise<number[]> {
    const now = this.clock.now();
    const archived = await this.rooms.archiveIdle(new Date(now - ROOM_ARCHIVE_AFTER_MS), new Date(now));
    if (archived.length > 0) this.logger.log(`Archived ${archived.length} idle room(s): ${archived.join(', ')}`);
    return archived;
  }
}
