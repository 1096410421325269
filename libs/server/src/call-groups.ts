/** One call waiting in a group: what it asked, and how to answer it. */
export interface GroupedCall<In, Out> {
  input: In;
  resolve(value: Out): void;
  reject(error: unknown): void;
}

export interface CallGroupsOptions<In, Out> {
  /** Groups running at once; the calls that arrive meanwhile wait for the next free one. */
  inFlight: number;
  /** The most calls one group carries. */
  max: number;
  /** Answers every call of the group; those it leaves unanswered, returning or throwing, are rejected. */
  run(group: GroupedCall<In, Out>[]): Promise<void>;
}

/**
 * Calls grouped by what the store is doing: while `inFlight` groups are running, the calls that
 * arrive wait and go together in the next one. At a low rate each call goes at once, alone; under
 * load one round trip serves many, and nothing waits for a timer.
 */
export class CallGroups<In, Out> {
  private readonly waiting: GroupedCall<In, Out>[] = [];
  private running = 0;

  constructor(private readonly options: CallGroupsOptions<In, Out>) {}

  call(input: In): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      this.waiting.push({ input, resolve, reject });
      this.next();
    });
  }

  private next() {
    while (this.running < this.options.inFlight && this.waiting.length > 0) {
      const group = this.waiting.splice(0, this.options.max);
      this.running++;
      this.options
        .run(group)
        .then(() => new Error('The group left this call unanswered'))
        .catch((error: unknown) => error)
        // Settling an answered call again does nothing, so this reaches only the unanswered.
        .then((error) => group.forEach((call) => call.reject(error)))
        .finally(() => {
          this.running--;
          this.next();
        });
    }
  }
}
