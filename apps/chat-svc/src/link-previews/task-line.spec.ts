import { TaskLine } from './task-line';

/** A task that runs until the test lets it finish. */
function held() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { task: jest.fn(() => done), finish };
}

describe('TaskLine', () => {
  it('runs a few at once, keeps a few waiting in order, and turns the rest away', async () => {
    const line = new TaskLine(2, 1);
    const [a, b, c, d] = [held(), held(), held(), held()];
    expect([line.offer(a.task), line.offer(b.task), line.offer(c.task), line.offer(d.task)]).toEqual([true, true, true, false]);
    expect([a.task, b.task, c.task].map((t) => t.mock.calls.length)).toEqual([1, 1, 0]);

    a.finish();
    await new Promise(setImmediate);
    expect(c.task).toHaveBeenCalledTimes(1);
    expect(d.task).not.toHaveBeenCalled();
  });

  it('goes on after a task that failed', async () => {
    const line = new TaskLine(1, 5);
    const next = jest.fn(async () => undefined);
    line.offer(() => Promise.reject(new Error('site down')));
    line.offer(next);
    await new Promise(setImmediate);
    expect(next).toHaveBeenCalledTimes(1);
  });
});
