import { CallGroups, type GroupedCall } from './call-groups';

/** A store whose groups finish only when the test says so. */
function heldStore(inFlight: number, max: number) {
  const runs: { inputs: number[]; finish(answer?: (call: GroupedCall<number, number>) => void): void }[] = [];
  const groups = new CallGroups<number, number>({
    inFlight,
    max,
    run: (group) =>
      new Promise<void>((done, fail) => {
        runs.push({
          inputs: group.map((call) => call.input),
          finish: (answer = (call) => call.resolve(call.input * 10)) => {
            try {
              group.forEach(answer);
              done();
            } catch (error) {
              fail(error);
            }
          },
        });
      }),
  });
  return { groups, runs };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('CallGroups', () => {
  it('runs a call at once, alone, while a group is free', async () => {
    const { groups, runs } = heldStore(2, 10);
    const answer = groups.call(1);
    expect(runs.map((r) => r.inputs)).toEqual([[1]]);
    runs[0].finish();
    await expect(answer).resolves.toBe(10);
  });

  it('groups the calls that arrive while every group is out, at most max to a group', async () => {
    const { groups, runs } = heldStore(1, 3);
    const answers = [1, 2, 3, 4, 5, 6].map((n) => groups.call(n));
    expect(runs.map((r) => r.inputs)).toEqual([[1]]);
    runs[0].finish();
    await settled();
    expect(runs.map((r) => r.inputs)).toEqual([[1], [2, 3, 4]]);
    runs[1].finish();
    await settled();
    expect(runs.map((r) => r.inputs)).toEqual([[1], [2, 3, 4], [5, 6]]);
    runs[2].finish();
    await expect(Promise.all(answers)).resolves.toEqual([10, 20, 30, 40, 50, 60]);
  });

  it('rejects the calls a group left unanswered, and keeps the answers it gave', async () => {
    const { groups, runs } = heldStore(1, 10);
    const first = groups.call(1);
    const [answered, forgotten] = [groups.call(2), groups.call(3)];
    runs[0].finish();
    await first;
    await settled();
    runs[1].finish((call) => call.input === 2 && call.resolve(20));
    await expect(answered).resolves.toBe(20);
    await expect(forgotten).rejects.toThrow('unanswered');
  });

  it('rejects the unanswered calls of a group that throws, and goes on with the next', async () => {
    const { groups, runs } = heldStore(1, 10);
    const first = groups.call(1);
    const [answered, failed] = [groups.call(2), groups.call(3)];
    runs[0].finish();
    await first;
    await settled();
    const later = groups.call(4);
    runs[1].finish((call) => {
      if (call.input === 3) throw new Error('store went away');
      call.resolve(call.input * 10);
    });
    await expect(answered).resolves.toBe(20);
    await expect(failed).rejects.toThrow('store went away');
    await settled();
    runs[2].finish();
    await expect(later).resolves.toBe(40);
  });
});
