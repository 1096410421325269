import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, openContext, screenshot } from './support/browser';
import { createRoom, openRoom, sendText, signIn, uniqueName } from './support/chat';
import { signUp } from './support/marketplace';
import { stackInfo } from './support/stack-info';

const { baseUrl } = stackInfo();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(() => browser?.close());

const PHONE = 375;
/** Far wider than a phone and without a place to break: a link, and a word. */
const LINK = `https://plants.example.org/forum/threads/${'why-do-my-houseplants-keep-dying-near-the-window-'.repeat(3)}end`;
const WORD = `Sooo${'o'.repeat(90)}long`;

/** The words sit within the screen and within their own box: nothing runs past the edge or is cut off there. */
async function fitsPhone(page: Page, words: Locator) {
  await words.first().waitFor();
  for (const element of await words.all()) {
    const fit = await element.evaluate((el) => {
      const box = el.getBoundingClientRect();
      return { left: box.left, right: box.right, overflow: el.scrollWidth - el.clientWidth };
    });
    expect(fit.left).toBeGreaterThanOrEqual(0);
    expect(fit.right).toBeLessThanOrEqual(PHONE);
    expect(fit.overflow).toBeLessThanOrEqual(1);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE);
}

/** A confirmed moderator's action from its dialog: the reason, then Confirm. */
async function confirmAction(page: Page, reason: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason (required)').fill(reason);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('Long unbroken words on a phone', () => {
  it(`wrap inside ${PHONE} px wherever a message's words go: notifications, search, the moderation desk and its audit list`, async () => {
    const [writerCtx, readerCtx, modCtx] = [await openContext(browser, baseUrl, 1280), await openContext(browser, baseUrl, PHONE), await openContext(browser, baseUrl, PHONE)];
    try {
      await signIn(writerCtx, baseUrl, 'vip');
      const reader = await signUp(readerCtx, 'lena');
      await signIn(modCtx, baseUrl, 'moderator');
      const room = await createRoom(writerCtx, baseUrl, uniqueName('Plants'), 0);
      const readerPage = await openRoom(readerCtx, room.id);
      const writer = await openRoom(writerCtx, room.id);
      const marker = `fern${Date.now().toString(36)}`;
      await sendText(writer, `@${reader} ${marker} see ${LINK} ${WORD}`);
      await fitsPhone(readerPage, readerPage.getByTestId('message').filter({ hasText: marker }));

      // The mention, on the notifications page.
      await readerPage.goto('/notifications');
      await fitsPhone(readerPage, readerPage.getByText(marker));
      await screenshot(readerPage, 'long-words-notifications-375', { fullPage: false });

      // The message found by search.
      await readerPage.goto(`/search?q=${marker}`);
      await fitsPhone(readerPage, readerPage.getByTestId('search-result'));
      await screenshot(readerPage, 'long-words-search-375', { fullPage: false });

      // Reported, with a note as long, and read on the desk.
      await readerPage.goto(`/chat/${room.id}`);
      const message = readerPage.getByTestId('message').filter({ hasText: marker });
      await message.hover();
      await readerPage.getByRole('button', { name: 'Message actions (vip)' }).click();
      await readerPage.getByRole('menuitem', { name: 'Report message' }).click();
      const reportDialog = readerPage.getByRole('dialog', { name: 'Report message' });
      await reportDialog.getByRole('radio', { name: 'Spam' }).check();
      await reportDialog.getByLabel('Note (optional)').fill(`Same as ${LINK}`);
      await reportDialog.getByRole('button', { name: 'Send report' }).click();
      await reportDialog.waitFor({ state: 'detached' });

      const desk = await modCtx.newPage();
      await desk.goto('/moderation');
      await desk.getByRole('button', { name: 'Message by vip' }).first().click();
      const detail = desk.getByRole('region', { name: 'Message by vip' });
      await detail.getByText(marker).first().waitFor();
      await fitsPhone(desk, detail.getByText(marker));
      await fitsPhone(desk, detail.getByText(`Same as ${LINK}`));
      await screenshot(desk, 'long-words-moderation-375', { fullPage: false });

      // Its removal's reason, in the audit list.
      await detail.getByRole('button', { name: 'Delete message' }).click();
      await confirmAction(desk, `Spam, like ${LINK}`);
      await desk.getByRole('tab', { name: 'Audit log' }).click();
      await fitsPhone(desk, desk.getByText(`Spam, like ${LINK}`));
      await screenshot(desk, 'long-words-audit-375', { fullPage: false });
    } finally {
      await Promise.all([writerCtx.close(), readerCtx.close(), modCtx.close()]);
    }
  });
});
