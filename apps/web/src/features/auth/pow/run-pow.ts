import type { PowChallengeDto } from '@app/contracts';
import PowWorker from './pow.worker?worker';

export interface PowRun {
  /** The payload for `pow`, or null when the challenge has no solution in its range. */
  solution: Promise<string | null>;
  cancel: () => void;
}

/** Solves the proof of work in a Web Worker, so the page stays responsive while the person types. */
export function runPow(pow: PowChallengeDto): PowRun {
  const worker = new PowWorker();
  let settle: (payload: string | null) => void = () => undefined;
  const solution = new Promise<string | null>((resolve) => {
    settle = (payload) => {
      worker.terminate();
      resolve(payload);
    };
  });
  worker.onmessage = (event: MessageEvent<string | null>) => settle(event.data);
  worker.onerror = () => settle(null);
  worker.postMessage(pow);
  // Whoever waits on a cancelled run hears null at once instead of waiting forever.
  return { solution, cancel: () => settle(null) };
}
