import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { runEvery } from '@app/server';
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
  private stop?: () => void;

  constructor(
    private readonly calls: CallsService,
    private readonly env: MarketplaceEnv,
  ) {}

  onApplicationBootstrap() {
    this.stop = runEvery(this.env.CALL_SWEEP_INTERVAL_MS, () => this.calls.sweep(), { logger: this.logger, what: 'Call sweep' });
  }

  onApplicationShutdown() {
    this.stop?.();
  }
}
