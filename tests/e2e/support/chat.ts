import type { BrowserContext, Page } from 'playwright-core';
import { freePort, politeName } from '@app/testing';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { stackInfo } from './stack-info';

// scripts/ is plain CommonJS shared with `npm start`.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Stack } = require('../../../scripts/lib/stack.js');

export { signIn } from './session';

/** Calls the API with the context's cookies, as the page's own code would (same-site Origin). */
export async function api<T>(context: BrowserContext, baseUrl: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await context.request.fetch(`${baseUrl}/api/${path}`, {
    method,
    headers: { origin: baseUrl, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { data: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok()) throw new Error(`${method} /api/${path}: ${response.status()} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

export interface RoomRef {
  id: number;
  name: string;
}

/** A fresh public room for one test, so cooldowns and messages of other tests never meet it. */
export async function createRoom(context: BrowserContext, baseUrl: string, name: string, messageCooldown = 30, pictures: { allowImages?: boolean; allowGifs?: boolean } = {}): Promise<RoomRef> {
  return api<RoomRef>(context, baseUrl, 'POST', 'rooms', { name, category: 'general', messageCooldown, description: 'Browser test room', ...pictures });
}

export function uniqueName(prefix: string): string {
  return politeName(() => `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`);
}

/** The composer's textarea. */
export function composer(page: Page) {
  return page.getByRole('textbox', { name: 'Message' });
}

export async function waitOnline(page: Page) {
  // Connected, a private chat's header keeps its own connection to a dot (the words are for screen readers).
  await page.getByTestId('connection-status').filter({ hasText: /^Online$/ }).waitFor({ state: 'attached' });
  await page.getByText('Connecting to chat...').waitFor({ state: 'detached' });
}

/** The room open in a page of this context, as a person has it before writing: one sends only into a public room one is in. */
export async function openRoom(context: BrowserContext, roomId: number): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`/chat/${roomId}`);
  await waitOnline(page);
  return page;
}

/** Sends and waits for this very message to show (a text sent before does not count). */
export async function sendText(page: Page, text: string) {
  const copies = page.getByTestId('message').filter({ hasText: text });
  const before = await copies.count();
  const box = composer(page);
  await box.fill(text);
  await box.press('Enter');
  await copies.nth(before).waitFor();
}

/**
 * One more gateway of the test stack, on its own port, that a test may stop and start:
 * the stack's main gateway stays up for everyone else.
 */
export async function startSpareGateway(): Promise<{ url: string; stop(): Promise<void>; start(): Promise<void>; close(): Promise<void> }> {
  const { infra, logDir } = stackInfo();
  const port = await freePort();
  const dir = join(logDir, `spare-gateway-${port}`);
  mkdirSync(dir, { recursive: true });
  const stack = new Stack({
    natsUrl: infra.natsUrl,
    redisUrl: infra.redisUrl,
    postgresUrl: infra.postgresUrl,
    dbPrefix: infra.dbPrefix,
    mediaPort: infra.mediaPort,
    gatewayPorts: [port],
    webDist: infra.webDist,
    logDir: dir,
    logLevel: 'warn',
    echo: 'none',
  });
  const start = async () => {
    stack.spawnGateway(port, 0);
    await stack.waitHealthy(port);
  };
  await start();
  return {
    url: `http://localhost:${port}`,
    stop: () => stack.kill('gateway', 'SIGTERM'),
    start,
    close: () => stack.stop(),
  };
}
