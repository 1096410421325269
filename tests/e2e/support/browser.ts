import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const SCREENSHOT_DIR = join(__dirname, '../screenshots');

/**
 * Debian's Chromium; a browser is never downloaded for the tests. `extraArgs` add switches for
 * one spec's browser (the calls spec's fake camera and microphone).
 */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

/** A new browser profile on the test site at a screen size (a phone's height below 768 px wide), with the tests' waiting time. */
export async function openContext(browser: Browser, baseUrl: string, width = 1280, height = width < 768 ? 812 : 800): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width, height } });
  context.setDefaultTimeout(15_000);
  return context;
}

/** The whole page by default; `fullPage: false` for what fills the screen (a full-screen overlay such as a call). */
export async function screenshot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage });
}

