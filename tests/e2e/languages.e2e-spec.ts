import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { solveArithmetic } from '@app/testing';
import { launchBrowser, screenshot } from './support/browser';
import { axeViolations } from './support/calls';
import { stackInfo } from './support/stack-info';

const { baseUrl } = stackInfo();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(() => browser?.close());

const HINDI_TITLE = 'खुलकर चैट करें। विशेषज्ञों से बात करें।';
const ENGLISH_TITLE = 'Chat freely. Talk to experts.';

/** A browser set to Hindi: it asks for hi-IN in Accept-Language and says so in navigator.language. */
async function hindiBrowser(width: number, height: number): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width, height }, locale: 'hi-IN' });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

const pageLanguage = (page: Page) => page.evaluate<string>('document.documentElement.lang');

/** The page as it stands: nothing scrolls sideways at this width, and axe finds nothing. */
async function expectSound(page: Page, width: number, name: string) {
  await page.waitForLoadState('networkidle');
  await screenshot(page, name);
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
  expect(await axeViolations(page)).toEqual([]);
}

async function waitForHeading(page: Page, name: string) {
  await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
}

function footerLanguage(page: Page, name: string): Locator {
  return page.getByRole('contentinfo').getByRole('button', { name, exact: true });
}

describe('A visitor whose browser asks for Hindi', () => {
  it.each([
    [1280, 800],
    [375, 812],
  ])('reads the landing page in Hindi at %i px, switches to English in the footer and back, and signs up in Hindi', async (width, height) => {
    const { context, page } = await hindiBrowser(width, height);
    const username = `hi_${width}_${Date.now().toString(36)}`.slice(0, 20);
    try {
      // The server says the page's language before any script runs.
      const served = await context.request.get('/', { headers: { 'accept-language': 'hi-IN,hi;q=0.9' } });
      expect(await served.text()).toMatch(/<html lang="hi"/);

      await page.goto('/');
      await waitForHeading(page, HINDI_TITLE);
      expect(await pageLanguage(page)).toBe('hi');
      await page.getByRole('link', { name: 'मुफ़्त पब्लिक रूम' }).first().waitFor();
      await expectSound(page, width, `hi-landing-${width}`);

      await footerLanguage(page, 'English').click();
      await waitForHeading(page, ENGLISH_TITLE);
      expect(await pageLanguage(page)).toBe('en');
      // Chosen, it is remembered: the server serves the next page in it.
      await page.reload();
      await waitForHeading(page, ENGLISH_TITLE);
      expect(await pageLanguage(page)).toBe('en');

      await footerLanguage(page, 'हिन्दी').click();
      await waitForHeading(page, HINDI_TITLE);
      expect(await pageLanguage(page)).toBe('hi');

      await page.goto('/public-rooms');
      await waitForHeading(page, 'पब्लिक रूम');
      await page.getByTestId('room-card').first().waitFor();
      await expectSound(page, width, `hi-public-rooms-${width}`);

      await page.goto('/auth');
      await page.getByRole('tab', { name: 'साइन अप' }).click();
      const form = page.getByRole('form', { name: 'साइन अप' });
      await form.getByTestId('captcha-question').filter({ hasText: '=' }).waitFor();
      await expectSound(page, width, `hi-sign-up-${width}`);
      await form.getByLabel('यूज़रनेम').fill(username);
      await form.getByLabel('ईमेल').fill(`${username}@example.com`);
      await form.getByLabel('पासवर्ड', { exact: true }).fill('Correct-Horse-Battery-42');
      await form.getByLabel('पासवर्ड दोबारा लिखें').fill('Correct-Horse-Battery-42');
      await form.getByText('यह यूज़रनेम उपलब्ध है').waitFor();
      await form.getByRole('checkbox', { name: /उपयोग की शर्तों/ }).click();
      const question = await form.getByTestId('captcha-question').filter({ hasText: '=' }).textContent();
      await form.getByPlaceholder('आपका जवाब').fill(String(solveArithmetic(question ?? '')));
      await form.getByRole('button', { name: 'जाँचें' }).click();
      await form.getByText('जाँच पूरी हुई', { exact: true }).waitFor();
      await form.getByRole('button', { name: 'खाता बनाएँ' }).click();

      await page.waitForURL(`${baseUrl}/`);
      await page.getByTestId('role-badge').filter({ hasText: 'सदस्य' }).waitFor();
      await waitForHeading(page, HINDI_TITLE);
      // The account speaks the language it signed up in, on any device.
      expect(await page.evaluate<string>("fetch('/api/users/me').then((r) => r.json()).then((me) => me.language)")).toBe('hi');
      await expectSound(page, width, `hi-signed-in-${width}`);
    } finally {
      await context.close();
    }
  });
});
