import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openContext, screenshot } from './support/browser';
import { api } from './support/chat';
import { stackInfo } from './support/stack-info';

const { baseUrl } = stackInfo();
/** Letters, digits and underscore: fit for a subject, an address and a username alike. */
const unique = (prefix: string) => `${prefix}_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(() => browser?.close());

/** At the stand-in provider's own page: who to be, as a person signs in at Google. */
async function signInAtProvider(page: Page, subject: string, email: string) {
  await page.waitForURL((url) => url.origin !== new URL(baseUrl).origin);
  await page.getByRole('heading', { name: 'Stand-in provider' }).waitFor();
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
}

describe('Sign-in with a provider', () => {
  it.each([1280, 375])('makes an account from the sign-in screen with a username picked on the spot, lists the provider in Settings, and signs in again, at %i px', async (width) => {
    const context = await openContext(browser, baseUrl, width);
    try {
      const page = await context.newPage();
      const subject = unique('sub');
      const email = `${unique('oidc')}@example.com`;
      await page.goto('/auth');
      // The configured provider's button, where the disabled Google and Facebook placeholders were.
      await page.getByRole('button', { name: 'Continue with Local provider' }).waitFor();
      expect(await page.getByRole('button', { name: /Facebook/ }).count()).toBe(0);
      await screenshot(page, `oidc-sign-in-${width}`);
      await page.getByRole('button', { name: 'Continue with Local provider' }).click();
      await signInAtProvider(page, subject, email);

      // Back here, a new identity picks its username.
      await page.getByRole('heading', { name: 'Choose your username' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/auth/provider');
      const username = unique('p').slice(0, 20);
      await page.getByRole('textbox', { name: 'Username' }).fill(username);
      await page.getByText('Username is available').waitFor();
      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
      await screenshot(page, `oidc-username-${width}`);
      await page.getByRole('button', { name: 'Create Account' }).click();
      await page.waitForURL(`${baseUrl}/`);
      expect(await api(context, baseUrl, 'GET', 'users/me')).toMatchObject({ username, email, isVerified: true, signedInWith: 'provider' });

      await page.goto('/settings');
      const card = page.getByRole('region', { name: 'Sign-in providers' });
      const row = card.getByTestId('linked-provider');
      await row.filter({ hasText: 'Local provider' }).waitFor();
      await row.getByText(email, { exact: false }).waitFor();
      await screenshot(page, `oidc-settings-${width}`);
      // Its only way in stays: no password, no passkey.
      await card.getByRole('button', { name: 'Remove Local provider' }).click();
      await page.getByText('This provider is the only way into your account. Set a password or add a passkey before removing it.').first().waitFor();

      // Signed out, the same identity signs straight back in from the sign-in screen.
      await api(context, baseUrl, 'POST', 'auth/logout', {});
      await page.goto('/auth');
      await page.getByRole('button', { name: 'Continue with Local provider' }).click();
      // The provider may remember the person (its own session) and send them straight back, or ask again.
      await page.waitForURL((url) => url.href === `${baseUrl}/` || url.pathname.startsWith('/interaction/'));
      if (new URL(page.url()).pathname.startsWith('/interaction/')) await signInAtProvider(page, subject, email);
      await page.waitForURL(`${baseUrl}/`);
      expect(await api(context, baseUrl, 'GET', 'users/me')).toMatchObject({ username, signedInWith: 'provider' });
    } finally {
      await context.close();
    }
  });
});
