import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openContext, screenshot } from './support/browser';
import { api, composer, createRoom, openRoom, sendText, signIn, uniqueName, type RoomRef } from './support/chat';
import { signUp } from './support/marketplace';
import { stackInfo } from './support/stack-info';

const { baseUrl } = stackInfo();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(() => browser?.close());

const messageWith = (page: Page, text: string | RegExp) => page.getByTestId('message').filter({ hasText: text });
const quoteOf = (page: Page, originalId: number) => page.locator(`[data-testid="reply-quote"][data-reply-to="${originalId}"]`);

/** The menu beside a message: someone else's (Reply, Report, Block) or one's own (Reply, Edit, Delete). */
async function openMenu(page: Page, text: string, label: string) {
  const message = messageWith(page, text);
  await message.hover();
  await message.locator('xpath=ancestor::div[contains(@class, "group/message")][1]').getByRole('button', { name: label }).click();
}

describe('Replies', () => {
  // Two writers: each sends more than a page at once, and the flood guard counts per sender.
  for (const [width, writerName] of [
    [1280, 'vip'],
    [375, 'moderator'],
  ] as const) {
    it(`quote the original, lead back to it through older history, and follow its edit and deletion (${width} px)`, async () => {
      const [writerCtx, readerCtx, visitorCtx] = [await openContext(browser, baseUrl, width), await openContext(browser, baseUrl, width), await openContext(browser, baseUrl, width)];
      try {
        await signIn(writerCtx, baseUrl, writerName);
        await signUp(readerCtx, 'remy');
        const room = await createRoom(writerCtx, baseUrl, uniqueName('Replies'), 0);
        const writer = await openRoom(writerCtx, room.id);
        const reader = await openRoom(readerCtx, room.id);

        await sendText(writer, 'Where do we meet?\nDetails to follow');
        const originalId = Number(await messageWith(reader, 'Where do we meet?').getAttribute('data-message-id'));
        // More than a page of talk after it: a fresh visit loads the newest page only.
        for (let i = 1; i <= 55; i++) await api(writerCtx, baseUrl, 'POST', `rooms/${room.id}/messages`, { content: `Chatter number ${i}` });
        await messageWith(reader, 'Chatter number 55').waitFor();

        // Reply from the message's menu; Escape puts a reply being written away.
        await openMenu(reader, 'Where do we meet?', `Message actions (${writerName})`);
        await reader.getByRole('menuitem', { name: 'Reply' }).click();
        const banner = reader.getByTestId('composer-reply');
        await banner.filter({ hasText: `Replying to ${writerName}` }).filter({ hasText: 'Where do we meet?' }).waitFor();
        await composer(reader).press('Escape');
        await banner.waitFor({ state: 'detached' });
        await openMenu(reader, 'Where do we meet?', `Message actions (${writerName})`);
        await reader.getByRole('menuitem', { name: 'Reply' }).click();
        await banner.waitFor();
        await composer(reader).fill('By the north gate');
        await composer(reader).press('Enter');
        await banner.waitFor({ state: 'detached' });

        // Both see the quote: its author and first line.
        for (const page of [reader, writer]) {
          const quote = quoteOf(page, originalId);
          await quote.filter({ hasText: writerName }).filter({ hasText: 'Where do we meet?' }).waitFor();
          expect(await quote.textContent()).not.toContain('Details to follow');
        }
        await screenshot(writer, `reply-quote-${width}`, { fullPage: false });

        // Someone new comes in: the original is a page back, out of sight; the quote brings it into view.
        await signUp(visitorCtx, 'vera');
        const visitor = await openRoom(visitorCtx, room.id);
        await quoteOf(visitor, originalId).waitFor();
        const original = visitor.locator(`[data-testid="message"][data-message-id="${originalId}"]`);
        expect(await inView(visitor, original)).toBe(false);
        await quoteOf(visitor, originalId).click();
        await visitor.locator(`[data-testid="message"][data-message-id="${originalId}"][data-focused="true"]`).waitFor();
        expect(await inView(visitor, original)).toBe(true);

        // The writer edits the original: the quote shows the new first line live.
        await openMenu(writer, 'Where do we meet?', 'Message actions (you)');
        await writer.getByRole('menuitem', { name: 'Edit message' }).click();
        const editor = writer.getByRole('textbox', { name: 'Edit your message' });
        await editor.fill('Meet at the old mill\nat noon');
        await editor.press('Enter');
        await quoteOf(reader, originalId).filter({ hasText: 'Meet at the old mill' }).waitFor();

        // And deletes it: the quote says so.
        await openMenu(writer, 'Meet at the old mill', 'Message actions (you)');
        await writer.getByRole('menuitem', { name: 'Delete message' }).click();
        await writer.getByRole('alertdialog', { name: 'Delete this message?' }).getByRole('button', { name: 'Delete' }).click();
        await quoteOf(reader, originalId).filter({ hasText: 'message deleted' }).waitFor();
        await quoteOf(writer, originalId).filter({ hasText: 'message deleted' }).waitFor();
        await quoteOf(visitor, originalId).filter({ hasText: 'message deleted' }).waitFor();
        expect(await quoteOf(reader, originalId).textContent()).not.toContain('old mill');
      } finally {
        await Promise.all([writerCtx.close(), readerCtx.close(), visitorCtx.close()]);
      }
    });
  }
});

/** Waits until the message shows whole within the message list's own window (not just the page's). */
async function wholeInList(page: Page, message: ReturnType<Page['locator']>) {
  await page.waitForFunction((element) => {
    const list = element?.closest('ol[aria-label="Messages"]')?.parentElement;
    if (!element || !list) return false;
    const [box, view] = [element.getBoundingClientRect(), list.getBoundingClientRect()];
    return box.top >= view.top && box.bottom <= view.bottom;
  }, await message.elementHandle());
}

/** Whether the element is loaded and shows within the window (the message list scrolls inside it). */
async function inView(page: Page, element: ReturnType<Page['locator']>): Promise<boolean> {
  if ((await element.count()) === 0) return false;
  const box = await element.boundingBox();
  const height = page.viewportSize()?.height ?? 0;
  return box !== null && box.y >= 0 && box.y + box.height <= height;
}

describe('Pinned messages', () => {
  for (const [width, ownerName] of [
    [1280, 'vip'],
    [375, 'seller'],
  ] as const) {
    it(`the owner pins a message: the bar shows for another member live, leads to it, and goes with the unpin (${width} px)`, async () => {
      const [ownerCtx, memberCtx] = [await openContext(browser, baseUrl, width), await openContext(browser, baseUrl, width)];
      try {
        await signIn(ownerCtx, baseUrl, ownerName);
        const memberName = await signUp(memberCtx, 'pia');
        const room = await createRoom(ownerCtx, baseUrl, uniqueName('Pins'), 0);
        const owner = await openRoom(ownerCtx, room.id);
        const reader = await openRoom(memberCtx, room.id);

        await sendText(reader, 'House rules: be kind\nand stay on topic');
        for (let i = 1; i <= 30; i++) await api(ownerCtx, baseUrl, 'POST', `rooms/${room.id}/messages`, { content: `Owner talk ${i}` });
        await messageWith(reader, 'Owner talk 30').waitFor();
        const pinnedId = Number(await messageWith(owner, 'House rules').getAttribute('data-message-id'));
        // A member is offered no pin.
        await openMenu(reader, 'Owner talk 30', `Message actions (${ownerName})`);
        await reader.getByRole('menuitem', { name: 'Reply' }).waitFor();
        expect(await reader.getByRole('menuitem', { name: 'Pin message' }).count()).toBe(0);
        await reader.keyboard.press('Escape');

        await openMenu(owner, 'House rules', `Message actions (${memberName})`);
        await owner.getByRole('menuitem', { name: 'Pin message' }).click();
        const bar = reader.getByTestId('pinned-bar');
        await bar.filter({ hasText: 'House rules: be kind' }).waitFor();
        expect(await bar.textContent()).not.toContain('stay on topic');
        // The bar takes its room above the list: a reader at the bottom still sees the newest message whole.
        await wholeInList(reader, messageWith(reader, 'Owner talk 30'));
        await screenshot(reader, `pinned-bar-${width}`, { fullPage: false });

        // The bar leads to the message, far up the room.
        const pinned = reader.locator(`[data-testid="message"][data-message-id="${pinnedId}"]`);
        expect(await inView(reader, pinned)).toBe(false);
        await bar.getByRole('button', { name: `Go to the pinned message by ${memberName}` }).click();
        await reader.locator(`[data-testid="message"][data-message-id="${pinnedId}"][data-focused="true"]`).waitFor();
        expect(await inView(reader, pinned)).toBe(true);

        // A reader back at the bottom goes to a pin among the newest (the bar stays as tall): the list still follows what comes next.
        const scroller = reader.locator('ol[aria-label="Messages"]').locator('xpath=..');
        await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
        await openMenu(owner, 'Owner talk 30', 'Message actions (you)');
        await owner.getByRole('menuitem', { name: 'Pin message' }).click();
        await bar.getByRole('button', { name: `Go to the pinned message by ${ownerName}` }).filter({ hasText: 'Owner talk 30' }).click();
        await reader.locator('[data-testid="message"][data-focused="true"]').filter({ hasText: 'Owner talk 30' }).waitFor();
        await api(ownerCtx, baseUrl, 'POST', `rooms/${room.id}/messages`, { content: 'Said after the pin' });
        const after = messageWith(reader, 'Said after the pin');
        await after.waitFor();
        // Within the list's own window, not just the page's: below the list's bottom edge it would be out of sight.
        const [list, message] = [(await scroller.boundingBox())!, (await after.boundingBox())!];
        expect(message.y + message.height).toBeLessThanOrEqual(list.y + list.height);
        await openMenu(owner, 'Owner talk 30', 'Message actions (you)');
        await owner.getByRole('menuitem', { name: 'Unpin message' }).click();
        await bar.filter({ hasText: 'House rules' }).waitFor();

        await openMenu(owner, 'House rules', `Message actions (${memberName})`);
        await owner.getByRole('menuitem', { name: 'Unpin message' }).click();
        await bar.waitFor({ state: 'detached' });
        await owner.getByTestId('pinned-bar').waitFor({ state: 'detached' });
      } finally {
        await Promise.all([ownerCtx.close(), memberCtx.close()]);
      }
    });
  }
});

describe('Room information', () => {
  for (const [width, ownerName] of [
    [1280, 'vip'],
    [375, 'seller'],
  ] as const) {
    it(`rules show on the join prompt and in the room's information, with owner, limits and live pins (${width} px)`, async () => {
      const [ownerCtx, memberCtx, visitorCtx] = [await openContext(browser, baseUrl, width), await openContext(browser, baseUrl, width), await openContext(browser, baseUrl, width)];
      try {
        await signIn(ownerCtx, baseUrl, ownerName);
        const name = uniqueName('Garden');
        const room = await api<RoomRef>(ownerCtx, baseUrl, 'POST', 'rooms', {
          name,
          category: 'general',
          description: 'Everything about growing tomatoes',
          customRules: 'No selling seeds.\nShare photos of your own plants only.',
          messageCooldown: 15,
          allowImages: true,
          allowGifs: false,
        });

        // A visitor reads the rules before joining.
        const visitor = await visitorCtx.newPage();
        await visitor.goto(`/chat/${room.id}`);
        const prompt = visitor.getByRole('dialog', { name: `Join ${name}` });
        await prompt.getByTestId('room-rules').filter({ hasText: 'No selling seeds.' }).filter({ hasText: 'Everything about growing tomatoes' }).waitFor();
        await screenshot(visitor, `room-rules-join-prompt-${width}`, { fullPage: false });

        // A member opens the room's information from its header.
        await signUp(memberCtx, 'gus');
        const owner = await openRoom(ownerCtx, room.id);
        const reader = await openRoom(memberCtx, room.id);
        await reader.getByRole('button', { name: 'Room information' }).click();
        const panel = reader.getByRole('dialog', { name: `About ${name}` });
        await panel.getByTestId('room-rules').filter({ hasText: 'Share photos of your own plants only.' }).waitFor();
        expect(await panel.getByTestId('room-owner').textContent()).toBe(ownerName);
        expect(await panel.getByTestId('room-slow-mode').textContent()).toBe('15 seconds between messages');
        expect(await panel.getByTestId('room-images').textContent()).toBe('Allowed');
        expect(await panel.getByTestId('room-gifs').textContent()).toBe('Not allowed');
        expect(await panel.getByTestId('room-created').textContent()).toMatch(/\d{4}/);
        await panel.getByText('No pinned messages yet.').waitFor();

        // The owner pins a message: the open panel lists it at once, and leads to it.
        await sendText(owner, 'Watering schedule: mornings');
        await openMenu(owner, 'Watering schedule', 'Message actions (you)');
        await owner.getByRole('menuitem', { name: 'Pin message' }).click();
        const listed = panel.getByRole('button', { name: `Go to the pinned message by ${ownerName}` });
        await listed.filter({ hasText: 'Watering schedule: mornings' }).waitFor();
        await screenshot(reader, `room-info-${width}`, { fullPage: false });
        expect(await panel.getByRole('button', { name: 'Unpin message' }).count()).toBe(0);
        await listed.click();
        await panel.waitFor({ state: 'detached' });
        await reader.locator('[data-testid="message"][data-focused="true"]').filter({ hasText: 'Watering schedule' }).waitFor();
      } finally {
        await Promise.all([ownerCtx.close(), memberCtx.close(), visitorCtx.close()]);
      }
    });
  }
});
