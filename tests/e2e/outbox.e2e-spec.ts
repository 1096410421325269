import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser';
import { api, composer, createRoom, signIn, startSpareGateway, uniqueName, waitOnline } from './support/chat';
import { stackInfo } from './support/stack-info';

const { baseUrl } = stackInfo();

/** Long enough for a restarted gateway to answer and the page's next retry (1, 2, 4, 8, 16 s apart) to reach it. */
const BACK_ONLINE_MS = 45_000;

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

afterAll(() => browser?.close());

async function person(origin: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: origin, viewport: { width: 1280, height: 800 } });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/** How many entries the page's outbox keeps in IndexedDB (its own origin's). */
function keptInOutbox(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const opening = indexedDB.open('chat-outbox');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const db = opening.result;
          if (!db.objectStoreNames.contains('entries')) return resolve(0);
          const counting = db.transaction('entries').objectStore('entries').count();
          counting.onsuccess = () => {
            resolve(counting.result);
            db.close();
          };
        };
      }),
  );
}

interface StoredMessage {
  content: string;
  clientId: string | null;
}

/** The room's history as the server has it. */
function history(context: BrowserContext, roomId: number): Promise<StoredMessage[]> {
  return api<StoredMessage[]>(context, baseUrl, 'GET', `rooms/${roomId}/messages?limit=50`);
}

/**
 * The sender's page talks to a gateway of its own. Stopping that gateway closes the page's socket
 * from the server's side (Chromium's offline emulation leaves an open WebSocket open: frames
 * sent on it are simply lost), and the context then goes offline too, as a dropped network is.
 */
async function loseConnection(sender: { context: BrowserContext; page: Page }, spare: { stop(): Promise<void> }) {
  await spare.stop();
  await sender.page.getByTestId('connection-status').filter({ hasText: /^Reconnecting… \(attempt \d\)$/ }).waitFor();
  await sender.context.setOffline(true);
}

async function regainConnection(sender: { context: BrowserContext; page: Page }, spare: { start(): Promise<void> }) {
  await sender.context.setOffline(false);
  await spare.start();
  await sender.page.getByTestId('connection-status').filter({ hasText: /^Online$/ }).waitFor({ timeout: BACK_ONLINE_MS });
}

async function typeAndSend(page: Page, text: string) {
  const box = composer(page);
  await box.fill(text);
  await box.press('Enter');
}

describe('The outbox', () => {
  it('keeps a message sent while the connection is down as Sending…, and delivers it once when it is back', async () => {
    const spare = await startSpareGateway();
    try {
      const reader = await person(baseUrl);
      const sender = await person(spare.url);
      await signIn(reader.context, baseUrl, 'vip');
      await signIn(sender.context, spare.url, 'user');
      const room = await createRoom(reader.context, baseUrl, uniqueName('Outbox'), 0);
      await reader.page.goto(`/chat/${room.id}`);
      await waitOnline(reader.page);
      await sender.page.goto(`/chat/${room.id}`);
      await waitOnline(sender.page);

      await loseConnection(sender, spare);
      const words = `Typed on the train ${Date.now().toString(36)}`;
      await typeAndSend(sender.page, words);
      const waiting = sender.page.getByTestId('outgoing-message').filter({ hasText: words });
      await waiting.getByText('Sending…').waitFor();
      expect(await composer(sender.page).inputValue()).toBe('');
      expect(await keptInOutbox(sender.page)).toBe(1);
      await screenshot(sender.page, 'outbox-sending-1280');
      // The sender has no connection at all: the server has nothing of it, so neither has the room.
      expect((await history(reader.context, room.id)).map((m) => m.content)).not.toContain(words);
      expect(await reader.page.getByTestId('message').filter({ hasText: words }).count()).toBe(0);

      await regainConnection(sender, spare);
      await reader.page.getByTestId('message').filter({ hasText: words }).waitFor({ timeout: BACK_ONLINE_MS });
      await waiting.waitFor({ state: 'detached' });
      await sender.page.getByTestId('message').filter({ hasText: words }).waitFor();
      expect(await sender.page.getByTestId('message').filter({ hasText: words }).count()).toBe(1);
      expect(await reader.page.getByTestId('message').filter({ hasText: words }).count()).toBe(1);
      expect((await history(reader.context, room.id)).filter((m) => m.content === words)).toHaveLength(1);
      expect(await keptInOutbox(sender.page)).toBe(0);

      // After a reload the sender finds it once, stored, and nothing left to send.
      await sender.page.reload();
      await waitOnline(sender.page);
      await sender.page.getByTestId('message').filter({ hasText: words }).waitFor();
      expect(await sender.page.getByTestId('message').filter({ hasText: words }).count()).toBe(1);
      expect(await sender.page.getByTestId('outgoing-message').count()).toBe(0);
      expect(await keptInOutbox(sender.page)).toBe(0);
    } finally {
      await spare.close();
    }
  });

  it("shows the server's answer on a queued message it refused, keeps it across a reload, and lets it go on Discard", async () => {
    const spare = await startSpareGateway();
    try {
      const reader = await person(baseUrl);
      const sender = await person(spare.url);
      await signIn(reader.context, baseUrl, 'vip');
      await signIn(sender.context, spare.url, 'user');
      // A regular member waits 30 s between messages here.
      const room = await createRoom(reader.context, baseUrl, uniqueName('Outbox cooldown'), 30);
      await reader.page.goto(`/chat/${room.id}`);
      await waitOnline(reader.page);
      await sender.page.goto(`/chat/${room.id}`);
      await waitOnline(sender.page);

      await loseConnection(sender, spare);
      const stamp = Date.now().toString(36);
      const first = `First while away ${stamp}`;
      const second = `Second while away ${stamp}`;
      await typeAndSend(sender.page, first);
      await typeAndSend(sender.page, second);
      const outgoing = sender.page.getByTestId('outgoing-message');
      await outgoing.filter({ hasText: second }).getByText('Sending…').waitFor();
      expect(await outgoing.allTextContents()).toEqual([`${first}Sending…`, `${second}Sending…`]);

      await regainConnection(sender, spare);
      // The first goes through; the second, within the room's cooldown, is refused with the server's words.
      const refused = outgoing.filter({ hasText: second });
      await refused.and(sender.page.locator('[data-state="failed"]')).waitFor({ timeout: BACK_ONLINE_MS });
      const answer = (await refused.getByTestId('outgoing-refusal').textContent()) ?? '';
      expect(answer).toMatch(/Please wait \d+ seconds? before sending another message/);
      await sender.page.getByRole('dialog', { name: 'Rate Limit Reached' }).waitFor();
      await sender.page.getByRole('button', { name: 'Continue as Normal User' }).click();
      expect(await refused.getByRole('button', { name: /^Retry in \d+s$/ }).isDisabled()).toBe(true);
      await refused.getByRole('button', { name: 'Discard' }).waitFor();
      await screenshot(sender.page, 'outbox-refused-1280');

      await reader.page.getByTestId('message').filter({ hasText: first }).waitFor();
      expect(await reader.page.getByTestId('message').filter({ hasText: first }).count()).toBe(1);
      const stored = (await history(reader.context, room.id)).map((m) => m.content);
      expect(stored.filter((content) => content === first)).toHaveLength(1);
      expect(stored).not.toContain(second);
      expect(await reader.page.getByTestId('message').filter({ hasText: second }).count()).toBe(0);

      // Reloaded, the refused message is still there with the same answer, not sent again.
      await sender.page.reload();
      await waitOnline(sender.page);
      await sender.page.getByTestId('message').filter({ hasText: first }).waitFor();
      const kept = sender.page.getByTestId('outgoing-message').filter({ hasText: second });
      expect(await kept.getAttribute('data-state')).toBe('failed');
      expect(await kept.getByTestId('outgoing-refusal').textContent()).toBe(answer);
      expect(await keptInOutbox(sender.page)).toBe(1);

      await kept.getByRole('button', { name: 'Discard' }).click();
      await kept.waitFor({ state: 'detached' });
      expect(await keptInOutbox(sender.page)).toBe(0);
      expect((await history(reader.context, room.id)).map((m) => m.content)).not.toContain(second);
    } finally {
      await spare.close();
    }
  });
});
