import type { PowChallengeDto } from '@app/contracts';
import { solveChallenge } from 'altcha-lib/v1';

/**
 * Finds the number under an ALTCHA challenge (SHA-256 over WebCrypto) and answers the payload
 * the server reads: base64 of { algorithm, challenge, number, salt, signature }; null if none.
 */
export async function solvePowChallenge(pow: PowChallengeDto): Promise<string | null> {
  const { algorithm, challenge, maxnumber, salt, signature } = pow;
  const solution = await solveChallenge(challenge, salt, algorithm, maxnumber).promise;
  return solution ? btoa(JSON.stringify({ algorithm, challenge, number: solution.number, salt, signature })) : null;
}
