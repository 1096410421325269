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
