import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

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

/** The whole page by default; `fullPage: false` for what fills the screen (a full-screen overlay such as a call). */
export async function screenshot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage });
}

