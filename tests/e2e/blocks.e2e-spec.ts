import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SafetyMessages } from '@app/contracts';
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

describe('Blocking', () => {
  it('blocks from the online list: the blocked person cannot start a private chat and their messages stop showing', async () => {
    const [blockerCtx, otherCtx, hostCtx] = [await newContext(), await newContext(), await newContext()];
    try {
      const blocker = await signUp(blockerCtx, 'blocker');
      const other = await signIn(otherCtx, baseUrl, 'user');
      await signIn(hostCtx, baseUrl, 'vip');
      const room = await createRoom(hostCtx, baseUrl, uniqueName('Blocks'), 0);
      const hostPage = await openRoom(hostCtx, room.id);
      const blockerPage = await openRoom(blockerCtx, room.id);
      const otherPage = await openRoom(otherCtx, room.id);
      const notice = (page: Page, text: string) => page.getByTestId('room-notice').filter({ hasText: text });
      await notice(blockerPage, `${other.username} joined the room`).waitFor();

      await blockerPage.getByRole('button', { name: /^Online users: / }).click();
      await blockerPage.getByRole('button', { name: `Actions for ${other.username}` }).click();
      await blockerPage.getByRole('menuitem', { name: `Block ${other.username}` }).click();
      await blockerPage.getByText(`You blocked ${other.username}`, { exact: true }).waitFor();
      const drawer = blockerPage.getByRole('dialog', { name: 'Online users' });
      await drawer.getByRole('button', { name: 'Close' }).click();
      await drawer.waitFor({ state: 'detached' });

      // The blocked person's new message never reaches the blocker's page; the room goes on for them.
      const hidden = `After the block ${Date.now().toString(36)}`;
      await sendText(otherPage, hidden);
      const marker = `Still here ${Date.now().toString(36)}`;
      await blockerPage.getByRole('textbox', { name: 'Message' }).fill(marker);
      await blockerPage.getByRole('textbox', { name: 'Message' }).press('Enter');
      await otherPage.getByTestId('message').filter({ hasText: marker }).waitFor();
      await blockerPage.getByTestId('message').filter({ hasText: marker }).waitFor();
      expect(await blockerPage.getByTestId('message').filter({ hasText: hidden }).count()).toBe(0);
      // Their comings and goings leave the blocker's stream too, the one before the block as well.
      expect(await notice(blockerPage, other.username).count()).toBe(0);
      await otherPage.goto('/public-rooms');
      await notice(hostPage, `${other.username} left the room`).waitFor();
      await otherPage.goto(`/chat/${room.id}`);
      await waitOnline(otherPage);
      await notice(hostPage, `${other.username} joined the room`).nth(1).waitFor();
      // Frames reach a socket in order: once a later message is in, so are the notices before it.
      const after = `After the return ${Date.now().toString(36)}`;
      await sendText(hostPage, after);
      await blockerPage.getByTestId('message').filter({ hasText: after }).waitFor();
      expect(await notice(blockerPage, other.username).count()).toBe(0);

      // The blocked person tries to start a private chat and is refused without being told why.
      await otherPage.getByRole('button', { name: /^Online users: / }).click();
      await otherPage.getByRole('dialog', { name: 'Online users' }).getByTitle(`Start a private chat with ${blocker}`).click();
      await otherPage.getByText(SafetyMessages.NotAcceptingChats).first().waitFor();
      expect(otherPage.url()).toContain(`/chat/${room.id}`);

      // The block list in Settings has them, with Unblock.
      await blockerPage.goto('/settings');
      const list = blockerPage.getByRole('region', { name: 'Blocked people' });
      await list.getByText(other.username, { exact: true }).waitFor();
      await screenshot(blockerPage, 'settings-block-list-1280');
      await blockerPage.setViewportSize({ width: 375, height: 812 });
      await screenshot(blockerPage, 'settings-block-list-375');
      expect(await blockerPage.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
      await list.getByRole('button', { name: `Unblock ${other.username}` }).click();
      await list.getByText('You have not blocked anyone.').waitFor();
    } finally {
      await Promise.all([blockerCtx, otherCtx, hostCtx].map((c) => c.close()));
    }
  });

  it('blocks from a private chat header: the chat turns read-only at once, and the other cannot write into it', async () => {
    const [blockerCtx, otherCtx, hostCtx] = [await newContext(), await newContext(), await newContext()];
    try {
      await signUp(blockerCtx, 'pcblock');
      const other = await signUp(otherCtx, 'pcother');
      await signIn(hostCtx, baseUrl, 'vip');
      const room = await createRoom(hostCtx, baseUrl, uniqueName('Private blocks'), 0);
      const otherPage = await openRoom(otherCtx, room.id);
      const blockerPage = await openRoom(blockerCtx, room.id);

      await blockerPage.getByRole('button', { name: /^Online users: / }).click();
      await blockerPage.getByRole('dialog', { name: 'Online users' }).getByTitle(`Start a private chat with ${other}`).click();
      await blockerPage.waitForURL((url) => url.pathname !== `/chat/${room.id}` && url.pathname.startsWith('/chat/'));
      const privatePath = new URL(blockerPage.url()).pathname;
      await waitOnline(blockerPage);
      await sendText(blockerPage, 'Hello from the private chat');

      await blockerPage.getByRole('button', { name: `Actions for ${other}` }).click();
      await blockerPage.getByRole('menuitem', { name: `Report ${other}` }).waitFor();
      await blockerPage.getByRole('menuitem', { name: `Block ${other}` }).click();
      await blockerPage.getByTestId('composer-read-only').filter({ hasText: SafetyMessages.youBlocked(other) }).waitFor();
      expect(await blockerPage.getByRole('textbox', { name: 'Message' }).count()).toBe(0);

      await otherPage.goto(privatePath);
      await waitOnline(otherPage);
      await otherPage.getByTestId('composer-read-only').filter({ hasText: SafetyMessages.CannotReply }).waitFor();
      await screenshot(otherPage, 'private-chat-blocked-1280');
    } finally {
      await Promise.all([blockerCtx, otherCtx, hostCtx].map((c) => c.close()));
    }
  });

  it("blocks and unblocks from a seller's public profile", async () => {
    const context = await newContext();
    try {
      await signUp(context, 'sellblock');
      const [seller] = await api<Array<{ id: number }>>(context, baseUrl, 'GET', 'sellers');
      const page = await context.newPage();
      await page.goto(`/seller/${seller.id}`);
      const block = page.getByRole('main').getByRole('button', { name: /^Block / });
      const name = ((await block.textContent()) ?? '').replace(/^Block /, '').trim();
      await block.click();
      await page.getByText(`You blocked ${name}`, { exact: true }).waitFor();
      await page.getByRole('main').getByRole('button', { name: `Unblock ${name}` }).click();
      await page.getByText(`You unblocked ${name}`, { exact: true }).waitFor();
    } finally {
      await context.close();
    }
  });
});
