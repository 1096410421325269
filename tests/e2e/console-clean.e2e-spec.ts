import type { Browser, Page } from 'playwright-core';
import { APP_ROUTE_PATHS, APP_ROUTE_REDIRECTS } from '@app/contracts';
import { launchBrowser } from './support/browser';
import { api, signIn } from './support/chat';
import { stackInfo } from './support/stack-info';

const { baseUrl } = stackInfo();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(() => browser?.close());

/** A path no screen has: the one answer of status 404 a person causes here, by typing it. */
const NOT_FOUND = '/no-such-page';

/** Screens a person reaches only by a link mailed to them (their token in it): the account-mail specs walk them. */
const MAILED_LINKS = ['/verify-email', '/reset-password'];

/**
 * Every screen the app has a route for (so a new screen is walked too), each parameter filled
 * with something that exists, then a few states people reach by a query, the route that only
 * redirects, and a path no screen has.
 */
function screens(ids: { roomId: number; sellerId: number }): string[] {
  const filled = APP_ROUTE_PATHS.filter((path) => !MAILED_LINKS.includes(path)).flatMap((path) =>
    // An optional last segment is walked without and with it.
    path.endsWith('?') ? [path.replace(/\/:\w+\?$/, ''), path.replace(/:\w+\?$/, String(ids.roomId))] : [path.replace(':id', String(ids.sellerId))],
  );
  return [...filled, '/marketplace?category=career', '/public-rooms?q=lounge', ...Object.keys(APP_ROUTE_REDIRECTS), NOT_FOUND];
}

/**
 * Walks every screen as one person and answers what went wrong on the way that they did not
 * cause: console errors, uncaught exceptions and answers of status 400 or more.
 */
async function walk(who: string | null): Promise<string[]> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
  try {
    if (who) await signIn(context, baseUrl, who);
    // A room open to everyone: a VIP room's refusal of a visitor is the answer they asked for.
    const room = (await api<Array<{ id: number; vipOnly: boolean }>>(context, baseUrl, 'GET', 'rooms?type=public')).find((r) => !r.vipOnly)!;
    const [seller] = await api<Array<{ id: number }>>(context, baseUrl, 'GET', 'sellers');
    const page: Page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const problems: string[] = [];
    let path = '';
    const typedByPerson = (url: string) => url === `${baseUrl}${NOT_FOUND}`;
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      // The browser's own line for the 404 page's document, which the person asked for.
      if (typedByPerson(message.location().url) && /status of 404/.test(message.text())) return;
      problems.push(`${path}: console: ${message.text()} (${message.location().url})`);
    });
    page.on('pageerror', (error) => problems.push(`${path}: uncaught: ${error.message}`));
    page.on('response', (response) => {
      if (response.status() < 400) return;
      if (typedByPerson(response.url()) && response.status() === 404) return;
      problems.push(`${path}: ${response.request().method()} ${response.url().replace(baseUrl, '')} answered ${response.status()}`);
    });
    page.on('requestfailed', (request) => {
      const reason = request.failure()?.errorText ?? '';
      // A request the page itself dropped on leaving for the next screen is nobody's failure.
      if (reason === 'net::ERR_ABORTED') return;
      problems.push(`${path}: ${request.method()} ${request.url().replace(baseUrl, '')} failed: ${reason}`);
    });
    for (const next of screens({ roomId: room.id, sellerId: seller.id })) {
      path = next;
      await page.goto(next);
      await page.waitForLoadState('networkidle');
    }
    return problems;
  } finally {
    await context.close();
  }
}

describe('A clean console on every screen at 1280 px', () => {
  it.each([
    ['a visitor', null],
    ['a member', 'user'],
    ['a VIP', 'vip'],
    ['a seller', 'seller'],
    ['an admin', 'moderator'],
  ])('as %s', async (_who, username) => {
    expect(await walk(username)).toEqual([]);
  });
});
