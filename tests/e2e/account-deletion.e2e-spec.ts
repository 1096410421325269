import type { Browser, Page } from 'playwright-core';
import { ACCOUNT_DELETION_GRACE_DAYS } from '@app/contracts';
import { solveArithmetic } from '@app/testing';
import { launchBrowser, openContext, screenshot } from './support/browser';
import { MEMBER_PASSWORD, signUp } from './support/marketplace';
import { deviceAuthenticator, withoutPasskeyAutofill } from './support/passkeys';
import { stackInfo } from './support/stack-info';

const { baseUrl } = stackInfo();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(() => browser?.close());

async function solveCaptcha(form: ReturnType<Page['getByRole']>) {
  const question = await form.getByTestId('captcha-question').filter({ hasText: '=' }).textContent();
  await form.getByPlaceholder('Your answer').fill(String(solveArithmetic(question ?? '')));
  await form.getByRole('button', { name: 'Verify' }).click();
  await form.getByText('Verified', { exact: true }).waitFor();
}

describe('Delete account', () => {
  for (const width of [1280, 375]) {
    it(`asks in Settings, signs out, and signing in again cancels it with a notice (${width} px)`, async () => {
      const context = await openContext(browser, baseUrl, width);
      try {
        const username = await signUp(context, 'delete');
        const page = await context.newPage();
        page.setDefaultTimeout(30_000);
        await page.goto('/settings');
        const card = page.getByRole('region', { name: 'Delete account' });
        await card.getByText(`${ACCOUNT_DELETION_GRACE_DAYS} days later your profile`, { exact: false }).waitFor();
        await card.getByRole('button', { name: 'Delete my account…' }).click();
        await card.getByLabel('Password', { exact: true }).fill(MEMBER_PASSWORD);
        await card.getByLabel(`Type your username, ${username}, to confirm`).fill(username);
        expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
        await screenshot(page, `account-deletion-form-${width}`);
        await card.getByRole('button', { name: 'Delete my account', exact: true }).click();

        // Signed out, with the date the account goes.
        const notice = page.getByRole('region', { name: 'Your account is scheduled for deletion' });
        await notice.getByText(/^Your account will be deleted on /).waitFor();
        await page.getByRole('link', { name: 'Sign In' }).first().waitFor();
        // Nobody: the visitor's answer, with no session cookie left to send.
        const me = await context.request.get('/api/users/me');
        expect([me.status(), await me.text()]).toEqual([200, '']);
        expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
        await screenshot(page, `account-deletion-scheduled-${width}`);

        await notice.getByRole('link', { name: 'Sign in to keep my account' }).click();
        const form = page.getByRole('form', { name: 'Sign In' });
        await form.getByLabel('Email or Username').fill(username);
        await form.getByLabel('Password', { exact: true }).fill(MEMBER_PASSWORD);
        await solveCaptcha(form);
        await form.getByRole('button', { name: 'Sign In', exact: true }).click();
        await page.getByText('Your account was not deleted', { exact: true }).waitFor();
        await page.getByText('Signing in cancelled the deletion you asked for. Your account stays as it was.', { exact: true }).waitFor();
        await screenshot(page, `account-deletion-cancelled-${width}`, { fullPage: false });
        await page.getByRole('button', { name: 'Account menu' }).waitFor();

        // Settings shows nothing pending, and the card is there to ask again.
        await page.goto('/settings');
        await page.getByRole('region', { name: 'Delete account' }).getByRole('button', { name: 'Delete my account…' }).waitFor();
        expect(await page.getByText(/^Your account will be deleted on /).count()).toBe(0);
      } finally {
        await context.close();
      }
    });
  }

  it('is confirmed with a passkey instead of the password (375 px)', async () => {
    const context = await openContext(browser, baseUrl, 375);
    try {
      const username = await signUp(context, 'deletepk');
      const page = await context.newPage();
      page.setDefaultTimeout(30_000);
      await withoutPasskeyAutofill(page);
      const { cdp, authenticatorId } = await deviceAuthenticator(context, page);
      await page.goto('/settings');
      const passkeys = page.getByRole('region', { name: 'Passkeys' });
      await passkeys.getByText('You have no passkeys yet.').waitFor();
      await passkeys.getByLabel('Passkey name').fill('This phone');
      await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
      await passkeys.getByTestId('passkey').filter({ hasText: 'This phone' }).waitFor();
      const [added] = (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;

      const card = page.getByRole('region', { name: 'Delete account' });
      await card.getByRole('button', { name: 'Delete my account…' }).click();
      await card.getByRole('button', { name: 'Use a passkey instead' }).click();
      // The password is no longer asked; the device's prompt stands for it.
      expect(await card.getByLabel('Password', { exact: true }).count()).toBe(0);
      await card.getByText(/^Your device will ask for your passkey/).waitFor();
      await card.getByLabel(`Type your username, ${username}, to confirm`).fill(username);
      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
      await screenshot(page, 'account-deletion-passkey-375');
      await card.getByRole('button', { name: 'Delete my account', exact: true }).click();

      const notice = page.getByRole('region', { name: 'Your account is scheduled for deletion' });
      await notice.getByText(/^Your account will be deleted on /).waitFor();
      const me = await context.request.get('/api/users/me');
      expect([me.status(), await me.text()]).toEqual([200, '']);
      // The passkey signed the confirmation: its counter moved on.
      const [used] = (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
      expect(used.signCount).toBeGreaterThan(added.signCount);
    } finally {
      await context.close();
    }
  });
});
