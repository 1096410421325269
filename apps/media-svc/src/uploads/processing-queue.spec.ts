import { ProcessingQueue, QueueFullError } from './processing-queue';

/** A task that runs until the test lets it finish. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, task: () => opened };
}

describe('ProcessingQueue', () => {
  it('runs no more than its concurrency at once, the rest in the order they came', async () => {
    const queue = new ProcessingQueue(2, 10);
    const gates = [gate(), gate(), gate(), gate()];
    const started: number[] = [];
    const runs = gates.map((g, i) =>
      queue.run(async () => {
        started.push(i);
        await g.task();
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(queue.size).toEqual({ running: 2, waiting: 2 });

    gates[1].open();
    await runs[1];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    expect(queue.size).toEqual({ running: 2, waiting: 1 });

    gates.forEach((g) => g.open());
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(queue.size).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses at once when every waiting place is taken, and frees places when tasks fail', async () => {
    const queue = new ProcessingQueue(1, 1);
    const first = gate();
    const running = queue.run(first.task);
    const waiting = queue.run(() => Promise.reject(new Error('broken image')));
    await expect(queue.run(() => Promise.resolve())).rejects.toBeInstanceOf(QueueFullError);

    first.open();
    await running;
    await expect(waiting).rejects.toThrow('broken image');
    expect(queue.size).toEqual({ running: 0, waiting: 0 });
    await expect(queue.run(() => Promise.resolve('next'))).resolves.toBe('next');
  });
});
