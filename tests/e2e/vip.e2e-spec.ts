import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser, openContext, screenshot } from './support/browser';
import { signIn } from './support/chat';
import { signUp } from './support/marketplace';
import { stackInfo } from './support/stack-info';

const { baseUrl } = stackInfo();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(() => browser?.close());

const newContext = (width?: number, height?: number): Promise<BrowserContext> => openContext(browser, baseUrl, width, height);

describe('VIP granted by a moderator', () => {
  it('makes a member VIP for 30 days: their open page offers Create Room at once, the room is made, and the profile says until when', async () => {
    const [memberCtx, modCtx] = [await newContext(375, 812), await newContext()];
    try {
      const member = await signUp(memberCtx, 'vipgrant');
      const memberPage = await memberCtx.newPage();
      await memberPage.goto('/public-rooms');
      await memberPage.getByRole('searchbox', { name: /search/i }).waitFor();
      expect(await memberPage.getByRole('button', { name: 'Create Room' }).count()).toBe(0);

      await signIn(modCtx, baseUrl, 'moderator');
      const modPage = await modCtx.newPage();
      await modPage.goto('/moderation');
      await modPage.getByRole('tab', { name: 'Users' }).click();
      await modPage.getByLabel('Search by username or e-mail').fill(member);
      await modPage.getByRole('button', { name: 'Search' }).click();
      await modPage.getByRole('button', { name: new RegExp(member) }).first().click();
      const panel = modPage.getByRole('region', { name: member }).getByRole('region', { name: 'VIP' });
      await panel.getByTestId('vip-status').filter({ hasText: 'Not VIP' }).waitFor();
      expect(await panel.getByLabel('Days').inputValue()).toBe('30');
      // A reason is required before anything is sent.
      await panel.getByRole('button', { name: 'Grant VIP' }).click();
      await panel.getByText('Reason is required').waitFor();
      await panel.getByLabel('Reason').fill('Paid through the messaging app');
      await panel.getByRole('button', { name: 'Grant VIP' }).click();
      // The desk writes dates in the moderator's language and time zone (en-US here): "Dec 29, 2026, 2:26 PM".
      await panel.getByTestId('vip-status').filter({ hasText: /^VIP until [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d\s[AP]M$/ }).waitFor();
      await panel.getByRole('list', { name: 'VIP history' }).getByText(/Granted · VIP until .* · by .* · Paid through the messaging app/).waitFor();
      await screenshot(modPage, 'vip-grant-1280');

      // The member's open page learns the new role without signing in again.
      await memberPage.getByRole('button', { name: 'Create Room' }).click();
      const dialog = memberPage.getByRole('dialog');
      const roomName = `Vip lounge ${Date.now().toString(36)}`;
      await dialog.getByLabel('Room name').fill(roomName);
      await dialog.getByRole('button', { name: 'Create Room' }).click();
      await memberPage.waitForURL(/\/chat\/\d+$/);

      await memberPage.goto('/profile');
      await memberPage.getByTestId('vip-until').filter({ hasText: /^VIP until / }).waitFor();
      await screenshot(memberPage, 'vip-until-profile-375', { fullPage: false });

      // Revoked: back to a member, and the list says who did it and why.
      await panel.getByLabel('Reason').fill('Refunded');
      await panel.getByRole('button', { name: 'Revoke VIP' }).click();
      await panel.getByTestId('vip-status').filter({ hasText: 'Not VIP' }).waitFor();
      await panel.getByRole('list', { name: 'VIP history' }).getByText(/Revoked · by .* · Refunded/).waitFor();
      await memberPage.reload();
      await memberPage.getByTestId('profile-username').waitFor();
      expect(await memberPage.getByTestId('vip-until').count()).toBe(0);
    } finally {
      await Promise.all([memberCtx, modCtx].map((c) => c.close()));
    }
  });
});
