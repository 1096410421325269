import type { PowChallengeDto } from '@app/contracts';
import { solvePowChallenge } from './solve';

// One challenge per worker: the page ends the worker when the question changes.
self.onmessage = async (event: MessageEvent<PowChallengeDto>) => {
  self.postMessage(await solvePowChallenge(event.data));
};
