import { ErrorCode } from '@app/contracts';
import { RpcCallError, SERVICE_UNAVAILABLE_MESSAGE } from '@app/server';
import pLimit from 'p-limit';

/**
 * At most `concurrency` calls to a service at once from this gateway; the rest wait their turn in
 * arrival order. When thousands of sockets come back together (a gateway restarted), asking for
 * all of them at once makes every answer late and every one time out; asked a few at a time,
 * the service answers each within its timeout and the queue drains at the rate it can serve.
 */
export class Admission {
  private readonly limit: pLimit.Limit;

  constructor(
    concurrency: number,
    /** A call that waited this long for its turn is refused (503) instead of started: its caller has likely given up. */
    private readonly maxWaitMs: number,
  ) {
    this.limit = pLimit(concurrency);
  }

  /** Runs the task in its turn; `stillWanted` is asked when the turn comes, so a closed socket costs the service nothing. */
  run<T>(task: () => Promise<T>, stillWanted: () => boolean = () => true): Promise<T> {
    const queuedAt = Date.now();
    return this.limit(() => {
      if (!stillWanted() || Date.now() - queuedAt > this.maxWaitMs) {
        throw new RpcCallError({ status: 503, code: ErrorCode.ServiceUnavailable, message: SERVICE_UNAVAILABLE_MESSAGE });
      }
      return task();
    });
  }

  /** Calls waiting for their turn. */
  get waiting(): number {
    return this.limit.pendingCount;
  }

  /** Calls under way. */
  get active(): number {
    return this.limit.activeCount;
  }
}
