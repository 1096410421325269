import { ErrorCode } from '@app/contracts';
import { Admission, BatchAdmission } from './admission';

/** A call that finishes when the test says so. */
function held() {
  let finish!: (value: string) => void;
  const done = new Promise<string>((resolve) => (finish = resolve));
  return { done, finish };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('admission of calls to a service', () => {
  it('never has more than its limit under way, and starts the waiting ones in arrival order', async () => {
    const admission = new Admission(2, 60_000);
    const calls = Array.from({ length: 5 }, () => held());
    const started: number[] = [];
    const answers = calls.map((call, i) =>
      admission.run(() => {
        started.push(i);
        return call.done;
      }),
    );
    await turn();
    expect(started).toEqual([0, 1]);
    expect(admission.waiting).toBe(3);

    calls[1].finish('b');
    await turn();
    expect(started).toEqual([0, 1, 2]);
    expect(admission.active).toBe(2);

    calls[0].finish('a');
    calls[2].finish('c');
    await turn();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    calls[3].finish('d');
    calls[4].finish('e');
    await expect(Promise.all(answers)).resolves.toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(admission.active + admission.waiting).toBe(0);
  });

  it('skips a call nobody wants any more when its turn comes, without running it', async () => {
    const admission = new Admission(1, 60_000);
    const first = held();
    const running = admission.run(() => first.done);
    let open = true;
    const task = jest.fn(async () => 'late');
    const skipped = expect(admission.run(task, () => open)).rejects.toMatchObject({ body: { status: 503, code: ErrorCode.ServiceUnavailable } });
    open = false;
    first.finish('first');
    await expect(running).resolves.toBe('first');
    await skipped;
    expect(task).not.toHaveBeenCalled();
  });

  it('refuses a call that waited past the longest wait, and still runs the next', async () => {
    jest.useFakeTimers({ now: 1_000_000, doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
    try {
      const admission = new Admission(1, 10_000);
      const first = held();
      const running = admission.run(() => first.done);
      const tooLate = expect(admission.run(async () => 'never')).rejects.toMatchObject({ body: { status: 503 } });
      await turn();
      jest.setSystemTime(1_000_000 + 10_001);
      const fresh = admission.run(async () => 'fresh');
      first.finish('first');
      await expect(running).resolves.toBe('first');
      await tooLate;
      await expect(fresh).resolves.toBe('fresh');
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('batched admission of look-ups', () => {
  /** A loader whose calls finish when the test says so, each answering its keys in upper case. */
  function loader() {
    const calls: Array<{ keys: string[]; finish: () => void }> = [];
    const load = (keys: string[]) =>
      new Promise<string[]>((resolve) => calls.push({ keys, finish: () => resolve(keys.map((k) => k.toUpperCase())) }));
    return { calls, load };
  }

  it('asks for a lone key at once, and for the keys that waited meanwhile together, up to the batch size', async () => {
    const { calls, load } = loader();
    const admission = new BatchAdmission(1, 3, 60_000, load);
    const first = admission.run('a');
    await turn();
    expect(calls.map((c) => c.keys)).toEqual([['a']]);
    const rest = ['b', 'c', 'd', 'e'].map((key) => admission.run(key));
    expect(admission.waiting).toBe(4);

    calls[0].finish();
    await expect(first).resolves.toBe('A');
    await turn();
    expect(calls.map((c) => c.keys)).toEqual([['a'], ['b', 'c', 'd']]);
    calls[1].finish();
    await turn();
    expect(calls.map((c) => c.keys)).toEqual([['a'], ['b', 'c', 'd'], ['e']]);
    calls[2].finish();
    await expect(Promise.all(rest)).resolves.toEqual(['B', 'C', 'D', 'E']);
  });

  it('leaves out keys nobody waits for any more, and fails only the keys of a call that failed', async () => {
    let fail = true;
    const asked: string[][] = [];
    const admission = new BatchAdmission(1, 10, 60_000, async (keys: string[]) => {
      asked.push(keys);
      if (fail) throw new Error('auth-svc away');
      return keys;
    });
    const failed = expect(admission.run('x')).rejects.toThrow('auth-svc away');
    let open = true;
    const dropped = expect(admission.run('gone', () => open)).rejects.toMatchObject({ body: { status: 503 } });
    const kept = admission.run('kept');
    open = false;
    await failed;
    fail = false;
    await dropped;
    await expect(kept).resolves.toBe('kept');
    expect(asked).toEqual([['x'], ['kept']]);
  });
});
