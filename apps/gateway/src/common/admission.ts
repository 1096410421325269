import { RpcCallError, serviceUnavailableBody } from '@app/server';

interface Waiting<K, V> {
  key: K;
  queuedAt: number;
  stillWanted: () => boolean;
  resolve: (value: V) => void;
  reject: (error: unknown) => void;
}

/**
 * Admission for look-ups a service answers many at a time. At most `concurrency` calls are under
 * way; the keys that arrive meanwhile wait in arrival order (asking for thousands at once after a
 * restart would make every answer late), and the next free turn takes up to `maxBatch` of them
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
        else waiting.reject(new RpcCallError(serviceUnavailableBody()));
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
