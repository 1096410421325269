import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { MarketplaceEnv } from '../config/marketplace-env';
import { CallsService } from './calls.service';

/**
 * Ends calls that ran out of time: unanswered after the ring time (missed), a side silent past
 * the heartbeat timeout (dropped, billed to its last heartbeat), media that never came (failed).
 * Every replica sweeps; the calls' row locks make each ending happen once.
 */
@Injectable()
export class CallSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(CallSweeper.name);
  private timer?: NodeJS.Timeout;
  private sweeping = false;

  constructor(
    private readonly calls: CallsService,
    private readonly env: MarketplaceEnv,
  ) {}

  onApplicationBootstrap() {
    this.timer = setInterval(() => void this.sweep(), this.env.CALL_SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  onApplicationShutdown() {
    clearInterval(this.timer);
  }

  private async sweep() {
    if (this.sweeping) return;
    this.sweeping = true;
    try {
      await this.calls.sweep();
    } catch (error) {
      this.logger.warn(`Call sweep failed: ${(error as Error).message}`);
    } finally {
      this.sweeping = false;
    }
  }
}
