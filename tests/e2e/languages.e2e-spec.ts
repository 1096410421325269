import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { solveArithmetic } from '@app/testing';
import { launchBrowser, screenshot } from './support/browser';
import { axeViolations } from './support/calls';
import { api, createRoom, openRoom, sendText, signIn, uniqueName } from './support/chat';
import { signUp } from './support/marketplace';
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

/** Connected to the chat, as the Hindi page says it (the words are for screen readers in a private chat). */
async function waitOnlineInHindi(page: Page) {
  await page.getByTestId('connection-status').filter({ hasText: /^ऑनलाइन$/ }).waitFor({ state: 'attached' });
  await page.getByText('चैट से कनेक्ट हो रहे हैं...').waitFor({ state: 'detached' });
}

/** Writes in the Hindi composer and waits for this very message to show. */
async function sendInHindi(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: 'संदेश', exact: true });
  await box.fill(text);
  await box.press('Enter');
  await page.getByTestId('message').filter({ hasText: text }).waitFor();
}

/** Answers the sign-up form's security question, as the Hindi page asks it. */
async function solveCaptchaInHindi(form: Locator) {
  const question = await form.getByTestId('captcha-question').filter({ hasText: '=' }).textContent();
  await form.getByPlaceholder('आपका जवाब').fill(String(solveArithmetic(question ?? '')));
  await form.getByRole('button', { name: 'जाँचें' }).click();
  await form.getByText('जाँच पूरी हुई', { exact: true }).waitFor();
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
      const served = await (await context.request.get('/', { headers: { 'accept-language': 'hi-IN,hi;q=0.9' } })).text();
      expect(served).toMatch(/<html lang="hi"/);
      // The landing page as the build rendered it in Hindi: words before any script runs, for people and crawlers.
      expect(served).toContain('खुलकर चैट करें।');
      expect(served).toContain('hreflang="hi"');

      // React taking over the Hindi HTML reports any mismatch as an error.
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(error.message));
      page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
      await page.goto('/');
      await waitForHeading(page, HINDI_TITLE);
      expect(await pageLanguage(page)).toBe('hi');
      await page.getByRole('link', { name: 'मुफ़्त पब्लिक रूम' }).first().waitFor();
      await expectSound(page, width, `hi-landing-${width}`);
      expect(problems).toEqual([]);

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
      await form.getByText('यह यूज़रनेम उपलब्ध है').waitFor();
      await form.getByRole('checkbox', { name: /उपयोग की शर्तों/ }).click();
      // A password the server refuses: its field message is worded in Hindi from its code.
      await form.getByLabel('पासवर्ड', { exact: true }).fill(username);
      await form.getByLabel('पासवर्ड दोबारा लिखें').fill(username);
      await solveCaptchaInHindi(form);
      await form.getByRole('button', { name: 'खाता बनाएँ' }).click();
      await page.getByText('पासवर्ड आपके यूज़रनेम जैसा नहीं होना चाहिए', { exact: true }).waitFor();
      expect(await page.getByText('Password must not be the same as your username').count()).toBe(0);

      await form.getByLabel('पासवर्ड', { exact: true }).fill('Correct-Horse-Battery-42');
      await form.getByLabel('पासवर्ड दोबारा लिखें').fill('Correct-Horse-Battery-42');
      // The refusal asked for a new question.
      await form.getByText('जाँच पूरी हुई', { exact: true }).waitFor({ state: 'detached' });
      await solveCaptchaInHindi(form);
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

interface ListedSeller {
  id: number;
  displayName: string;
  pricing: { audio: { price: number } };
  localPricing?: { audio: { price: number; currency: string } } | null;
}

describe('A Hindi reader of the marketplace', () => {
  it.each([
    [1280, 800],
    [375, 812],
  ])('finds experts, their prices and their reviews in Hindi, money and dates as hi-IN writes them, at %i px', async (width, height) => {
    const { context, page } = await hindiBrowser(width, height);
    try {
      await page.goto('/marketplace');
      await waitForHeading(page, 'विशेषज्ञ मार्केटप्लेस');
      await page.getByRole('searchbox', { name: 'विशेषज्ञ खोजें' }).waitFor();
      const sellers = (await (await context.request.get('/api/sellers')).json()) as ListedSeller[];
      const daniel = sellers.find((seller) => seller.displayName === 'Daniel Brooks');
      expect(daniel).toBeDefined();
      const card = page.getByTestId('seller-card').filter({ hasText: 'Daniel Brooks' });
      await card.getByRole('button', { name: 'Daniel Brooks से चैट करें' }).waitFor();
      // The price as Intl writes it for hi-IN, in the currency the visitor is shown, per minute in Hindi.
      const price = daniel!.localPricing?.audio ?? { price: daniel!.pricing.audio.price, currency: 'USD' };
      const money = new Intl.NumberFormat('hi-IN', { style: 'currency', currency: price.currency, currencyDisplay: 'narrowSymbol', useGrouping: 'min2', trailingZeroDisplay: 'stripIfInteger' } as Intl.NumberFormatOptions);
      expect(await card.getByTestId('seller-price').textContent()).toBe(money.format(price.price));
      await card.getByText('/मिनट').waitFor();
      await expectSound(page, width, `hi-marketplace-${width}`);

      await page.goto(`/seller/${daniel!.id}`);
      await waitForHeading(page, 'Daniel Brooks');
      await page.getByRole('button', { name: /^चैट शुरू करें · / }).waitFor();
      await page.getByRole('tab', { name: 'समीक्षाएँ' }).click();
      const date = page.getByTestId('review').first().locator('time');
      await date.waitFor();
      // A calendar date in hi-IN: Devanagari month names, in the browser's time zone (the machine's, as here).
      const written = new Intl.DateTimeFormat('hi-IN', { dateStyle: 'medium' }).format(new Date((await date.getAttribute('datetime'))!));
      expect(written).toMatch(/[\u0900-\u097F]/);
      expect(await date.textContent()).toBe(written);
      await expectSound(page, width, `hi-seller-${width}`);
    } finally {
      await context.close();
    }
  });
});

describe('A Hindi member', () => {
  it.each([
    [1280, 800],
    [375, 812],
  ])('talks in a public room and a private chat, and goes through Settings, in Hindi, at %i px', async (width, height) => {
    const host = await browser.newContext({ baseURL: baseUrl });
    const partner = await browser.newContext({ baseURL: baseUrl });
    const { context, page } = await hindiBrowser(width, height);
    try {
      await signIn(host, baseUrl, 'vip');
      const room = await createRoom(host, baseUrl, uniqueName('Hindi'), 0);
      const partnerName = await signUp(partner, 'hipartner');
      const partnerId = (await api<{ id: number }>(partner, baseUrl, 'GET', 'users/me')).id;
      const partnerPage = await openRoom(partner, room.id);
      await signUp(context, 'himember');
      // An account speaks the language it chose, whatever the browser asks for.
      await api(context, baseUrl, 'PUT', 'users/me/language', { language: 'hi' });

      await page.goto(`/chat/${room.id}`);
      await waitOnlineInHindi(page);
      const greeting = `नमस्ते सबको ${Date.now().toString(36)}`;
      await sendInHindi(page, greeting);
      await partnerPage.getByTestId('message').filter({ hasText: greeting }).waitFor();
      await expectSound(page, width, `hi-public-room-${width}`);

      // A private chat with someone met in that room.
      const chat = await api<{ id: number }>(context, baseUrl, 'POST', 'rooms/private', { userId: partnerId, originRoomId: room.id });
      await page.goto(`/chat/${chat.id}`);
      await waitOnlineInHindi(page);
      const question = `क्या आप कल मिल सकते हैं? ${Date.now().toString(36)}`;
      await sendInHindi(page, question);
      await partnerPage.goto(`/chat/${chat.id}`);
      await partnerPage.getByTestId('message').filter({ hasText: question }).waitFor();
      // Their coming in, and when they saw the question, in Hindi words and a hi-IN clock.
      await page.getByTestId('room-notice').filter({ hasText: `${partnerName} रूम में शामिल हुए` }).waitFor();
      const seen = page.getByTestId('seen');
      await seen.waitFor();
      const seenAt = new Date((await seen.locator('time').getAttribute('datetime'))!);
      expect(await seen.textContent()).toContain(new Intl.DateTimeFormat('hi-IN', { timeStyle: 'short' }).format(seenAt));
      await sendText(partnerPage, 'Sure, tomorrow works');
      await page.getByTestId('message').filter({ hasText: 'Sure, tomorrow works' }).waitFor();
      await expectSound(page, width, `hi-private-chat-${width}`);

      await page.goto('/settings');
      await waitForHeading(page, 'सेटिंग्स');
      const sound = page.getByRole('switch', { name: 'संदेश की आवाज़' });
      await sound.click();
      await page.getByRole('switch', { name: 'संदेश की आवाज़', checked: false }).waitFor();
      await page.getByRole('form', { name: 'परेशान न करें' }).waitFor();
      await expectSound(page, width, `hi-settings-${width}`);
    } finally {
      await Promise.all([context.close(), host.close(), partner.close()]);
    }
  });
});

describe('A Hindi visitor on a phone', () => {
  it('asks for a new password and reads the privacy policy in Hindi at 375 px', async () => {
    const width = 375;
    const { context, page } = await hindiBrowser(width, 812);
    try {
      await page.goto('/forgot-password');
      await waitForHeading(page, 'पासवर्ड भूल गए?');
      expect(await pageLanguage(page)).toBe('hi');
      const form = page.getByRole('form', { name: 'पासवर्ड भूल गए?' });
      await form.getByLabel('ईमेल').fill(`nobody_${Date.now().toString(36)}@example.com`);
      await expectSound(page, width, 'hi-forgot-password-375');
      await form.getByRole('button', { name: 'रीसेट लिंक भेजें' }).click();
      await page.getByRole('status').waitFor();
      await page.getByRole('link', { name: 'साइन इन पर वापस जाएँ' }).waitFor();

      await page.goto('/privacy-policy');
      await waitForHeading(page, 'गोपनीयता नीति');
      expect(await page.title()).toBe('गोपनीयता नीति | ChatMarket');
      const article = page.getByRole('article');
      await article.getByRole('heading', { level: 2, name: '7. आपके अधिकार' }).waitFor();
      expect(await article.getByRole('link').first().getAttribute('href')).toMatch(/^mailto:/);
      await expectSound(page, width, 'hi-privacy-policy-375');
    } finally {
      await context.close();
    }
  });
});
