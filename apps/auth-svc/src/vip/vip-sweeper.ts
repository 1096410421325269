import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { authEnv } from '../config/auth-env';
import { VipService } from './vip.service';

/** Ends VIP periods at their date and sends the reminders before, on every replica. */
@Injectable()
export class VipSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(VipSweeper.name);
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly vip: VipService) {}

  onApplicationBootstrap() {
    this.timer = setInterval(() => void this.run(), authEnv().VIP_SWEEP_INTERVAL_MS).unref();
  }

  onApplicationShutdown() {
    clearInterval(this.timer);
  }

  /** One pass; never throws (the next pass tries again). */
  async run(): Promise<void> {
    try {
      const { ended, reminded } = await this.vip.sweep();
      if (ended + reminded > 0) this.logger.log(`VIP periods ended: ${ended}; reminders sent: ${reminded}`);
    } catch (error) {
      this.logger.error(`Sweeping VIP periods failed: ${(error as Error).message}`);
    }
  }
}
