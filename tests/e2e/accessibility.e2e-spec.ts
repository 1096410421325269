import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { COLOR_PALETTE } from '@app/contracts';
import { api, createRoom, openRoom, signIn, uniqueName } from './support/chat';
import { stackInfo } from './support/stack-info';

const { baseUrl } = stackInfo();
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[]; failureSummary?: string }>;
}

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  const context = await browser.newContext({ baseURL: baseUrl });
  try {
    await signIn(context, baseUrl, 'vip');
    colourfulRoomId = (await createRoom(context, baseUrl, uniqueName('Colours'), 0)).id;
    await openRoom(context, colourfulRoomId);
    for (const color of COLOR_PALETTE.slice(1)) {
      await api(context, baseUrl, 'POST', `rooms/${colourfulRoomId}/messages`, { content: `Written in ${color}`, formatting: { color }, clientId: `colour-${color.slice(1)}` });
    }
  } finally {
    await context.close();
  }
});

afterAll(() => browser?.close());

/** axe-core's WCAG and best-practice rules over the page as it stands; evaluated through the browser's devtools, so the page's CSP is kept. */
async function violationsOn(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate<Violation[]>(
    'axe.run(document, { resultTypes: ["violations"] }).then((result) => result.violations)',
  );
  return violations.flatMap((v) => v.nodes.map((node) => `${path} [${v.impact}] ${v.id}: ${v.help} at ${node.target.join(' ')}`));
}

interface Ids {
  roomId: number;
  sellerId: number;
  /** A room with a message in every colour of the composer's palette, written by the vip. */
  colourfulRoomId: number;
}

let colourfulRoomId: number;

async function audit(who: string | null, paths: (ids: Ids) => string[], colorScheme: 'light' | 'dark' = 'light') {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 }, colorScheme });
  try {
    if (who) await signIn(context, baseUrl, who);
    const [room] = await api<Array<{ id: number }>>(context, baseUrl, 'GET', 'rooms?type=public');
    const [seller] = await api<Array<{ id: number }>>(context, baseUrl, 'GET', 'sellers');
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const found: string[] = [];
    for (const path of paths({ roomId: room.id, sellerId: seller.id, colourfulRoomId })) found.push(...(await violationsOn(page, path)));
    return found;
  } finally {
    await context.close();
  }
}

describe('Accessibility (axe-core)', () => {
  it('finds nothing on the public screens', async () => {
    expect(await audit(null, ({ sellerId }) => ['/', '/auth', '/public-rooms', '/marketplace', `/seller/${sellerId}`, '/terms', '/no-such-page'])).toEqual([]);
  });

  it('finds nothing on the screens of a member, a seller and a moderator', async () => {
    expect(await audit('user', ({ roomId }) => [`/chat/${roomId}`, '/my-chats', '/profile', '/settings'])).toEqual([]);
    // Colours chosen in the composer are shown in a shade that reads on the light bubbles.
    expect(await audit('vip', ({ colourfulRoomId: id }) => [`/chat/${id}`])).toEqual([]);
    expect(await audit('seller', () => ['/seller-profile', '/media-test', '/notifications'])).toEqual([]);
    expect(await audit('moderator', () => ['/moderation'])).toEqual([]);
  });

  it('finds nothing in the dark theme either', async () => {
    expect(await audit(null, ({ sellerId }) => ['/', '/auth', '/marketplace', `/seller/${sellerId}`], 'dark')).toEqual([]);
    expect(await audit('seller', ({ roomId }) => [`/chat/${roomId}`, '/seller-profile', '/media-test'], 'dark')).toEqual([]);
    // ... and on the dark ones.
    expect(await audit('vip', ({ colourfulRoomId: id }) => [`/chat/${id}`], 'dark')).toEqual([]);
  });
});
