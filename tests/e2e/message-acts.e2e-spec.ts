import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openContext, screenshot } from './support/browser';
import { api, createRoom, openRoom, sendText, signIn, uniqueName } from './support/chat';
import { signUp } from './support/marketplace';
import { stackInfo } from './support/stack-info';

const { baseUrl } = stackInfo();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(() => browser?.close());

/** The demo vip writes in a new room; a new member reads it in another browser at `readerWidth`. */
async function writerAndReader(writerWidth: number, readerWidth: number) {
  const [writerCtx, readerCtx] = [await openContext(browser, baseUrl, writerWidth), await openContext(browser, baseUrl, readerWidth)];
  await signIn(writerCtx, baseUrl, 'vip');
  await signUp(readerCtx, 'rhea');
  const room = await createRoom(writerCtx, baseUrl, uniqueName('Edits'), 0);
  const writer = await openRoom(writerCtx, room.id);
  const reader = await openRoom(readerCtx, room.id);
  return { writer, reader, close: () => Promise.all([writerCtx.close(), readerCtx.close()]) };
}

const messageWith = (page: Page, text: string | RegExp) => page.getByTestId('message').filter({ hasText: text });

async function openOwnMenu(page: Page, text: string) {
  const own = messageWith(page, text);
  await own.hover();
  await page.getByTestId('message-group').filter({ has: own }).getByRole('button', { name: 'Message actions (you)' }).click();
}

describe('Editing and deleting one’s own messages', () => {
  it('an edit by keyboard and a delete reach the other person live (1280 px)', async () => {
    const { writer, reader, close } = await writerAndReader(1280, 1280);
    try {
      await sendText(writer, 'Meet at the north gate');
      await messageWith(reader, 'Meet at the north gate').waitFor();

      await openOwnMenu(writer, 'Meet at the north gate');
      await writer.getByRole('menuitem', { name: 'Edit message' }).click();
      const editor = writer.getByRole('textbox', { name: 'Edit your message' });
      await editor.fill('Meet at the south gate');
      await screenshot(writer, 'message-editor-1280', { fullPage: false });
      await editor.press('Enter');
      await editor.waitFor({ state: 'detached' });

      // The reader sees the new words, marked edited, without reloading.
      const changed = messageWith(reader, 'Meet at the south gate');
      await changed.getByTestId('message-edited').waitFor();
      expect(await messageWith(reader, 'north gate').count()).toBe(0);

      // Escape leaves a message as it was.
      await openOwnMenu(writer, 'Meet at the south gate');
      await writer.getByRole('menuitem', { name: 'Edit message' }).click();
      await editor.fill('never sent');
      await editor.press('Escape');
      await messageWith(writer, 'Meet at the south gate').waitFor();

      await openOwnMenu(writer, 'Meet at the south gate');
      await writer.getByRole('menuitem', { name: 'Delete message' }).click();
      const confirm = writer.getByRole('alertdialog', { name: 'Delete this message?' });
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await confirm.waitFor({ state: 'detached' });
      await reader.locator('[data-testid="message"][data-removed="sender"]').filter({ hasText: 'message deleted' }).waitFor();
      expect(await messageWith(reader, 'south gate').count()).toBe(0);
      // The reader is offered no edit or delete on someone else's message.
      expect(await reader.getByRole('button', { name: 'Message actions (you)' }).count()).toBe(0);
    } finally {
      await close();
    }
  });

  it('works on a phone: the menu button is there to tap, the editor fits (375 px)', async () => {
    const { writer, reader, close } = await writerAndReader(375, 375);
    try {
      await sendText(writer, 'Typo in thsi one');
      await openOwnMenu(writer, 'Typo in thsi one');
      await writer.getByRole('menuitem', { name: 'Edit message' }).click();
      const editor = writer.getByRole('textbox', { name: 'Edit your message' });
      await editor.fill('Typo in this one');
      const box = await writer.getByTestId('message-editor').boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
      await screenshot(writer, 'message-editor-375', { fullPage: false });
      await writer.getByRole('button', { name: 'Save' }).click();
      await messageWith(reader, 'Typo in this one').getByTestId('message-edited').waitFor();
      expect(await writer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    } finally {
      await close();
    }
  });

  it('reactions: a quick one and one from the picker, counted and named, seen live by the other, taken back by a tap (1280 and 375 px)', async () => {
    const { writer, reader, close } = await writerAndReader(1280, 375);
    try {
      await sendText(writer, 'Pizza tonight?');
      const onReader = messageWith(reader, 'Pizza tonight?');
      await onReader.waitFor();
      const readerLine = reader.getByTestId('message-group').filter({ has: onReader });
      await readerLine.getByRole('button', { name: 'Add a reaction' }).click();
      await reader.getByRole('menuitem', { name: '👍' }).click();

      const writerLine = writer.getByTestId('message-group').filter({ has: messageWith(writer, 'Pizza tonight?') });
      const thumbs = writerLine.getByRole('button', { name: /^👍 1: rhea_/ });
      await thumbs.waitFor();
      expect(await thumbs.getAttribute('aria-pressed')).toBe('false');

      // The writer adds one from the whole picker, by keyboard.
      await writerLine.getByRole('button', { name: 'Add a reaction' }).click();
      await writer.getByRole('menuitem', { name: 'More reactions' }).press('ArrowRight');
      await writer.getByRole('menuitem', { name: 'smiling face with heart-eyes' }).click();
      const pizza = readerLine.getByRole('button', { name: /^😍 1: vip$/ });
      await pizza.waitFor();
      await screenshot(reader, 'reactions-375', { fullPage: false });

      // The reader's own chip is pressed; a tap takes it back, for both.
      const mine = readerLine.getByRole('button', { name: /^👍 1: rhea_/ });
      expect(await mine.getAttribute('aria-pressed')).toBe('true');
      await mine.click();
      await thumbs.waitFor({ state: 'detached' });
      expect(await writerLine.getByTestId('reaction').count()).toBe(1);
    } finally {
      await close();
    }
  });

  it('read receipts: "Seen" with the time appears live under my message once the other person has the chat open (1280 and 375 px)', async () => {
    const [writerCtx, readerCtx] = [await openContext(browser, baseUrl, 1280), await openContext(browser, baseUrl, 375)];
    try {
      await signIn(writerCtx, baseUrl, 'vip');
      await signUp(readerCtx, 'sena');
      const reader = await api<{ id: number }>(readerCtx, baseUrl, 'GET', 'users/me');
      const room = await createRoom(writerCtx, baseUrl, uniqueName('Receipts'), 0);
      const chat = await api<{ id: number }>(writerCtx, baseUrl, 'POST', 'rooms/private', { userId: reader.id, originRoomId: room.id });

      const writer = await openRoom(writerCtx, chat.id);
      await sendText(writer, 'Did you get the file?');
      const seen = writer.getByTestId('seen');
      expect(await seen.count()).toBe(0);

      const readerPage = await openRoom(readerCtx, chat.id);
      await messageWith(readerPage, 'Did you get the file?').waitFor();
      await seen.filter({ hasText: /^Seen \d{1,2}:\d{2}/ }).waitFor();

      // With the chat open on both sides, the next message is seen as it arrives, and the mark moves to it.
      await sendText(writer, 'It is in your inbox');
      const lastLine = writer.getByTestId('message-group').filter({ has: messageWith(writer, 'It is in your inbox') });
      await lastLine.getByTestId('seen').waitFor();
      expect(await seen.count()).toBe(1);
      await screenshot(writer, 'read-receipt-1280', { fullPage: false });

      // A reload keeps it.
      await writer.reload();
      await writer.getByTestId('seen').waitFor();
    } finally {
      await Promise.all([writerCtx.close(), readerCtx.close()]);
    }
  });
});

