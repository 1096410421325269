import { Logger } from '@nestjs/common';
import { runEvery } from './periodic';

describe('runEvery', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('runs at start when asked, then every period, never two passes at once, and stops', async () => {
    let passes = 0;
    let finish: () => void = () => undefined;
    const stop = runEvery(1000, () => new Promise<void>((resolve) => ((passes += 1), (finish = resolve))), { logger: new Logger('test'), what: 'Test job' }, { atStart: true });
    expect(passes).toBe(1);
    await jest.advanceTimersByTimeAsync(3000);
    expect(passes).toBe(1); // the first pass is still running
    finish();
    await jest.advanceTimersByTimeAsync(1000);
    expect(passes).toBe(2);
    stop();
    finish();
    await jest.advanceTimersByTimeAsync(5000);
    expect(passes).toBe(2);
  });

  it('logs a failed pass and tries again at the next one', async () => {
    const logger = new Logger('test');
    const warn = jest.spyOn(logger, 'warn').mockImplementation(() => undefined);
    let passes = 0;
    const stop = runEvery(1000, async () => {
      passes += 1;
      if (passes === 1) throw new Error('database away');
    }, { logger, what: 'Test job' });
    await jest.advanceTimersByTimeAsync(2000);
    expect(passes).toBe(2);
    expect(warn).toHaveBeenCalledWith('Test job failed: database away');
    stop();
  });
});
