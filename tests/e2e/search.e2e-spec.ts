import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser, openContext, screenshot } from './support/browser';
import { createRoom, openRoom, sendText, signIn, uniqueName } from './support/chat';
import { stackInfo } from './support/stack-info';

const { baseUrl } = stackInfo();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(() => browser?.close());

const newContext = (width?: number, height?: number): Promise<BrowserContext> => openContext(browser, baseUrl, width, height);

describe('Message search', () => {
  it.each([
    [1280, 800],
    [375, 812],
  ])('finds a message by its words at %i px, marks them, and opens its room', async (width, height) => {
    const [writerCtx, readerCtx] = [await newContext(1280, 800), await newContext(width, height)];
    try {
      await signIn(writerCtx, baseUrl, 'vip');
      await signIn(readerCtx, baseUrl, 'user');
      const room = await createRoom(writerCtx, baseUrl, uniqueName('Search'), 0);
      const word = `heron${Date.now().toString(36)}`;
      const writer = await openRoom(writerCtx, room.id);
      await sendText(writer, `Saw a grey ${word} by the lake this morning`);

      const page = await readerCtx.newPage();
      await page.goto('/public-rooms');
      // From the account menu on a desktop, from the drawer on a phone.
      if (width >= 768) {
        await page.getByRole('button', { name: 'Account menu' }).click();
        await page.getByRole('menuitem', { name: 'Search Messages' }).click();
      } else {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('dialog').getByRole('button', { name: 'Search Messages' }).click();
      }
      await page.waitForURL(/\/search$/);
      const box = page.getByRole('searchbox', { name: 'Search messages' });
      await box.fill('a');
      await box.press('Enter');
      await page.getByRole('alert').filter({ hasText: 'Search for 2 to 100 characters' }).waitFor();

      await box.fill(`${word} lake`);
      await box.press('Enter');
      const result = page.getByTestId('search-result').filter({ hasText: `Saw a grey ${word} by the lake this morning` });
      await result.waitFor();
      expect(await result.locator('mark').allTextContents()).toEqual([word, 'lake']);
      expect(new URL(page.url()).searchParams.get('q')).toBe(`${word} lake`);
      await screenshot(page, `search-${width}`, { fullPage: false });
      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);

      await page.getByRole('searchbox', { name: 'Search messages' }).fill(`${word} nowhere`);
      await page.getByRole('button', { name: 'Search' }).click();
      await page.getByText(`No messages match “${word} nowhere”.`).waitFor();
      await page.goBack();
      await result.getByRole('link', { name: `Open in ${room.name}` }).click();
      await page.waitForURL(new RegExp(`/chat/${room.id}\\?message=\\d+$`));
      // The room opens at that message, marked.
      await page.locator('[data-testid="message"][data-focused="true"]').filter({ hasText: word }).waitFor();
    } finally {
      await Promise.all([writerCtx, readerCtx].map((c) => c.close()));
    }
  });
});
