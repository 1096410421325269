import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser';
import { APPLICATION, signIn, signUp } from './support/marketplace';
import { stackInfo } from './support/stack-info';

const { baseUrl } = stackInfo();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(() => browser?.close());

async function openPage(width = 1280, height = 800): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width, height } });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

async function next(page: Page, heading: string) {
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('heading', { name: heading, level: 2 }).waitFor();
}

describe('The expert marketplace', () => {
  it('takes an applicant through the wizard, a moderator through verification and a buyer to the chat', async () => {
    const displayName = `Coach ${Date.now().toString(36)}`;
    const applicant = await openPage();
    const moderator = await openPage();
    const buyer = await openPage();
    try {
      // The applicant fills in the five steps; Next refuses a bio that is too short, naming the step.
      await signUp(applicant.context, 'applicant');
      const page = applicant.page;
      await page.goto('/seller-registration');
      await page.getByRole('heading', { name: 'Basic Info', level: 2 }).waitFor();
      expect(await page.getByText('Step 1 of 5').isVisible()).toBe(true);
      await page.getByLabel('Display Name').fill(displayName);
      await page.getByLabel('Category').selectOption('emotional');
      await page.getByLabel('Short Bio').fill('Too short a bio.');
      await page.getByLabel('About Me').fill(APPLICATION.aboutMe);
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText('Basic Info needs attention', { exact: true }).waitFor();
      const errors = page.getByTestId('registration-errors');
      await errors.getByText('Bio must be at least 50 characters').waitFor();
      expect(await page.getByRole('heading', { name: 'Basic Info', level: 2 }).isVisible()).toBe(true);
      await screenshot(page, 'seller-registration-errors-1280');
      await page.getByLabel('Short Bio').fill(APPLICATION.bio);
      await next(page, 'Skills & Services');
      await errors.waitFor({ state: 'detached' });
      await page.getByLabel('Experience').fill(APPLICATION.experience);
      await page.getByLabel('Education').fill(APPLICATION.education);
      await page.getByLabel('Work History').fill(APPLICATION.workHistory);
      await page.getByRole('button', { name: 'English' }).click();
      await page.getByRole('button', { name: 'Spanish' }).click();
      await page.getByRole('textbox', { name: 'Services' }).fill('Stress coaching');
      await page.getByRole('textbox', { name: 'Services' }).press('Enter');
      await page.getByRole('textbox', { name: 'Specialties' }).fill('Burnout');
      await page.getByRole('textbox', { name: 'Specialties' }).press('Enter');
      await page.getByRole('textbox', { name: 'Specialties' }).fill('   ');
      await page.getByRole('textbox', { name: 'Specialties' }).press('Enter');
      expect(await page.getByRole('button', { name: /^Remove / }).count()).toBe(2);
      await next(page, 'Pricing & Availability');
      await page.getByLabel('Audio call price (USD per minute)').fill('19.5');
      await page.getByLabel('Video call price (USD per minute)').fill('29');
      await next(page, 'Portfolio');
      await next(page, 'Review & Submit');
      await page.getByTestId('registration-summary').getByText(displayName).waitFor();
      await page.getByText('reviewed by our team within 24-48 hours').waitFor();

      // Both agreements are required before anything is sent.
      await page.getByRole('button', { name: 'Submit Application' }).click();
      await page.getByText('Terms Required', { exact: true }).waitFor();
      await page.getByRole('checkbox', { name: /terms of service/ }).click();
      await page.getByRole('checkbox', { name: /commission structure/ }).click();
      await page.getByRole('button', { name: 'Submit Application' }).click();
      await page.waitForURL(`${baseUrl}/profile`);
      await page.getByText('Registration Successful!', { exact: true }).waitFor();
      // Applying changes no role: the profile shows the application under review, and no EXPERT badge yet.
      const application = page.getByRole('region', { name: 'Seller application' });
      await application.getByTestId('verification-status').filter({ hasText: 'under review' }).waitFor();
      await page.getByRole('banner').getByTestId('role-badge').filter({ hasText: 'USER' }).waitFor();

      // The seller's own page shows the review is pending; the public profile reads Unverified.
      await page.goto('/seller-profile');
      await page.getByTestId('verification-status').filter({ hasText: 'under review' }).waitFor();
      const publicHref = await page.getByRole('link', { name: 'View public profile' }).getAttribute('href');
      const sellerId = Number(/\/seller\/(\d+)$/.exec(publicHref ?? '')?.[1]);
      expect(sellerId).toBeGreaterThan(0);
      await page.goto(`/seller/${sellerId}`);
      await page.getByTestId('verification-badge').filter({ hasText: 'Unverified' }).waitFor();

      // A moderator verifies the application.
      await signIn(moderator.context, baseUrl, 'moderator');
      await moderator.page.goto('/moderation');
      await moderator.page.getByRole('heading', { name: 'Seller Applications' }).waitFor();
      const card = moderator.page.getByTestId('application').filter({ hasText: displayName });
      await card.getByRole('button', { name: `Verify ${displayName}` }).click();
      await moderator.page.getByText(`${displayName} is now verified`, { exact: true }).waitFor();
      await card.waitFor({ state: 'detached' });

      await page.reload();
      await page.getByTestId('verification-badge').filter({ hasText: 'Verified' }).waitFor();
      // Verified, the applicant is an expert everywhere their role shows.
      await page.getByRole('banner').getByTestId('role-badge').filter({ hasText: 'EXPERT' }).waitFor();

      // A buyer finds the new expert by search and starts a chat that opens the chat room.
      await signUp(buyer.context, 'buyer');
      await buyer.page.goto('/marketplace');
      await buyer.page.getByTestId('seller-card').first().waitFor();
      await buyer.page.getByLabel('Search experts').fill(displayName.toLowerCase());
      const found = buyer.page.getByTestId('seller-card').filter({ hasText: displayName });
      await found.waitFor();
      await buyer.page.waitForFunction(() => document.querySelectorAll('[data-testid="seller-card"]').length === 1);
      expect(await found.getByTestId('seller-price').textContent()).toBe('$19.50');
      await found.getByRole('link').first().click();
      await buyer.page.waitForURL(`${baseUrl}/seller/${sellerId}`);
      await buyer.page.getByRole('heading', { name: displayName, level: 1 }).waitFor();
      await buyer.page.getByRole('button', { name: /Start Chat/ }).click();
      await buyer.page.waitForURL(/\/chat\/\d+$/);
      const roomId = Number(/\/chat\/(\d+)$/.exec(buyer.page.url())?.[1]);
      expect(await buyer.page.evaluate(() => sessionStorage.getItem('chatSource'))).toBe('marketplace');
      const room = await buyer.context.request.get(`/api/rooms/${roomId}`);
      expect(room.status()).toBe(200);
      expect((await room.json()) as { type: string; sellerId: number }).toMatchObject({ type: 'private', sellerId });
      expect(await buyer.page.getByText('Select a Chat Room').count()).toBe(0);
    } finally {
      await Promise.all([applicant.context.close(), moderator.context.close(), buyer.context.close()]);
    }
  });

  it('sends signed-out visitors who want to chat to sign in, and says when a seller does not exist', async () => {
    const { context, page } = await openPage();
    try {
      await page.goto('/marketplace');
      const card = page.getByTestId('seller-card').first();
      await card.waitFor();
      await page.getByTestId('currency-badge').filter({ hasText: 'USD' }).waitFor();
      await card.getByRole('button', { name: /^Chat with/ }).click();
      await page.waitForURL(`${baseUrl}/auth`);

      await page.goto('/marketplace?category=career');
      await page.getByRole('button', { name: 'Career Guidance', pressed: true }).waitFor();
      await page.getByTestId('seller-card').first().waitFor();
      const categories = await page.getByTestId('seller-card').getByTestId('category-badge').allTextContents();
      expect(new Set(categories)).toEqual(new Set(['Career Guidance']));

      await page.goto('/seller/999999');
      await page.getByRole('heading', { name: 'Seller not found' }).waitFor();
      await page.getByRole('link', { name: 'Back to Marketplace' }).click();
      await page.waitForURL(`${baseUrl}/marketplace`);

      await page.goto('/seller-registration');
      await page.getByRole('heading', { name: 'Authentication Required' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it("shows a demo seller's pictures, stored and served by the product itself", async () => {
    const { context, page } = await openPage();
    try {
      await page.goto('/marketplace?q=Ananya');
      await page.getByTestId('seller-card').filter({ hasText: 'Ananya Rao' }).getByRole('link').first().click();
      await page.getByRole('tab', { name: 'Media' }).click();
      const pictures = page.getByRole('tabpanel').locator('img');
      await pictures.nth(2).scrollIntoViewIfNeeded();
      // Lazy pictures start loading once laid out in view: wait until each has finished, loaded or not.
      await pictures.evaluateAll((images) => Promise.all((images as HTMLImageElement[]).map((image) => image.decode().catch(() => undefined))));
      const loaded = await pictures.evaluateAll((images) =>
        (images as HTMLImageElement[]).map((image) => ({
          path: new URL(image.currentSrc).pathname.replace(/[\w-]+\.jpg$/, '*.jpg'),
          decoded: image.complete && image.naturalWidth === 1200,
        })),
      );
      expect(loaded).toEqual(Array.from({ length: 3 }, () => ({ path: '/media/gallery/*.jpg', decoded: true })));
    } finally {
      await context.close();
    }
  });

  it.each([
    [1280, 800],
    [375, 812],
  ])('shows the marketplace and a seller profile at %i px without horizontal scrolling', async (width, height) => {
    const { context, page } = await openPage(width, height);
    try {
      await page.goto('/marketplace');
      await page.getByTestId('seller-card').first().waitFor();
      await page.waitForLoadState('networkidle');
      await screenshot(page, `marketplace-${width}`);
      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);

      await page.getByTestId('seller-card').first().getByRole('link').first().click();
      await page.waitForURL(/\/seller\/\d+$/);
      await page.getByText('Starting from').waitFor();
      await page.waitForLoadState('networkidle');
      await screenshot(page, `seller-profile-${width}`);
      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
      await page.getByRole('tab', { name: 'Reviews' }).click();
      await page.getByRole('heading', { name: /^Reviews \(\d+\)$/ }).waitFor();
      await screenshot(page, `seller-reviews-${width}`);
    } finally {
      await context.close();
    }
  });

  it("shows the seller editor's five tabs at 375 px without a sideways swipe", async () => {
    const { context, page } = await openPage(375, 812);
    try {
      await signIn(context, baseUrl, 'seller');
      await page.goto('/seller-profile');
      const tabs = page.getByRole('tablist', { name: 'Profile sections' });
      await tabs.waitFor();
      const names = ['Overview', 'Professional', 'Pricing & Availability', 'Portfolio', 'Media'];
      expect(await tabs.getByRole('tab').allInnerTexts()).toEqual(names);
      // Nothing is hidden past the edge of the list or of the screen.
      expect(await tabs.evaluate((list) => list.scrollWidth - list.clientWidth)).toBe(0);
      for (const name of names) {
        const box = (await tabs.getByRole('tab', { name }).boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(375);
      }
      await screenshot(page, 'seller-editor-tabs-375');
      await tabs.getByRole('tab', { name: 'Media' }).click();
      expect(await tabs.getByRole('tab', { name: 'Media' }).getAttribute('aria-selected')).toBe('true');
      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    } finally {
      await context.close();
    }
  });
});
