import type { Browser, BrowserContext, Page } from 'playwright-core';
import { solveArithmetic } from '@app/testing';
import { RecoveryMessages } from '@app/contracts';
import { launchBrowser, screenshot } from './support/browser';
import { linkIn, waitForMail } from './support/mail';
import { stackInfo } from './support/stack-info';

const { baseUrl } = stackInfo();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(() => browser?.close());

async function openPage(width: number, height: number): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width, height } });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

async function solveCaptcha(form: ReturnType<Page['getByRole']>) {
  const question = await form.getByTestId('captcha-question').filter({ hasText: '=' }).textContent();
  await form.getByPlaceholder('Your answer').fill(String(solveArithmetic(question ?? '')));
  await form.getByRole('button', { name: 'Verify' }).click();
  await form.getByText('Verified', { exact: true }).waitFor();
}

async function noSideScroll(page: Page, width: number) {
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
}

describe('Account mail', () => {
  it('verifies the address from the sign-up mail, then resets a forgotten password from its mail', async () => {
    const { context, page } = await openPage(1280, 800);
    const username = `mail_${Date.now().toString(36)}`.slice(0, 20);
    const email = `${username}@example.com`;
    const firstPassword = 'Correct-Horse-Battery-42';
    const newPassword = 'Purple-Lantern-Orbit-77';
    try {
      await page.goto('/auth');
      await page.getByRole('tab', { name: 'Sign Up' }).click();
      const signUp = page.getByRole('form', { name: 'Sign Up' });
      await signUp.getByLabel('Username').fill(username);
      await signUp.getByLabel('Email').fill(email);
      await signUp.getByLabel('Password', { exact: true }).fill(firstPassword);
      await signUp.getByLabel('Confirm Password').fill(firstPassword);
      await signUp.getByText('Username is available').waitFor();
      await signUp.getByRole('checkbox', { name: /I agree to the/ }).click();
      await solveCaptcha(signUp);
      await signUp.getByRole('button', { name: 'Create Account' }).click();
      await page.waitForURL(`${baseUrl}/`);

      const banner = page.getByRole('region', { name: 'Please verify your email address' });
      await banner.waitFor();
      await screenshot(page, 'verify-banner-1280');

      const verification = await waitForMail(email, /Confirm your email address/);
      await page.goto(linkIn(verification, '/verify-email'));
      await page.getByText('Your email address is verified.').waitFor();
      await banner.waitFor({ state: 'detached' });
      await screenshot(page, 'verify-email-1280');

      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'Log out', exact: true }).click();
      await page.goto('/auth');
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      const forgot = page.getByRole('form', { name: 'Forgot your password?' });
      await forgot.getByLabel('Email').fill(email);
      await forgot.getByRole('button', { name: 'Send reset link' }).click();
      await page.getByText(RecoveryMessages.resetRequested).waitFor();
      await screenshot(page, 'forgot-password-1280');

      const reset = await waitForMail(email, /Reset your password/);
      await page.goto(linkIn(reset, '/reset-password'));
      const resetForm = page.getByRole('form', { name: 'Choose a new password' });
      await resetForm.getByLabel('New password', { exact: true }).fill(newPassword);
      await resetForm.getByLabel('Confirm new password').fill(newPassword);
      await resetForm.getByRole('button', { name: 'Set new password' }).click();
      await page.getByText(RecoveryMessages.passwordChanged).waitFor();
      await screenshot(page, 'reset-password-1280');

      await page.getByRole('main').getByRole('link', { name: 'Sign In' }).click();
      const signIn = page.getByRole('form', { name: 'Sign In' });
      await signIn.getByLabel('Email or Username').fill(email);
      await signIn.getByLabel('Password', { exact: true }).fill(newPassword);
      await solveCaptcha(signIn);
      await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.waitForURL(`${baseUrl}/`);
      await page.getByRole('button', { name: 'Account menu' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it.each([
    [1280, 800],
    [375, 812],
  ])('shows the mail screens at %i px without horizontal scrolling', async (width, height) => {
    const { context, page } = await openPage(width, height);
    try {
      await page.goto('/forgot-password');
      await page.getByRole('form', { name: 'Forgot your password?' }).waitFor();
      await screenshot(page, `forgot-password-form-${width}`);
      await noSideScroll(page, width);

      await page.goto('/reset-password?token=not-a-real-token');
      await page.getByRole('form', { name: 'Choose a new password' }).waitFor();
      await screenshot(page, `reset-password-form-${width}`);
      await noSideScroll(page, width);

      await page.goto('/verify-email?token=not-a-real-token');
      await page.getByRole('alert').filter({ hasText: RecoveryMessages.verifyLinkInvalid }).waitFor();
      await screenshot(page, `verify-email-invalid-${width}`);
      await noSideScroll(page, width);
    } finally {
      await context.close();
    }
  });
});
