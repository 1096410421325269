import { DEFAULT_USER_SETTINGS } from '@app/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser';
import { api, composer, createRoom, openRoom, sendText, signIn, startSpareGateway, uniqueName, waitOnline } from './support/chat';
import { signUp } from './support/marketplace';
import { stackInfo } from './support/stack-info';

const { baseUrl } = stackInfo();

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

afterAll(() => browser?.close());

async function person(width = 1280, height = 800, origin = baseUrl): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: origin, viewport: { width, height } });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/** The seconds the composer says are left before the next message, or null when it says none. */
async function waitShown(page: Page): Promise<number | null> {
  const hint = page.getByTestId('wait-hint');
  if ((await hint.count()) === 0) return null;
  const seconds = /(\d+)/.exec((await hint.textContent()) ?? '')?.[1];
  return seconds === undefined ? null : Number(seconds);
}

describe('The cooldown is the server’s', () => {
  it('after a reload and in a second tab the composer counts down the wait left, and the message after it is accepted', async () => {
    const cooldown = 12;
    const host = await person();
    await signIn(host.context, baseUrl, 'vip');
    const room = await createRoom(host.context, baseUrl, uniqueName('Cooldown'), cooldown);

    const member = await person();
    await signUp(member.context, 'cool');
    await member.page.goto(`/chat/${room.id}`);
    await waitOnline(member.page);
    expect(await waitShown(member.page)).toBeNull();
    await sendText(member.page, 'first words');
    await member.page.getByTestId('wait-hint').waitFor();

    // A reload forgets everything the page knew: the wait comes back from the server.
    await member.page.reload();
    await waitOnline(member.page);
    await member.page.getByTestId('wait-hint').waitFor();
    const afterReload = await waitShown(member.page);
    expect(afterReload).toBeGreaterThan(0);
    expect(afterReload).toBeLessThanOrEqual(cooldown);
    expect(await composer(member.page).isDisabled()).toBe(true);

    // A second tab shows the same wait, within the second it took to open.
    const second = await openRoom(member.context, room.id);
    await second.getByTestId('wait-hint').waitFor();
    const inSecondTab = (await waitShown(second)) ?? 0;
    const firstNow = (await waitShown(member.page)) ?? 0;
    expect(Math.abs(inSecondTab - firstNow)).toBeLessThanOrEqual(1);

    // When the count reaches zero the composer opens, and the server takes the message.
    await second.getByTestId('wait-hint').waitFor({ state: 'detached', timeout: (cooldown + 5) * 1000 });
    await sendText(second, 'right on time');
    expect(await second.getByRole('dialog', { name: 'Rate Limit Reached' }).count()).toBe(0);
    // The tab that did not send learns of the new cooldown from its own message arriving.
    await member.page.getByTestId('message').filter({ hasText: 'right on time' }).waitFor();
    await member.page.getByTestId('wait-hint').waitFor();
    expect(await waitShown(member.page)).toBeGreaterThan(cooldown - 3);
  });
});

describe('A private chat’s header', () => {
  it('shows the other person’s presence as their privacy allows, and for an expert their status, price and profile', async () => {
    const buyer = await person(375, 812);
    await signUp(buyer.context, 'buyer');
    const expertAccount = await person(1280, 800);
    const expertUser = await signIn(expertAccount.context, baseUrl, 'expert01');
    const seller = (await api<Array<{ id: number; displayName: string; pricing: { audio: { price: number } } }>>(expertAccount.context, baseUrl, 'GET', `sellers?userId=${expertUser.id}`))[0];
    const chat = await api<{ id: number }>(buyer.context, baseUrl, 'POST', 'rooms/private', { sellerId: seller.id });

    await buyer.page.goto(`/chat/${chat.id}`);
    await waitOnline(buyer.page);
    const header = buyer.page.locator('main header');
    await header.getByRole('heading', { name: seller.displayName }).waitFor();
    await header.getByTestId('seller-status').waitFor();
    expect(await header.getByTestId('expert-price').textContent()).toMatch(new RegExp(`\\$${seller.pricing.audio.price}(\\.00)?/min`));
    expect(await header.getByRole('link', { name: 'View profile' }).getAttribute('href')).toBe(`/seller/${seller.id}`);
    // The reader's own connection is not the other person's presence: only its dot shows while online.
    // (Its words stay for screen readers, in a box of one pixel.)
    expect((await header.getByTestId('connection-status').boundingBox())?.width).toBeLessThanOrEqual(1);
    expect(await header.getByTestId('presence').count()).toBe(0);

    // The expert opens the chat: the buyer sees them online; they leave: last seen.
    const expertPage = await openRoom(expertAccount.context, chat.id);
    await header.getByTestId('presence').filter({ hasText: /^Online$/ }).waitFor();
    await screenshot(buyer.page, 'journey-private-chat-header-375');
    // The expert sees the buyer as a person, without an expert's status.
    const expertHeader = expertPage.locator('main header');
    await expertHeader.getByTestId('presence').filter({ hasText: /^Online$/ }).waitFor();
    expect(await expertHeader.getByTestId('seller-status').count()).toBe(0);
    await expertPage.close();
    await header.getByTestId('presence').filter({ hasText: /^Last seen .+ ago$/ }).waitFor();

    // Hiding online status and last seen: the buyer sees neither, even with the expert in the chat.
    await api(expertAccount.context, baseUrl, 'PUT', 'users/me/settings', {
      ...DEFAULT_USER_SETTINGS,
      privacy: { ...DEFAULT_USER_SETTINGS.privacy, showOnlineStatus: false, showLastSeen: false },
    });
    const hidden = await openRoom(expertAccount.context, chat.id);
    await sendText(hidden, 'Hello from a quiet expert');
    await buyer.page.reload();
    await waitOnline(buyer.page);
    await buyer.page.getByTestId('message').filter({ hasText: 'Hello from a quiet expert' }).waitFor();
    expect(await header.getByTestId('presence').count()).toBe(0);
    await header.getByTestId('seller-status').waitFor();
  });
});

describe('Losing the connection', () => {
  it('header, composer and online count say the same while retrying, then Disconnected with one Reconnect button', async () => {
    const spare = await startSpareGateway();
    try {
      const reader = await person(375, 812, spare.url);
      await signIn(reader.context, spare.url, 'vip');
      const room = await createRoom(reader.context, spare.url, uniqueName('Outage'), 0);
      await reader.page.goto(`/chat/${room.id}`);
      await waitOnline(reader.page);
      const count = reader.page.getByTestId('online-count');
      expect(await count.getAttribute('aria-label')).toBe('Online users: 1');

      await spare.stop();
      const status = reader.page.getByTestId('connection-status');
      await status.filter({ hasText: /^Reconnecting… \(attempt \d\)$/ }).waitFor();
      // Read in one go, as the person sees the screen at one moment: the three places never disagree.
      const seen = await reader.page.evaluate(() => ({
        header: document.querySelector('[data-testid="connection-status"]')?.textContent,
        composer: document.querySelector('[data-testid="composer-connection"]')?.textContent,
        count: document.querySelector('[data-testid="online-count"]')?.getAttribute('aria-label'),
      }));
      const shown = /\(attempt \d\)/.exec(seen.header ?? '')?.[0];
      expect(shown).toBeDefined();
      expect(seen).toEqual({ header: `Reconnecting… ${shown}`, composer: `Reconnecting… ${shown}`, count: `Online users: Reconnecting… ${shown}` });
      expect(await count.textContent()).toBe('–');
      // What is typed now waits in the outbox until the connection is back.
      expect(await composer(reader.page).isDisabled()).toBe(false);
      expect(await reader.page.getByRole('button', { name: 'Reconnect', exact: true }).count()).toBe(0);
      await screenshot(reader.page, 'journey-reconnecting-375');

      // Five retries (1 + 2 + 4 + 8 + 16 s) fail: disconnected, with the one Reconnect button.
      await status.filter({ hasText: /^Disconnected$/ }).waitFor({ timeout: 60_000 });
      expect(await reader.page.getByTestId('composer-connection').textContent()).toBe('Disconnected');
      expect(await count.getAttribute('aria-label')).toBe('Online users: Disconnected');
      const reconnect = reader.page.getByRole('button', { name: 'Reconnect', exact: true });
      expect(await reconnect.count()).toBe(1);

      await spare.start();
      await reconnect.click();
      await waitOnline(reader.page);
      await count.filter({ hasText: '1' }).waitFor();
      expect(await reader.page.getByTestId('composer-connection').count()).toBe(0);
      await sendText(reader.page, 'back in the room');
    } finally {
      await spare.close();
    }
  });
});

describe('My Chats', () => {
  it('tells an expert of their buyers, and letters an expert’s avatar by the display name the buyer sees', async () => {
    const buyer = await person(375, 812);
    const buyerName = await signUp(buyer.context, 'mc');
    const expert = await person(1280, 800);
    const expertUser = await signIn(expert.context, baseUrl, 'expert02');
    const [seller] = await api<Array<{ id: number; displayName: string }>>(expert.context, baseUrl, 'GET', `sellers?userId=${expertUser.id}`);
    const chat = await api<{ id: number }>(buyer.context, baseUrl, 'POST', 'rooms/private', { sellerId: seller.id });
    await api(buyer.context, baseUrl, 'POST', `rooms/${chat.id}/messages`, { content: 'Hello, are you free today?', type: 'text' });

    await buyer.page.goto('/my-chats');
    await buyer.page.getByText('Your conversations with experts.').waitFor();
    const row = buyer.page.getByTestId('chat-row').filter({ hasText: seller.displayName });
    await row.waitFor();
    const letters = seller.displayName.split(/\s+/).slice(0, 2).map((word) => word[0].toUpperCase()).join('');
    expect((await row.locator('span.rounded-full').first().textContent())?.trim()).toBe(letters);

    await expert.page.goto('/my-chats');
    await expert.page.getByText('Your conversations with buyers.').waitFor();
    expect(await expert.page.getByText('Your conversations with experts.').count()).toBe(0);
    await expert.page.getByTestId('chat-row').filter({ hasText: buyerName }).waitFor();
  });
});

describe('The landing page’s live preview', () => {
  it('shows the newest public conversation, an expert’s on the right, and never test traffic, numbers or a private chat', async () => {
    const host = await person();
    const hostUser = await signIn(host.context, baseUrl, 'vip');
    const room = await createRoom(host.context, baseUrl, uniqueName('Preview'), 0);
    const expert = await person();
    await signIn(expert.context, baseUrl, 'expert03');
    const hostPage = await openRoom(host.context, room.id);
    const expertPage = await openRoom(expert.context, room.id);
    // The second carries a long unbroken link: a bubble must wrap it, never widen the page.
    const said = [
      'Is anyone here good with houseplants?',
      'Mine keep dying every single winter, like https://plants.example.org/forum/threads/why-do-my-houseplants-keep-dying-near-the-window',
      'Move them away from the cold window',
    ];
    await sendText(hostPage, said[0]);
    await sendText(hostPage, said[1]);
    await sendText(expertPage, said[2]);
    for (const noise of ['Load test message 7 from sender 1', '424242', 'ok', 'asdf asdf asdf']) await sendText(hostPage, noise);
    const chat = await api<{ id: number }>(expert.context, baseUrl, 'POST', 'rooms/private', { userId: hostUser.id, originRoomId: room.id });
    await api(expert.context, baseUrl, 'POST', `rooms/${chat.id}/messages`, { content: 'This private reply is only for you to read', type: 'text' });

    const visitor = await person(375, 812);
    await visitor.page.goto('/');
    const preview = visitor.page.getByLabel('Live from the community');
    await preview.getByText(said[2]).waitFor();
    const bubbles = preview.getByRole('listitem');
    expect(await bubbles.allTextContents()).toEqual([expect.stringContaining(said[0]), expect.stringContaining(said[1]), expect.stringContaining(said[2])]);
    // The expert's message sits on the right, as a reply in a chat.
    const avatarX = async (n: number) => (await bubbles.nth(n).locator(':scope > *').first().boundingBox())?.x ?? 0;
    const middle = await preview.boundingBox().then((box) => (box?.x ?? 0) + (box?.width ?? 0) / 2);
    expect(await avatarX(1)).toBeLessThan(middle);
    expect(await avatarX(2)).toBeGreaterThan(middle);
    expect(await visitor.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(visitor.page, 'journey-landing-preview-375');
  });
});

describe('Public rooms', () => {
  it('packs categories densely at 1280 px, lights the green dot only where people are and lists by activity', async () => {
    const host = await person(1280, 800);
    await signIn(host.context, baseUrl, 'vip');
    const busy = await createRoom(host.context, baseUrl, uniqueName('Busy'), 0);
    const quiet = await createRoom(host.context, baseUrl, uniqueName('Quiet'), 0);
    const inRoom = await openRoom(host.context, busy.id);
    await sendText(inRoom, 'Anyone around for a chat tonight?');

    const visitor = await person(1280, 800);
    await signIn(visitor.context, baseUrl, 'user');
    await visitor.page.goto('/public-rooms');
    const general = visitor.page.getByRole('region', { name: 'General' });
    const busyCard = general.getByTestId('room-card').filter({ hasText: busy.name });
    const quietCard = general.getByTestId('room-card').filter({ hasText: quiet.name });
    await busyCard.getByTestId('room-online').filter({ hasText: /^1\/100 online$/ }).waitFor();
    expect(await busyCard.getByTestId('online-dot').getAttribute('data-online')).toBe('true');
    expect(await quietCard.getByTestId('online-dot').getAttribute('data-online')).toBe('false');
    // By activity: the room with people in it comes before the silent one made after it.
    const names = await general.getByTestId('room-card').locator('h3').allTextContents();
    expect(names.indexOf(busy.name)).toBeLessThan(names.indexOf(quiet.name));

    await visitor.page.waitForLoadState('networkidle');
    const height = await visitor.page.evaluate(() => document.documentElement.scrollHeight);
    console.log(`public rooms page height at 1280 px: ${height}`);
    await screenshot(visitor.page, 'journey-public-rooms-1280');
    // Dense: every category sits in columns, none leaves a row of its own half empty.
    const boxes = await visitor.page.locator('section[aria-labelledby^="category-"]').evaluateAll((sections) =>
      sections.map((section) => section.getBoundingClientRect().width),
    );
    expect(boxes.length).toBeGreaterThan(1);
    for (const width of boxes) expect(width).toBeLessThan(1280 / 2);
    expect(height).toBeLessThan(2000);
  });
});
