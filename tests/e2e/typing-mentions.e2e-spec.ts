import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, openContext, screenshot } from './support/browser';
import { composer, createRoom, openRoom, sendText, signIn, uniqueName, waitOnline } from './support/chat';
import { signUp } from './support/marketplace';
import { stackInfo } from './support/stack-info';

const { baseUrl } = stackInfo();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(() => browser?.close());

const newContext = (width: number): Promise<BrowserContext> => openContext(browser, baseUrl, width);

const bell = (page: Page, unread: number) =>
  page.getByRole('banner').getByRole('link', { name: unread > 0 ? `Notifications, ${unread} unread` : 'Notifications', exact: true });

/** The demo vip and a new member, each in a new room, the member's browser at `memberWidth`. */
async function vipAndMember(vipWidth: number, memberWidth: number) {
  const [vipCtx, memberCtx] = [await newContext(vipWidth), await newContext(memberWidth)];
  await signIn(vipCtx, baseUrl, 'vip');
  const memberName = await signUp(memberCtx, 'mia');
  const room = await createRoom(vipCtx, baseUrl, uniqueName('Typing'), 0);
  const vipPage = await openRoom(vipCtx, room.id);
  const memberPage = await openRoom(memberCtx, room.id);
  return { vipCtx, memberCtx, memberName, room, vipPage, memberPage, close: () => Promise.all([vipCtx.close(), memberCtx.close()]) };
}

describe('Typing and mentions', () => {
  it('shows who is typing live and clears it when their message arrives; an @ picked by keyboard notifies the person live and opens at the message (1280 px)', async () => {
    const { memberCtx, memberName, room, vipPage, memberPage, close } = await vipAndMember(1280, 1280);
    try {
      const indicator = vipPage.getByTestId('typing-indicator');
      await composer(memberPage).pressSequentially('Hello every', { delay: 30 });
      await indicator.filter({ hasText: `${memberName} is typing…` }).waitFor();
      // Their message ends it at once, well before it would run out.
      await composer(memberPage).pressSequentially('one');
      await composer(memberPage).press('Enter');
      await vipPage.getByTestId('message').filter({ hasText: 'Hello everyone' }).waitFor();
      await indicator.filter({ hasText: /^$/ }).waitFor({ timeout: 2000 });
      // Nobody is told of their own typing.
      expect(await memberPage.getByTestId('typing-indicator').textContent()).toBe('');

      // The member watches the bell on another page of theirs.
      const home = await memberCtx.newPage();
      await home.goto('/');
      await bell(home, 0).waitFor();

      const box = composer(vipPage);
      await box.pressSequentially(`Welcome @${memberName.slice(0, 4)}`);
      const picker = vipPage.getByRole('listbox', { name: 'People to mention' });
      await picker.getByRole('option', { name: memberName }).waitFor();
      await screenshot(vipPage, 'mention-picker-1280', { fullPage: false });
      await box.press('Enter');
      await picker.waitFor({ state: 'detached' });
      expect(await box.inputValue()).toBe(`Welcome @${memberName} `);
      await box.pressSequentially('glad you came');
      await box.press('Enter');
      const text = `Welcome @${memberName} glad you came`;
      await vipPage.getByTestId('message').filter({ hasText: text }).waitFor();

      // Live, for the person mentioned: the message stands out in the room, the bell rises elsewhere.
      const seen = memberPage.getByTestId('message').filter({ hasText: text });
      await seen.locator('[data-mentions-me="true"]').waitFor();
      await seen.locator(`[data-mention="${memberName}"]`).waitFor();
      await bell(home, 1).waitFor();
      await screenshot(memberPage, 'mention-highlight-1280', { fullPage: false });

      await bell(home, 1).click();
      await home.waitForURL('**/notifications');
      const item = home.getByTestId('notification').filter({ hasText: `vip mentioned you in ${room.name}` });
      await item.getByRole('button', { name: /vip mentioned you/ }).click();
      await home.waitForURL(new RegExp(`/chat/${room.id}\\?message=\\d+$`));
      await waitOnline(home);
      await home.locator('[data-focused="true"]').filter({ hasText: text }).waitFor();
    } finally {
      await close();
    }
  });

  it('at 375 px, names up to three typists without moving the composer, and the picker fits the screen', async () => {
    const { vipPage, memberPage, memberName, room, close } = await vipAndMember(375, 375);
    const others: BrowserContext[] = [];
    try {
      const before = await composer(vipPage).boundingBox();
      const typists = [memberName];
      const pages = [memberPage];
      for (const prefix of ['noa', 'leo']) {
        const ctx = await newContext(375);
        others.push(ctx);
        typists.push(await signUp(ctx, prefix));
        pages.push(await openRoom(ctx, room.id));
      }
      for (const page of pages) await composer(page).pressSequentially('so', { delay: 20 });
      const indicator = vipPage.getByTestId('typing-indicator');
      await indicator.filter({ hasText: /, .* and .* are typing…$/ }).waitFor();
      for (const name of typists) expect(await indicator.textContent()).toContain(name);
      expect(await composer(vipPage).boundingBox()).toEqual(before);
      expect(await vipPage.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
      await screenshot(vipPage, 'typing-indicator-375', { fullPage: false });

      await composer(vipPage).pressSequentially('@');
      const picker = vipPage.getByRole('listbox', { name: 'People to mention' });
      await picker.getByRole('option', { name: memberName }).waitFor();
      const list = await picker.boundingBox();
      expect(list && list.x >= 0 && list.x + list.width <= 375).toBe(true);
      await screenshot(vipPage, 'mention-picker-375', { fullPage: false });
      await vipPage.keyboard.press('Escape');
      await picker.waitFor({ state: 'detached' });
      // Past the typists' last frames the line empties by itself.
      await indicator.filter({ hasText: /^$/ }).waitFor({ timeout: 10_000 });
      await sendText(memberPage, 'still here');
    } finally {
      await Promise.all(others.map((ctx) => ctx.close()));
      await close();
    }
  });
});
