import type { BrowserContext } from 'playwright-core';
import sharp from 'sharp';
import type { CaptchaChallengeDto } from '@app/contracts';
import { captchaAnswers } from '@app/testing';
import { answerTwoStep } from './two-step';

export const DEMO_PASSWORD = 'chat-demo-2026';

/**
 * Signs a demo account in through the same HTTP calls the sign-in form makes (captcha
 * challenge, answer, login), so the context's cookie jar holds a real session.
 */
export async function signIn(context: BrowserContext, baseUrl: string, username: string): Promise<void> {
  const headers = { origin: baseUrl };
  const challenge = await context.request.get(`${baseUrl}/api/auth/captcha`);
  if (!challenge.ok()) throw new Error(`captcha: ${challenge.status()} ${await challenge.text()}`);
  const verified = await context.request.post(`${baseUrl}/api/auth/captcha/verify`, {
    headers,
    data: captchaAnswers((await challenge.json()) as CaptchaChallengeDto),
  });
  if (!verified.ok()) throw new Error(`captcha verify: ${verified.status()} ${await verified.text()}`);
  const { token } = (await verified.json()) as { token: string };
  const login = await context.request.post(`${baseUrl}/api/auth/login`, {
    headers,
    data: { email: username, password: DEMO_PASSWORD, captchaResponse: token },
  });
  if (!login.ok()) throw new Error(`login as ${username}: ${login.status()} ${await login.text()}`);
  await answerTwoStep(context, baseUrl, await login.json());
}

/** A PNG of one colour. */
export function solidPng(width: number, height: number, background: { r: number; g: number; b: number }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();
}

/** A GIF of one colour. */
export function solidGif(width: number, height: number, background: { r: number; g: number; b: number }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } }).gif().toBuffer();
}

/** A PNG of random pixels: it does not compress, so its size is close to width × height × 3. */
export function noisyPng(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = Math.floor(Math.random() * 256);
  return sharp(pixels, { raw: { width, height, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
}

/** Reads a value until it passes the check (or the time is up) and answers the last reading. */
export async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!check(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}
