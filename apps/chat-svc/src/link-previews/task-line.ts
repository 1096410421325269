/**
 * Runs at most `concurrency` tasks at once and keeps up to `maxWaiting` more in line; beyond
 * that a task is turned away (offer answers false) rather than piling up without end.
 */
export class TaskLine {
  private running = 0;
  private readonly waiting: Array<() => Promise<void>> = [];

  constructor(
    private readonly concurrency: number,
    private readonly maxWaiting: number,
  ) {}

  offer(task: () => Promise<void>): boolean {
    if (this.running >= this.concurrency && this.waiting.length >= this.maxWaiting) return false;
    this.waiting.push(task);
    this.next();
    return true;
  }

  private next() {
    while (this.running < this.concurrency && this.waiting.length > 0) {
      const task = this.waiting.shift() as () => Promise<void>;
      this.running++;
      void task()
        .catch(() => undefined)
        .finally(() => {
          this.running--;
          this.next();
        });
    }
  }
}
