import type { BrowserContext } from 'playwright-core';
import { DEMO_TWO_STEP_SECRET } from '@app/contracts';
import { freshTotpCode } from '@app/testing';

/**
 * The second step of a sign-in, when the password's answer asks for it (the seeded moderator has
 * two-step sign-in on with the demo secret): the code an authenticator app would show.
 */
export async function answerTwoStep(context: BrowserContext, baseUrl: string, loginAnswer: unknown, secret = DEMO_TWO_STEP_SECRET): Promise<{ user: { id: number; username: string; role: string } } | null> {
  const answer = loginAnswer as { twoStepRequired?: boolean; challenge?: string };
  if (!answer?.twoStepRequired) return null;
  const response = await context.request.post(`${baseUrl}/api/auth/login/two-step`, {
    headers: { origin: baseUrl },
    data: { challenge: answer.challenge, code: await freshTotpCode(secret) },
  });
  if (!response.ok()) throw new Error(`two-step sign-in: ${response.status()} ${await response.text()}`);
  return (await response.json()) as { user: { id: number; username: string; role: string } };
}
