import type { Browser } from 'playwright-core';
import { launchBrowser, openContext, screenshot } from './support/browser';
import { api } from './support/chat';
import { MEMBER_PASSWORD, signIn, signUp } from './support/marketplace';
import { stackInfo } from './support/stack-info';

const { baseUrl } = stackInfo();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(() => browser?.close());

describe("Where you're signed in", () => {
  for (const width of [1280, 375]) {
    it(`lists both browsers of one person, and ending the other from the first signs it out (${width} px)`, async () => {
      const first = await openContext(browser, baseUrl, width);
      const second = await openContext(browser, baseUrl, width);
      try {
        const username = await signUp(first, 'devices');
        await signIn(second, baseUrl, username, MEMBER_PASSWORD);

        const there = await second.newPage();
        there.setDefaultTimeout(15_000);
        await there.goto('/settings');
        await there.getByRole('region', { name: "Where you're signed in" }).getByTestId('session').nth(1).waitFor();

        const here = await first.newPage();
        here.setDefaultTimeout(15_000);
        await here.goto('/settings');
        const card = here.getByRole('region', { name: "Where you're signed in" });
        const rows = card.getByTestId('session');
        await rows.nth(1).waitFor();
        expect(await rows.count()).toBe(2);
        await rows.first().getByText('This device').waitFor();
        expect(await rows.nth(1).getByText('This device').count()).toBe(0);
        // Headless Chromium on Linux, from loopback (no country), with the password.
        expect(await rows.nth(1).textContent()).toMatch(/^Chrome on LinuxUnknown place · Signed in .+ with password/);
        await card.getByRole('button', { name: 'Sign out everywhere else' }).waitFor();
        expect(await here.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
        await screenshot(here, `devices-${width}`);

        await card.getByRole('button', { name: 'Sign out Chrome on Linux' }).click();
        await card.getByTestId('session').nth(1).waitFor({ state: 'detached' });
        expect(await rows.count()).toBe(1);
        expect(await card.getByRole('button', { name: 'Sign out everywhere else' }).count()).toBe(0);

        // The other browser's open page hears at once that its session ended, without a reload.
        await there.getByRole('heading', { name: 'Authentication Required' }).waitFor();
        await there.getByRole('link', { name: 'Sign In' }).first().waitFor();
        // The API answers it as a visitor (an empty body); this browser is still signed in.
        expect(await api(second, baseUrl, 'GET', 'users/me')).toBeFalsy();
        expect(await api<{ username: string }>(first, baseUrl, 'GET', 'users/me')).toMatchObject({ username: username.toLowerCase() });
      } finally {
        await first.close();
        await second.close();
      }
    });
  }
});
