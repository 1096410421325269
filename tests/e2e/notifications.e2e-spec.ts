import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, openContext, screenshot } from './support/browser';
import { api, createRoom, openRoom, sendText, signIn, uniqueName, waitOnline } from './support/chat';
import { signUp } from './support/marketplace';
import { stackInfo } from './support/stack-info';

const { baseUrl } = stackInfo();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(() => browser?.close());

const newContext = (width?: number, height?: number): Promise<BrowserContext> => openContext(browser, baseUrl, width, height);

/** A private chat the demo vip starts with a new member, and the pages of both. */
async function chatWithNewMember(width: number) {
  const [senderCtx, readerCtx] = [await newContext(1280), await newContext(width)];
  await signIn(senderCtx, baseUrl, 'vip');
  const readerName = await signUp(readerCtx, 'reader');
  const reader = await api<{ id: number }>(readerCtx, baseUrl, 'GET', 'users/me');
  const hall = await createRoom(senderCtx, baseUrl, uniqueName('Notes'), 0);
  const chat = await api<{ id: number }>(senderCtx, baseUrl, 'POST', 'rooms/private', { userId: reader.id, originRoomId: hall.id });
  const senderPage = await openRoom(senderCtx, chat.id);
  return { senderCtx, readerCtx, readerName, chatId: chat.id, senderPage, close: () => Promise.all([senderCtx.close(), readerCtx.close()]) };
}

const bell = (page: Page, unread: number) =>
  page.getByRole('banner').getByRole('link', { name: unread > 0 ? `Notifications, ${unread} unread` : 'Notifications', exact: true });

describe('Notifications', () => {
  it('raises the other person’s count live; the notification opens the chat and the count goes down (1280 px)', async () => {
    const { readerCtx, chatId, senderPage, close } = await chatWithNewMember(1280);
    try {
      const reader = await readerCtx.newPage();
      await reader.goto('/marketplace');
      await bell(reader, 0).waitFor();

      const text = `Are you there? ${Date.now().toString(36)}`;
      await sendText(senderPage, text);
      await bell(reader, 1).waitFor();
      await screenshot(reader, 'notifications-badge-1280', { fullPage: false });

      // It is the server's: a reload keeps it, and the private chat list counts it on its row.
      await reader.goto('/private-chats');
      await bell(reader, 1).waitFor();
      const row = reader.getByTestId('chat-row').filter({ hasText: 'vip' });
      await row.getByTestId('unread-count').filter({ hasText: /^1$/ }).waitFor();

      await bell(reader, 1).click();
      await reader.waitForURL('**/notifications');
      const item = reader.getByTestId('notification').filter({ hasText: text });
      await item.getByText('New message from vip').waitFor();
      await screenshot(reader, 'notifications-list-1280');
      await item.getByRole('button', { name: /New message from vip/ }).click();
      await reader.waitForURL(`**/chat/${chatId}`);
      await waitOnline(reader);
      await reader.getByTestId('message').filter({ hasText: text }).waitFor();

      await reader.goto('/private-chats');
      await bell(reader, 0).waitFor();
      expect(await row.getByTestId('unread-count').count()).toBe(0);

      // While the chat is open, a new message shows in it and notifies nothing.
      await reader.goto(`/chat/${chatId}`);
      await waitOnline(reader);
      const seen = `Seen at once ${Date.now().toString(36)}`;
      await sendText(senderPage, seen);
      await reader.getByTestId('message').filter({ hasText: seen }).waitFor();
      await reader.goto('/notifications');
      await reader.getByTestId('notification').filter({ hasText: text }).waitFor();
      expect(await reader.getByTestId('notification').filter({ hasText: seen }).count()).toBe(0);
      await bell(reader, 0).waitFor();
    } finally {
      await close();
    }
  });

  it('shows the count in the mobile drawer, live; the notification opens the chat and the count goes down (375 px)', async () => {
    const { readerCtx, chatId, senderPage, close } = await chatWithNewMember(375);
    try {
      const reader = await readerCtx.newPage();
      await reader.goto('/');
      await bell(reader, 0).waitFor();
      for (const text of ['First at 375', 'Second at 375']) await sendText(senderPage, `${text} ${Date.now().toString(36)}`);
      await bell(reader, 2).waitFor();

      await reader.getByRole('button', { name: 'Open menu' }).click();
      const drawer = reader.getByRole('dialog');
      await drawer.getByRole('button', { name: /^Notifications \(2 unread\)$/ }).waitFor();
      await screenshot(reader, 'notifications-drawer-375', { fullPage: false });
      // A third message while the drawer is open raises its count in place.
      const third = `Third at 375 ${Date.now().toString(36)}`;
      await sendText(senderPage, third);
      await drawer.getByRole('button', { name: /^Notifications \(3 unread\)$/ }).click();
      await reader.waitForURL('**/notifications');
      await reader.getByTestId('notification').nth(2).waitFor();
      expect(await reader.getByTestId('notification').count()).toBe(3);
      expect(await reader.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
      await screenshot(reader, 'notifications-list-375');

      await reader.getByTestId('notification').first().getByRole('button', { name: new RegExp(third) }).click();
      await reader.waitForURL(`**/chat/${chatId}`);
      await waitOnline(reader);
      await reader.getByTestId('message').filter({ hasText: third }).waitFor();
      // Opening the chat read every notification of it.
      await reader.goto('/');
      await bell(reader, 0).waitFor();
      await reader.getByRole('button', { name: 'Open menu' }).click();
      await reader.getByRole('dialog').getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    } finally {
      await close();
    }
  });
});
