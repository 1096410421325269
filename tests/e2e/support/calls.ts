import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { api, signIn } from './chat';
import { stackInfo } from './stack-info';

/**
 * Chromium's fake camera and microphone for the calls spec. Without --use-fake-ui-for-media-stream
 * every context starts refused: a person who allows them is a context granted 'camera' and
 * 'microphone', and one who refuses is a context granted nothing.
 */
export const FAKE_MEDIA_ARGS = ['--use-fake-device-for-media-stream'];

export interface Participant {
  context: BrowserContext;
  page: Page;
  user: { id: number; username: string; role: string };
}

export interface ParticipantOptions {
  /** Whether this person lets the site use the camera and microphone. */
  allowMedia?: boolean;
  width?: number;
  height?: number;
}

export async function signedInParticipant(browser: Browser, username: string, options: ParticipantOptions = {}): Promise<Participant> {
  const { baseUrl } = stackInfo();
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    permissions: options.allowMedia === false ? [] : ['camera', 'microphone'],
  });
  const user = await signIn(context, baseUrl, username);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  return { context, page, user };
}

/** Opens a page and waits until its /ws socket has signed in, so live frames (calls, Busy) reach it. */
export async function openLive(page: Page, path: string): Promise<void> {
  const authenticated = new Promise<void>((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framereceived', (frame) => {
        if (String(frame.payload).includes('"auth_success"')) resolve();
      });
    });
  });
  await page.goto(path);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`The socket of ${path} did not sign in within 20 s`)), 20_000);
  });
  await Promise.race([authenticated, timeout]).finally(() => clearTimeout(timer));
}

export interface SellerRef {
  id: number;
  displayName: string;
  pricing: { audio: { price: number }; video: { price: number } };
}

/** The seller profile of a demo expert account. */
export async function sellerOf(context: BrowserContext, userId: number): Promise<SellerRef> {
  const [seller] = await api<SellerRef[]>(context, stackInfo().baseUrl, 'GET', `sellers?userId=${userId}`);
  if (!seller) throw new Error(`No seller profile for user ${userId}`);
  return seller;
}

export interface CallRecord {
  id: number;
  callType: 'audio' | 'video';
  state: string;
  endReason: string | null;
  buyer: { id: number; username: string };
  seller: { id: number; userId: number; displayName: string };
  pricePerMinute: number | null;
  createdAt: string;
  ringExpiresAt: string;
  connectedAt: string | null;
  endedAt: string | null;
  durationSeconds: number;
  amount: number;
  commission: number;
  earning: number;
  displayAmount: number;
  displayCurrency: string;
}

/** GET /api/calls as this person: their ledger of calls, newest first. */
export function callsOf(context: BrowserContext): Promise<CallRecord[]> {
  return api<CallRecord[]>(context, stackInfo().baseUrl, 'GET', 'calls');
}

/** Ends whatever call this person still has open, so one test's failure never blocks the next. */
export async function endOpenCall(context: BrowserContext): Promise<void> {
  const { baseUrl } = stackInfo();
  const { session } = await api<{ session: { id: number } | null }>(context, baseUrl, 'GET', 'calls/current');
  if (session) await api(context, baseUrl, 'POST', `sessions/end-call/${session.id}`);
}

export function callScreen(page: Page): Locator {
  return page.getByTestId('call-screen');
}

/** Bytes this page's peer connection has received, as the call screen shows them from getStats. */
export async function bytesReceived(page: Page): Promise<number> {
  return Number((await callScreen(page).getAttribute('data-bytes-received')) ?? 0);
}

/** Waits until the peer connection has received `more` bytes beyond what it had. */
export async function waitForMediaToGrow(page: Page, more: number): Promise<void> {
  const from = await bytesReceived(page);
  await page.waitForFunction(
    ({ from, more }) => Number(document.querySelector('[data-testid="call-screen"]')?.getAttribute('data-bytes-received') ?? 0) > from + more,
    { from, more },
  );
}

/** A video element that shows frames (decoded width), for "the other person's video is on screen". */
export async function waitForPlayingVideo(page: Page, testId: string): Promise<void> {
  await page.waitForFunction((id) => {
    const video = document.querySelector<HTMLVideoElement>(`[data-testid="${id}"]`);
    return !!video && video.videoWidth > 0 && video.readyState >= 2;
  }, testId);
}

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's WCAG and best-practice rules over what the page shows now (a prompt, the call screen, a summary). */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate<Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: string[] }> }>>(
    'axe.run(document, { resultTypes: ["violations"] }).then((result) => result.violations)',
  );
  return violations.flatMap((v) => v.nodes.map((node) => `[${v.impact}] ${v.id}: ${v.help} at ${node.target.join(' ')}`));
}
