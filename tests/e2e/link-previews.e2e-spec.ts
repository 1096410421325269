import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openContext, screenshot } from './support/browser';
import { createRoom, openRoom, sendText, signIn, uniqueName, waitOnline } from './support/chat';
import { signUp } from './support/marketplace';
import { stackInfo } from './support/stack-info';

const { baseUrl, previewSiteUrl } = stackInfo();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(() => browser?.close());

/** The demo vip writes in a new room; a new member reads it in another browser. */
async function writerAndReader(writerWidth: number, readerWidth: number) {
  const [writerCtx, readerCtx] = [await openContext(browser, baseUrl, writerWidth), await openContext(browser, baseUrl, readerWidth)];
  await signIn(writerCtx, baseUrl, 'vip');
  await signUp(readerCtx, 'lina');
  const room = await createRoom(writerCtx, baseUrl, uniqueName('Previews'), 0);
  const writer = await openRoom(writerCtx, room.id);
  const reader = await openRoom(readerCtx, room.id);
  return { roomId: room.id, writer, reader, close: () => Promise.all([writerCtx.close(), readerCtx.close()]) };
}

/** A story of the test site of its own, so no other test's cached preview answers for it. */
function story(name: string): { url: string; title: string } {
  const slug = `${name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const words = slug.replace(/-/g, ' ');
  return { url: `${previewSiteUrl}/story/${slug}`, title: words.charAt(0).toUpperCase() + words.slice(1) };
}

const cardOf = (page: Page, title: string) => page.getByTestId('link-preview').filter({ hasText: title });

/** The card's picture has loaded from our own /media, not from the linked site. */
async function pictureShown(page: Page, title: string) {
  const picture = cardOf(page, title).locator('img');
  await picture.waitFor();
  expect(await picture.getAttribute('src')).toMatch(/^\/media\/preview\/[0-9a-f-]{36}\.webp$/);
  await page.waitForFunction((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0, await picture.elementHandle());
}

describe('Link previews', () => {
  it.each([
    [1280, 'desktop'],
    [375, 'phone'],
  ])('a link shows its card with title and picture to everyone; its sender removes it by keyboard (%i px)', async (width, name) => {
    const { writer, reader, close } = await writerAndReader(width, width);
    try {
      const page = story(`harbour-festival-${name}`);
      await sendText(writer, `Have you seen this? ${page.url}`);

      // The preview follows the message to both, live.
      await cardOf(reader, page.title).waitFor();
      await pictureShown(reader, page.title);
      await pictureShown(writer, page.title);
      const link = cardOf(reader, page.title).getByRole('link');
      expect(await link.getAttribute('href')).toBe(page.url);
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer nofollow ugc');
      await cardOf(reader, page.title).getByText('Harbour Times').waitFor();
      // Only the sender is offered the remove button.
      expect(await cardOf(reader, page.title).getByRole('button').count()).toBe(0);

      const card = await cardOf(writer, page.title).boundingBox();
      expect(card && card.x >= 0 && card.x + card.width <= width).toBe(true);
      expect(await writer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshot(writer, `link-preview-${width}`, { fullPage: false });

      // Keyboard: the card's link, then its remove button.
      const remove = cardOf(writer, page.title).getByRole('button', { name: `Remove the preview of ${page.title}` });
      await cardOf(writer, page.title).getByRole('link').focus();
      await writer.keyboard.press('Tab');
      expect(await remove.evaluate((button) => button === document.activeElement)).toBe(true);
      await writer.keyboard.press('Enter');
      await cardOf(writer, page.title).waitFor({ state: 'detached' });
      await cardOf(reader, page.title).waitFor({ state: 'detached' });
      // The message itself stays, link and all.
      await reader.getByTestId('message').filter({ hasText: 'Have you seen this?' }).waitFor();
    } finally {
      await close();
    }
  });

  it.each([1280, 375])('shows no cards to someone who turned "Show link previews" off in Settings (%i px)', async (width) => {
    const { roomId, writer, reader, close } = await writerAndReader(1280, width);
    try {
      const page = story(`market-day-${width}`);
      await sendText(writer, `Market day: ${page.url}`);
      await cardOf(reader, page.title).waitFor();

      await reader.goto('/settings');
      const toggle = reader.getByRole('switch', { name: 'Show link previews' });
      expect(await toggle.getAttribute('aria-checked')).toBe('true');
      const saved = reader.waitForResponse((response) => response.url().endsWith('/api/users/me/settings') && response.request().method() === 'PUT');
      await toggle.click();
      expect((await saved).status()).toBe(200);
      expect(await toggle.getAttribute('aria-checked')).toBe('false');
      await screenshot(reader, `link-preview-setting-${width}`, { fullPage: false });

      // Back in the room after a reload: the message is there, its card is not; the writer still has theirs.
      await reader.goto(`/chat/${roomId}`);
      await waitOnline(reader);
      await reader.getByTestId('message').filter({ hasText: 'Market day:' }).waitFor();
      expect(await reader.getByTestId('link-preview').count()).toBe(0);
      await cardOf(writer, page.title).waitFor();
    } finally {
      await close();
    }
  });
});
