import type { Browser, BrowserContext } from 'playwright-core';
import { SafetyMessages } from '@app/contracts';
import { launchBrowser, screenshot } from './support/browser';
import { createRoom, openRoom, sendText, signIn, uniqueName } from './support/chat';
import { signUp } from './support/marketplace';
import { stackInfo } from './support/stack-info';

const { baseUrl } = stackInfo();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(() => browser?.close());

async function newContext(): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(15_000);
  return context;
}

describe('Blocking', () => {
  it('blocks from the online list: the blocked person cannot start a private chat and their messages stop showing', async () => {
    const [blockerCtx, otherCtx, hostCtx] = [await newContext(), await newContext(), await newContext()];
    try {
      const blocker = await signUp(blockerCtx, 'blocker');
      const other = await signIn(otherCtx, baseUrl, 'user');
      await signIn(hostCtx, baseUrl, 'vip');
      const room = await createRoom(hostCtx, baseUrl, uniqueName('Blocks'), 0);
      const otherPage = await openRoom(otherCtx, room.id);
      const blockerPage = await openRoom(blockerCtx, room.id);

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
      await list.getByRole('button', { name: `Unblock ${other.username}` }).click();
      await list.getByText('You have not blocked anyone.').waitFor();
    } finally {
      await Promise.all([blockerCtx, otherCtx, hostCtx].map((c) => c.close()));
    }
  });
});
