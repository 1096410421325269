import type { BrowserContext } from 'playwright-core';
import { DEMO_PASSWORD, type CaptchaChallengeDto } from '@app/contracts';
import { captchaAnswers } from '@app/testing';
import { answerTwoStep } from './two-step';

export { DEMO_PASSWORD };

export interface SignedInUser {
  id: number;
  username: string;
  role: string;
}

/**
 * Signs an account in for the whole context through the calls the sign-in form makes (the
 * captcha answered like a person, the second step where the account has one), so its cookie
 * jar holds a real session. The sign-in screen itself has its own tests.
 */
export async function signIn(context: BrowserContext, baseUrl: string, username: string, password = DEMO_PASSWORD): Promise<SignedInUser> {
  const headers = { origin: baseUrl };
  const challenge = await context.request.get(`${baseUrl}/api/auth/captcha`);
  if (!challenge.ok()) throw new Error(`captcha: ${challenge.status()} ${await challenge.text()}`);
  const verified = await context.request.post(`${baseUrl}/api/auth/captcha/verify`, { headers, data: captchaAnswers((await challenge.json()) as CaptchaChallengeDto) });
  if (!verified.ok()) throw new Error(`captcha verify: ${verified.status()} ${await verified.text()}`);
  const { token } = (await verified.json()) as { token: string };
  const login = await context.request.post(`${baseUrl}/api/auth/login`, { headers, data: { email: username, password, captchaResponse: token } });
  if (!login.ok()) throw new Error(`sign in as ${username}: ${login.status()} ${await login.text()}`);
  const answer = (await login.json()) as { user: SignedInUser };
  return ((await answerTwoStep(context, baseUrl, answer)) ?? answer).user;
}
