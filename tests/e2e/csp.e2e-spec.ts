import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { api, signIn } from './support/chat';
import { stackInfo } from './support/stack-info';

const { baseUrl } = stackInfo();

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(() => browser?.close());

/** Records, from before the page's first script, every directive the page's own policy refused. */
function recordViolations(context: BrowserContext) {
  return context.addInitScript(() => {
    const found: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = found;
    document.addEventListener('securitypolicyviolation', (event) => {
      found.push(`${event.effectiveDirective} refused ${event.blockedURI || 'inline'} (${event.sample || event.sourceFile || ''})`);
    });
  });
}

/** Loads each path afresh (so the served HTML is read too), lets it settle, and answers what the policy refused. */
async function violations(who: string | null, paths: (ids: { roomId: number; sellerId: number }) => string[]): Promise<string[]> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
  try {
    await recordViolations(context);
    if (who) await signIn(context, baseUrl, who);
    const [room] = await api<Array<{ id: number }>>(context, baseUrl, 'GET', 'rooms?type=public');
    const [seller] = await api<Array<{ id: number }>>(context, baseUrl, 'GET', 'sellers');
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const found: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to apply inline style/i.test(message.text())) found.push(`${page.url()}: ${message.text()}`);
    });
    for (const path of paths({ roomId: room.id, sellerId: seller.id })) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const refused = await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
      found.push(...refused.map((violation) => `${path}: ${violation}`));
    }
    return found;
  } finally {
    await context.close();
  }
}

describe('Content-Security-Policy', () => {
  it('is kept by the public screens', async () => {
    expect(await violations(null, ({ sellerId }) => ['/', '/auth', '/public-rooms', '/marketplace', `/seller/${sellerId}`, '/terms-of-use', '/no-such-page', '/offline.html'])).toEqual([]);
  });

  it('is kept by the screens of a member, a seller and a moderator', async () => {
    expect(await violations('user', ({ roomId }) => [`/chat/${roomId}`, '/my-chats', '/private-chats', '/profile', '/settings', '/search?q=hello'])).toEqual([]);
    expect(await violations('seller', () => ['/seller-profile', '/calls', '/notifications'])).toEqual([]);
    expect(await violations('moderator', () => ['/moderation'])).toEqual([]);
  });

  it("lets a dialog lock the page's scroll without an inline style element (375 px)", async () => {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 375, height: 812 } });
    try {
      await recordViolations(context);
      await signIn(context, baseUrl, 'user');
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      await page.goto('/profile');
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('dialog').waitFor();
      // react-remove-scroll's rule, now a constructed stylesheet: the page behind the drawer stays put.
      expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
      expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
