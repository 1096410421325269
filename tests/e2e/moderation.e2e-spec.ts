import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ModerationMessages } from '@app/contracts';
import { launchBrowser, openContext, screenshot } from './support/browser';
import { createRoom, openRoom, sendText, signIn, uniqueName } from './support/chat';
import { solveArithmetic } from '@app/testing';
import { MEMBER_PASSWORD, signUp } from './support/marketplace';
import { stackInfo } from './support/stack-info';

const { baseUrl } = stackInfo();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(() => browser?.close());

const newContext = (width?: number, height?: number): Promise<BrowserContext> => openContext(browser, baseUrl, width, height);

async function noSideScroll(page: Page, width: number) {
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
}

/** A moderator's action from its dialog: the reason, then Confirm; the dialog closes when the server took it. */
async function confirmAction(page: Page, reason: string, choose?: string) {
  const dialog = page.getByRole('dialog');
  if (choose) await dialog.getByRole('radio', { name: choose }).check();
  await dialog.getByLabel('Reason (required)').fill(reason);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('Reports and moderation', () => {
  it('a reported message is deleted and its sender muted, and both reach the open pages live', async () => {
    const [reporterCtx, senderCtx, readerCtx, modCtx] = [await newContext(), await newContext(375, 812), await newContext(), await newContext()];
    try {
      await signIn(reporterCtx, baseUrl, 'vip');
      const sender = await signUp(senderCtx, 'spam');
      await signIn(readerCtx, baseUrl, 'user');
      await signIn(modCtx, baseUrl, 'moderator');
      const room = await createRoom(reporterCtx, baseUrl, uniqueName('Reports'), 0);

      const senderPage = await openRoom(senderCtx, room.id);
      const readerPage = await openRoom(readerCtx, room.id);
      const reporterPage = await openRoom(reporterCtx, room.id);
      const spam = `Cheap followers ${Date.now().toString(36)}`;
      await sendText(senderPage, spam);
      await readerPage.getByTestId('message').filter({ hasText: spam }).waitFor();

      // The reporter reports the message.
      await reporterPage.getByTestId('message').filter({ hasText: spam }).waitFor();
      await reporterPage.getByRole('button', { name: `Message actions (${sender})` }).click();
      await reporterPage.getByRole('menuitem', { name: 'Report message' }).click();
      const reportDialog = reporterPage.getByRole('dialog', { name: 'Report message' });
      await reportDialog.getByRole('radio', { name: 'Spam' }).check();
      await reportDialog.getByLabel('Note (optional)').fill('Selling followers to everyone');
      await screenshot(reporterPage, 'report-dialog-1280', { fullPage: false });
      await reportDialog.getByRole('button', { name: 'Send report' }).click();
      await reporterPage.getByText(ModerationMessages.ReportReceived, { exact: true }).waitFor();

      // The moderator finds it in the queue with its evidence and deletes the message.
      const modPage = await modCtx.newPage();
      await modPage.goto('/moderation');
      await modPage.getByRole('button', { name: new RegExp(`Message by ${sender}`) }).click();
      const detail = modPage.getByRole('region', { name: `Message by ${sender}` });
      await detail.getByRole('region', { name: /Evidence/ }).getByText(spam).waitFor();
      await screenshot(modPage, 'moderation-report-1280');
      await detail.getByRole('button', { name: 'Delete message' }).click();
      await confirmAction(modPage, 'Spam: selling followers');

      for (const page of [readerPage, senderPage, reporterPage]) {
        await page.getByTestId('message').filter({ hasText: ModerationMessages.RemovedByModerator }).waitFor();
        expect(await page.getByTestId('message').filter({ hasText: spam }).count()).toBe(0);
      }

      // Then mutes the sender from the user view.
      await modPage.getByRole('tab', { name: 'Users' }).click();
      await modPage.getByLabel('Search by username or e-mail').fill(sender);
      await modPage.getByRole('button', { name: 'Search' }).click();
      await modPage.getByRole('button', { name: new RegExp(sender) }).first().click();
      await modPage.getByRole('region', { name: sender }).getByRole('button', { name: 'Mute' }).click();
      await confirmAction(modPage, 'Repeated spam', '24 hours');

      // The sender is told at once and the composer turns read-only with the end time.
      await senderPage.getByText(/^A moderator muted you/).first().waitFor();
      await senderPage.getByTestId('composer-read-only').filter({ hasText: /^You are muted until / }).waitFor();
      await screenshot(senderPage, 'muted-composer-375', { fullPage: false });
      await noSideScroll(senderPage, 375);

      // The audit list records both, with their reasons.
      await modPage.getByRole('tab', { name: 'Audit log' }).click();
      await modPage.getByText('Repeated spam').first().waitFor();
      await modPage.getByText('Spam: selling followers').first().waitFor();
      await screenshot(modPage, 'moderation-audit-1280');

      // The reporter's report shows its outcome.
      await reporterPage.goto('/notifications');
      await reporterPage.getByRole('region', { name: 'Your reports' }).getByText(ModerationMessages.OutcomeActionTaken).first().waitFor();
      await screenshot(reporterPage, 'my-reports-1280');
    } finally {
      await Promise.all([reporterCtx, senderCtx, readerCtx, modCtx].map((c) => c.close()));
    }
  });

  it("signs a suspended member's open page out at once, and their next sign-in says until when", async () => {
    const [memberCtx, modCtx] = [await newContext(375, 812), await newContext()];
    try {
      const member = await signUp(memberCtx, 'susp');
      const memberPage = await memberCtx.newPage();
      await memberPage.goto('/profile');
      await memberPage.getByRole('button', { name: 'Edit Profile' }).waitFor();

      await signIn(modCtx, baseUrl, 'moderator');
      const modPage = await modCtx.newPage();
      await modPage.goto('/moderation');
      await modPage.getByRole('tab', { name: 'Users' }).click();
      await modPage.getByLabel('Search by username or e-mail').fill(member);
      await modPage.getByRole('button', { name: 'Search' }).click();
      await modPage.getByRole('button', { name: new RegExp(member) }).first().click();
      await modPage.getByRole('region', { name: member }).getByRole('button', { name: 'Suspend' }).click();
      await confirmAction(modPage, 'Harassing other members');

      // The page the member has open turns signed out without a reload.
      await memberPage.getByRole('heading', { name: 'Authentication Required' }).waitFor();
      await memberPage.goto('/auth');
      const form = memberPage.getByRole('form', { name: 'Sign In' });
      await form.getByLabel('Email or Username').fill(member);
      await form.getByLabel('Password', { exact: true }).fill(MEMBER_PASSWORD);
      const question = await form.getByTestId('captcha-question').filter({ hasText: '=' }).textContent();
      await form.getByPlaceholder('Your answer').fill(String(solveArithmetic(question ?? '')));
      await form.getByRole('button', { name: 'Verify' }).click();
      await form.getByText('Verified', { exact: true }).waitFor();
      await form.getByRole('button', { name: 'Sign In', exact: true }).click();
      await memberPage.getByText(/^Your account is suspended until /).first().waitFor();
      await screenshot(memberPage, 'suspended-sign-in-375', { fullPage: false });
      await noSideScroll(memberPage, 375);
      expect(new URL(memberPage.url()).pathname).toBe('/auth');
    } finally {
      await Promise.all([memberCtx, modCtx].map((c) => c.close()));
    }
  });

  it.each([
    [1280, 800],
    [375, 812],
  ])('shows the moderation desk and the block list at %i px without horizontal scrolling', async (width, height) => {
    const context = await newContext(width, height);
    try {
      await signIn(context, baseUrl, 'moderator');
      const page = await context.newPage();
      await page.goto('/moderation');
      await page.getByRole('tab', { name: 'Reports' }).waitFor();
      await page.getByRole('heading', { name: 'Seller Applications' }).waitFor();
      await page.waitForLoadState('networkidle');
      await screenshot(page, `moderation-desk-${width}`);
      await noSideScroll(page, width);

      await page.goto('/settings');
      await page.getByRole('region', { name: 'Blocked people' }).waitFor();
      await page.waitForLoadState('networkidle');
      await screenshot(page, `settings-blocks-${width}`);
      await noSideScroll(page, width);
    } finally {
      await context.close();
    }
  });
});
