import type { Browser, Page } from 'playwright-core';
import { APP_ROUTE_PATHS, APP_ROUTE_REDIRECTS } from '@app/contracts';
import { launchBrowser } from './support/browser';
import { api, createRoom, openRoom, signIn, uniqueName } from './support/chat';
import { eventually, solidPng } from './support/media';
import { stackInfo } from './support/stack-info';

const { baseUrl, previewSiteUrl } = stackInfo();
let browser: Browser;
/** The room walked: a conversation with what people post, each loading what it shows. */
let roomId: number;

beforeAll(async () => {
  browser = await launchBrowser();
  roomId = await furnishedRoom();
});

/**
 * A public room a VIP made, holding each kind of thing a conversation shows: a pinned message,
 * a reply quoting it, a link with its preview card and picture, and a photo.
 */
async function furnishedRoom(): Promise<number> {
  const context = await browser.newContext({ baseURL: baseUrl });
  try {
    await signIn(context, baseUrl, 'vip');
    const room = await createRoom(context, baseUrl, uniqueName('Walk'), 0, { allowImages: true });
    // One sends into a public room one has open.
    await openRoom(context, room.id);
    const say = (body: Record<string, unknown>) => api<{ id: number }>(context, baseUrl, 'POST', `rooms/${room.id}/messages`, body);
    const welcome = await say({ content: 'Welcome, everyone: the rules are in the room information' });
    await api(context, baseUrl, 'PUT', `messages/${welcome.id}/pin`);
    await say({ content: 'Thanks, read them', replyToId: welcome.id });
    const linked = await say({ content: `Have a look at ${previewSiteUrl}/story/walk-${Date.now().toString(36)}` });
    const pictureOf = (messages: Array<{ id: number; linkPreview?: { image: string | null } }>) => messages.find((m) => m.id === linked.id)?.linkPreview?.image ?? '';
    const messages = await eventually(() => api<Array<{ id: number; linkPreview?: { image: string | null } }>>(context, baseUrl, 'GET', `rooms/${room.id}/messages`), (list) => pictureOf(list) !== '');
    expect(pictureOf(messages)).toMatch(/^\/media\/preview\//);
    const upload = await context.request.post(`${baseUrl}/api/chat/upload`, {
      headers: { origin: baseUrl },
      multipart: { file: { name: 'harbour.png', mimeType: 'image/png', buffer: await solidPng(320, 200, { r: 30, g: 90, b: 200 }) } },
    });
    expect(upload.status()).toBe(201);
    await say({ content: ((await upload.json()) as { url: string }).url, type: 'image' });
    return room.id;
  } finally {
    await context.close();
  }
}

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
async function walk(who: string | null, width: number): Promise<string[]> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width, height: width < 768 ? 812 : 800 } });
  try {
    if (who) await signIn(context, baseUrl, who);
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
    for (const next of screens({ roomId, sellerId: seller.id })) {
      path = next;
      await page.goto(next);
      await page.waitForLoadState('networkidle');
    }
    return problems;
  } finally {
    await context.close();
  }
}

describe.each([1280, 375])('A clean console on every screen at %i px', (width) => {
  it.each([
    ['a visitor', null],
    ['a member', 'user'],
    ['a VIP', 'vip'],
    ['a seller', 'seller'],
    ['an admin', 'moderator'],
  ])('as %s', async (_who, username) => {
    expect(await walk(username, width)).toEqual([]);
  });
});
