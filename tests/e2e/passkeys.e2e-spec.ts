import { PasskeyMessages, TwoStepMessages } from '@app/contracts';
import type { Browser } from 'playwright-core';
import { launchBrowser, openContext, screenshot } from './support/browser';
import { api } from './support/chat';
import { signUp } from './support/marketplace';
import { deviceAuthenticator, withoutPasskeyAutofill } from './support/passkeys';
import { stackInfo } from './support/stack-info';

const { baseUrl } = stackInfo();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(() => browser?.close());

describe('Passkeys', () => {
  it.each([
    [1280, 'the button'],
    [375, 'the button'],
    [1280, 'the username field\'s autofill'],
    [375, 'the username field\'s autofill'],
  ] as const)('are added in Settings, then sign in without a password, at %i px, through %s', async (width, way) => {
    const context = await openContext(browser, baseUrl, width);
    try {
      const username = await signUp(context, 'passkey');
      const page = await context.newPage();
      if (way === 'the button') await withoutPasskeyAutofill(page);
      const { cdp, authenticatorId } = await deviceAuthenticator(context, page);
      await page.goto('/settings');
      const card = page.getByRole('region', { name: 'Passkeys' });
      await card.getByText('You have no passkeys yet.').waitFor();

      // A name is asked first; the device's prompt comes after.
      await card.getByRole('button', { name: 'Add a passkey' }).click();
      await card.getByText('Give the passkey a name, such as the device it is on.').waitFor();
      await card.getByLabel('Passkey name').fill('This laptop');
      await card.getByRole('button', { name: 'Add a passkey' }).click();
      const row = card.getByTestId('passkey').filter({ hasText: 'This laptop' });
      await row.getByText('not used yet').waitFor();
      const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
      expect(credentials).toHaveLength(1);
      expect(credentials[0]).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });
      const countAtRegistration = credentials[0].signCount;
      expect(await api<{ hasPasskey: boolean }>(context, baseUrl, 'GET', 'users/me')).toMatchObject({ username, hasPasskey: true });
      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
      await screenshot(page, `passkeys-settings-${width}`);

      // This session was opened with the password alone: it adds no second passkey, and says why.
      await card.getByLabel('Passkey name').fill('Again');
      await card.getByRole('button', { name: 'Add a passkey' }).click();
      await card.getByText(TwoStepMessages.addingNeedsSecondFactor).waitFor();

      await api(context, baseUrl, 'POST', 'auth/logout', {});
      await page.goto('/auth');
      const form = page.getByRole('form', { name: 'Sign In' });
      if (way === 'the button') {
        await screenshot(page, `passkeys-sign-in-${width}`);
        // No username, no password, no captcha: the browser offers the site's passkeys.
        await form.getByRole('button', { name: 'Sign in with a passkey' }).click();
      }
      // Otherwise the form offers the device's passkey among the username field's suggestions as it opens,
      // and Chromium's virtual authenticator picks it as the person would: nothing is clicked or typed. The
      // page may have moved on before the field could be read, so the session says how it was opened.
      await page.waitForURL(`${baseUrl}/`);
      expect(await api<{ username: string }>(context, baseUrl, 'GET', 'users/me')).toMatchObject({ username, signedInWith: 'passkey' });
      const [used] = (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
      expect(used.signCount).toBeGreaterThan(countAtRegistration);

      await page.goto('/settings');
      await card.getByTestId('passkey').filter({ hasText: 'This laptop' }).getByText(/last used/).waitFor();
      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
      await screenshot(page, `passkeys-used-${width}`);

      // Signed in with the passkey, the same device still cannot be added twice: it says so.
      await card.getByLabel('Passkey name').fill('Again');
      await card.getByRole('button', { name: 'Add a passkey' }).click();
      await card.getByText('This device has a passkey for your account already.').waitFor();
    } finally {
      await context.close();
    }
  });

  it('renames and removes a passkey from the keyboard, asking before it removes', async () => {
    const context = await openContext(browser, baseUrl, 375);
    try {
      await signUp(context, 'passkeyrm');
      const page = await context.newPage();
      await withoutPasskeyAutofill(page);
      const { cdp, authenticatorId } = await deviceAuthenticator(context, page);
      await page.goto('/settings');
      const card = page.getByRole('region', { name: 'Passkeys' });
      await card.getByLabel('Passkey name').fill('Phone');
      await card.getByLabel('Passkey name').press('Enter');
      await card.getByTestId('passkey').filter({ hasText: 'Phone' }).waitFor();

      await card.getByRole('button', { name: 'Rename Phone' }).focus();
      await page.keyboard.press('Enter');
      const field = card.getByRole('form', { name: 'Rename Phone' }).getByLabel('Passkey name');
      await field.fill('Old phone');
      await field.press('Enter');
      await card.getByTestId('passkey').filter({ hasText: 'Old phone' }).waitFor();

      await card.getByRole('button', { name: 'Remove Old phone' }).focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Remove this passkey?' });
      await dialog.waitFor();
      await screenshot(page, 'passkeys-remove-375', { fullPage: false });
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await card.getByTestId('passkey').count()).toBe(1);

      // The account's only second factor is not removed from a session the password alone opened.
      await card.getByRole('button', { name: 'Remove Old phone' }).click();
      await dialog.getByRole('button', { name: 'Remove passkey' }).click();
      await page.getByText(PasskeyMessages.lastSecondFactor, { exact: true }).waitFor();
      // The dialog stays open on a refusal; it is closed by hand.
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await card.getByTestId('passkey').count()).toBe(1);

      await api(context, baseUrl, 'POST', 'auth/logout', {});
      await page.goto('/auth');
      await page.getByRole('form', { name: 'Sign In' }).getByRole('button', { name: 'Sign in with a passkey' }).click();
      await page.waitForURL(`${baseUrl}/`);
      await page.goto('/settings');
      await card.getByRole('button', { name: 'Remove Old phone' }).click();
      await dialog.getByRole('button', { name: 'Remove passkey' }).click();
      await card.getByText('You have no passkeys yet.').waitFor();
      expect(await api<unknown[]>(context, baseUrl, 'GET', 'users/me/passkeys')).toEqual([]);
      // The device still holds it; the site no longer knows it, and says so.
      expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials).toHaveLength(1);
      await api(context, baseUrl, 'POST', 'auth/logout', {});
      await page.goto('/auth');
      await page.getByRole('form', { name: 'Sign In' }).getByRole('button', { name: 'Sign in with a passkey' }).click();
      await page.getByText('This passkey is not registered here: it may have been removed. Sign in with your password.').waitFor();
    } finally {
      await context.close();
    }
  });
});
