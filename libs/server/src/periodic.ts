import type { Logger } from '@nestjs/common';

/**
 * Runs a pass every `everyMs` (and once at start when asked): never two passes of one job at
 * once, and a failed pass is logged, never thrown, so the next one simply tries again. The
 * timer does not keep the process alive. Answers the function that stops it.
 */
export function runEvery(everyMs: number, pass: () => Promise<unknown>, failure: { logger: Logger; what: string }, { atStart = false } = {}): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await pass();
    } catch (error) {
      failure.logger.warn(`${failure.what} failed: ${(error as Error).message}`);
    } finally {
      running = false;
    }
  };
  if (atStart) void run();
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
