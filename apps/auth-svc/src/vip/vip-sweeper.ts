import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { runEvery } from '@app/server';
import { authEnv } from '../config/auth-env';
import { VipService } from './vip.service';

/** Ends VIP periods at their date and sends the reminders before, on every replica. */
@Injectable()
export class VipSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(VipSweeper.name);
  private stop?: () => void;

  constructor(private readonly vip: VipService) {}

  onApplicationBootstrap() {
    this.stop = runEvery(authEnv().VIP_SWEEP_INTERVAL_MS, () => this.run(), { logger: this.logger, what: 'Sweeping VIP periods' });
  }

  onApplicationShutdown() {
    this.stop?.();
  }

  private async run(): Promise<void> {
    const { ended, reminded } = await this.vip.sweep();
    if (ended + reminded > 0) this.logger.log(`VIP periods ended: ${ended}; reminders sent: ${reminded}`);
  }
}
