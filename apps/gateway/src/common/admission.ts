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

interface Waiting<K, V> {
  key: K;
  queuedAt: number;
  stillWanted: () => boolean;
  resolve: (value: V) => void;
  reject: (error: unknown) => void;
}

/**
 * Admission for look-ups a service answers many at a time. At most `concurrency` calls are under
 * way; the keys that arrive meanwhile wait, and the next free turn takes up to `maxBatch` of them
 * in one call. Alone, a key goes at once and by itself; in a herd (a gateway restarted) the
 * service answers a few large calls instead of thousands of small ones.
 */
export class BatchAdmission<K, V> {
  private readonly queue: Array<Waiting<K, V>> = [];
  private underWay = 0;

  constructor(
    private readonly concurrency: number,
    private readonly maxBatch: number,
    /** A key that waited this long for its turn is refused (503) instead of asked for. */
    private readonly maxWaitMs: number,
    /** Answers each key, in the keys' order. */
    private readonly load: (keys: K[]) => Promise<V[]>,
  ) {}

  /** `stillWanted` is asked when the turn comes, so a key nobody waits for any more costs the service nothing. */
  run(key: K, stillWanted: () => boolean = () => true): Promise<V> {
    return new Promise<V>((resolve, reject) => {
      this.queue.push({ key, queuedAt: Date.now(), stillWanted, resolve, reject });
      this.next();
    });
  }

  /** Keys waiting for their turn. */
  get waiting(): number {
    return this.queue.length;
  }

  private next() {
    while (this.underWay < this.concurrency && this.queue.length > 0) {
      const now = Date.now();
      const batch: Array<Waiting<K, V>> = [];
      while (batch.length < this.maxBatch && this.queue.length > 0) {
        const waiting = this.queue.shift() as Waiting<K, V>;
        if (waiting.stillWanted() && now - waiting.queuedAt <= this.maxWaitMs) batch.push(waiting);
        else waiting.reject(new RpcCallError({ status: 503, code: ErrorCode.ServiceUnavailable, message: SERVICE_UNAVAILABLE_MESSAGE }));
      }
      if (batch.length === 0) continue;
      this.underWay += 1;
      Promise.resolve()
        .then(() => this.load(batch.map((w) => w.key)))
        .then(
          (values) => batch.forEach((w, i) => w.resolve(values[i])),
          (error: unknown) => batch.forEach((w) => w.reject(error)),
        )
        .finally(() => {
          this.underWay -= 1;
          this.next();
        });
    }
  }
}
