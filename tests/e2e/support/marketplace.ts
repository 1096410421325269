import type { APIResponse, BrowserContext } from 'playwright-core';
import { captchaAnswers, politeName } from '@app/testing';
import type { CaptchaChallengeDto } from '@app/contracts';
import { stackInfo } from './stack-info';

export { signIn } from './session';

/** Unsafe requests must come from the app's own origin, as the browser's would. */
function post(context: BrowserContext, path: string, data: unknown): Promise<APIResponse> {
  return context.request.post(path, { data, headers: { origin: stackInfo().baseUrl } });
}

/** Answers the server's arithmetic challenge as a person would and returns the single-use token. */
async function captchaToken(context: BrowserContext): Promise<string> {
  const challenge = await context.request.get('/api/auth/captcha');
  expect(challenge.ok()).toBe(true);
  const verified = await post(context, '/api/auth/captcha/verify', captchaAnswers((await challenge.json()) as CaptchaChallengeDto));
  expect(verified.ok()).toBe(true);
  return ((await verified.json()) as { token: string }).token;
}

/** The password of every account signUp makes. */
export const MEMBER_PASSWORD = 'Correct-Horse-Battery-42';

/** A new regular account for this run, signed in in the context. */
export async function signUp(context: BrowserContext, prefix: string): Promise<string> {
  const username = politeName(() => `${prefix}_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.slice(0, 20));
  const password = MEMBER_PASSWORD;
  const captchaResponse = await captchaToken(context);
  const response = await post(context, '/api/auth/register', {
    username,
    email: `${username}@example.com`,
    password,
    confirmPassword: password,
    captchaResponse,
  });
  expect(response.status()).toBe(201);
  return username;
}

/** A complete application's texts, each within the rules. */
export const APPLICATION = {
  bio: 'Certified life coach helping people through change, stress and new beginnings.',
  aboutMe:
    'For twelve years I have coached people through career moves, breakups and burnout. My sessions are practical: we name what matters, pick one next step, and check in on it together.',
  experience: '12 years as a life coach',
  education: 'MSc Psychology, University of Leeds',
  workHistory: 'Coach at Bright Paths (2013-2019), independent practice since 2019 with over 900 clients.',
};
