import { BatchAdmission } from './admission';

const turn = () => new Promise((resolve) => setImmediate(resolve));

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

  it('refuses a key that waited past the longest wait, and still asks for the next', async () => {
    jest.useFakeTimers({ now: 1_000_000, doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
    try {
      const { calls, load } = loader();
      const admission = new BatchAdmission(1, 10, 10_000, load);
      const first = admission.run('a');
      const tooLate = expect(admission.run('late')).rejects.toMatchObject({ body: { status: 503 } });
      await turn();
      jest.setSystemTime(1_000_000 + 10_001);
      const fresh = admission.run('fresh');
      calls[0].finish();
      await expect(first).resolves.toBe('A');
      await tooLate;
      await turn();
      expect(calls.map((c) => c.keys)).toEqual([['a'], ['fresh']]);
      calls[1].finish();
      await expect(fresh).resolves.toBe('FRESH');
    } finally {
      jest.useRealTimers();
    }
  });
});
