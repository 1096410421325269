import { freshTotpCode } from '@app/testing';
import type { ApiResponse } from './gateway-harness';

interface Poster {
  post<T = unknown>(path: string, body?: unknown): Promise<ApiResponse<T>>;
}

export interface Enrolled {
  secret: string;
  recoveryCodes: string[];
}

/** Turns two-step sign-in on for the signed-in client, as Settings does: the app is otplib here. */
export async function enrolTwoStep(client: Poster): Promise<Enrolled> {
  const setup = await client.post<{ secret: string }>('/api/users/me/two-step/setup');
  if (setup.status !== 200) throw new Error(`two-step setup refused: ${setup.status} ${JSON.stringify(setup.body)}`);
  const confirmed = await client.post<{ codes: string[] }>('/api/users/me/two-step/confirm', { code: await freshTotpCode(setup.body.secret) });
  if (confirmed.status !== 200) throw new Error(`two-step confirmation refused: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
  return { secret: setup.body.secret, recoveryCodes: confirmed.body.codes };
}

interface SignInClient extends Poster {
  solveCaptcha(): Promise<string>;
}

/** Signs the client in anew with its password and a fresh code: a session opened with a second factor. */
export async function signInWithCode(client: SignInClient, login: string, password: string, secret: string): Promise<void> {
  const step = await client.post<{ challenge?: string }>('/api/auth/login', { email: login, password, captchaResponse: await client.solveCaptcha() });
  if (step.status !== 200 || !step.body.challenge) throw new Error(`password step: ${step.status} ${JSON.stringify(step.body)}`);
  const done = await client.post('/api/auth/login/two-step', { challenge: step.body.challenge, code: await freshTotpCode(secret) });
  if (done.status !== 200) throw new Error(`code step: ${done.status} ${JSON.stringify(done.body)}`);
}

/**
 * Two-step sign-in turned on, then the client signed in again with its password and a code, as a
 * new moderator does: the moderation desk asks that the session itself was opened with a second factor.
 */
export async function enrolAndSignInWithCode(client: SignInClient, login: string, password = 'blue-tangerine-42'): Promise<Enrolled> {
  const enrolled = await enrolTwoStep(client);
  await signInWithCode(client, login, password, enrolled.secret);
  return enrolled;
}
