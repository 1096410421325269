import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { GUEST_SESSION_TTL_SECONDS } from '@app/contracts';
import { runEvery } from '@app/server';
import { UsersService } from './users.service';

/** A guest's one session has surely ended this long after the account was made (sessions never extend). */
export const GUEST_LIFETIME_MS = (GUEST_SESSION_TTL_SECONDS + 60 * 60) * 1000;
const PURGE_EVERY_MS = 15 * 60 * 1000;

/**
 * Guests live for one session. Afterwards their account is deleted, so the name they picked is
 * free again and the table does not grow with every visit. Other services keep their read-model
 * rows, keyed by id: a later account with the same name has another id.
 */
@Injectable()
export class GuestPurge implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(GuestPurge.name);
  private stop?: () => void;

  constructor(private readonly users: UsersService) {}

  onApplicationBootstrap() {
    this.stop = runEvery(PURGE_EVERY_MS, () => this.run(), { logger: this.logger, what: 'Deleting ended guest accounts' }, { atStart: true });
  }

  onApplicationShutdown() {
    this.stop?.();
  }

  /** One pass; never throws (the next pass tries again). */
  async run(now = Date.now()): Promise<number> {
    try {
      const deleted = await this.users.purgeGuestsCreatedBefore(new Date(now - GUEST_LIFETIME_MS));
      if (deleted > 0) this.logger.log(`Deleted ${deleted} guest account(s) whose session had ended`);
      return deleted;
    } catch (error) {
      this.logger.error(`Deleting ended guest accounts failed: ${(error as Error).message}`);
      return 0;
    }
  }
}
