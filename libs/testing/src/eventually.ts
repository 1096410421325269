export interface WaitOptions {
  /** How long to keep trying; 5 s unless told. */
  timeoutMs?: number;
  /** The pause between two attempts. */
  intervalMs?: number;
}

/**
 * Runs `check` until it stops throwing (an `expect` that passes) and answers what it returned.
 * When the time is up it throws what the last attempt threw, so a failure reads like the
 * assertion itself. A last attempt always runs after the deadline, however slow the machine.
 */
export async function eventually<T>(check: () => T | Promise<T>, { timeoutMs = 5000, intervalMs = 50 }: WaitOptions = {}): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() >= deadline) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** Waits until `condition` holds; throws naming `what` when it still does not after the time. */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  { what = 'the condition', ...options }: WaitOptions & { what?: string } = {},
): Promise<void> {
  const timeoutMs = options.timeoutMs ?? 5000;
  await eventually(async () => {
    if (!(await condition())) throw new Error(`${what} did not hold within ${timeoutMs} ms`);
  }, options);
}
