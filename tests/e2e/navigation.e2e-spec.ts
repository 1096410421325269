import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { signUp } from './support/marketplace';
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

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

describe('Getting around', () => {
  it('offers a visitor on a desktop the main places from every page, and the landing anchors on the landing page', async () => {
    const { context, page } = await openPage();
    try {
      await page.goto('/');
      const nav = mainNav(page);
      for (const name of ['Marketplace', 'Public Rooms', 'Features', 'How It Works', 'Safety']) {
        expect(await nav.getByRole('link', { name, exact: true }).isVisible()).toBe(true);
      }
      expect(await nav.getByRole('link', { name: 'My Chats' }).count()).toBe(0);

      await nav.getByRole('link', { name: 'Marketplace', exact: true }).click();
      await page.waitForURL(`${baseUrl}/marketplace`);
      await page.getByRole('heading', { name: 'Expert Marketplace' }).waitFor();
      // Off the landing page its anchors leave the header (the header may commit a frame after the page).
      await nav.getByRole('link', { name: 'Features' }).waitFor({ state: 'detached' });

      await nav.getByRole('link', { name: 'Public Rooms', exact: true }).click();
      await page.waitForURL(`${baseUrl}/public-rooms`);
    } finally {
      await context.close();
    }
  });

  it('takes someone signed in from their settings to the marketplace and to their chats', async () => {
    const { context, page } = await openPage();
    try {
      await signUp(context, 'walker');
      await page.goto('/settings');
      await page.getByTestId('role-badge').waitFor();
      const nav = mainNav(page);
      await nav.getByRole('link', { name: 'My Chats', exact: true }).click();
      await page.waitForURL(`${baseUrl}/my-chats`);
      await nav.getByRole('link', { name: 'Marketplace', exact: true }).click();
      await page.waitForURL(`${baseUrl}/marketplace`);
      await page.getByRole('heading', { name: 'Expert Marketplace' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('keeps the main places in the drawer on a phone, where the header has no room for them', async () => {
    const { context, page } = await openPage(375, 740);
    try {
      await page.goto('/marketplace');
      expect(await mainNav(page).isVisible()).toBe(false);
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Public Rooms' }).click();
      await page.waitForURL(`${baseUrl}/public-rooms`);
    } finally {
      await context.close();
    }
  });

  it('serves the landing page drawn, linking every chunk it runs, and takes it over without a hydration error', async () => {
    const { context, page } = await openPage(375, 812);
    try {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      // A visitor's session check answers 401, which the browser logs: anything else is a fault.
      page.on('console', (message) => {
        if (message.type() === 'error' && !/status of 401/.test(message.text())) errors.push(message.text());
      });
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      const response = await page.goto('/');
      const html = (await response?.text()) ?? '';
      expect(html).toContain('Chat freely. Talk to experts.');
      // The numbers come from the server once the page is the app's: the build drew them loading.
      await page.getByText('Active users').waitFor();
      await page.waitForLoadState('networkidle');
      // Fetched at once from the HTML's own links, none of them waits for the entry to ask for it.
      const linked = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]);
      expect(scripts.length).toBeGreaterThan(1);
      expect(scripts.filter((script) => !linked.includes(script))).toEqual([]);

      // Taken over: its links now move within the app, with no new page load.
      let documents = 0;
      page.on('request', (request) => {
        if (request.resourceType() === 'document') documents++;
      });
      await page.getByRole('main').getByRole('link', { name: 'Free Public Rooms' }).click();
      await page.getByRole('heading', { name: 'Public Rooms', level: 1 }).waitFor();
      expect(documents).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('adds no history entry for a link to the page already shown, so one Back leaves the page', async () => {
    const { context, page } = await openPage();
    try {
      await page.goto('/public-rooms');
      await page.getByRole('heading', { name: 'Public Rooms', level: 1 }).waitFor();
      const nav = mainNav(page);
      await nav.getByRole('link', { name: 'Marketplace', exact: true }).click();
      await page.getByRole('heading', { name: 'Expert Marketplace' }).waitFor();
      const entries = await page.evaluate(() => history.length);

      await nav.getByRole('link', { name: 'Marketplace', exact: true }).click();
      await nav.getByRole('link', { name: 'Marketplace', exact: true }).click();
      expect(await page.evaluate(() => history.length)).toBe(entries);
      await page.goBack();
      await page.waitForURL(`${baseUrl}/public-rooms`);
    } finally {
      await context.close();
    }
  });

  it('paints the landing page in a dark device’s theme before any code runs, and keeps a chosen light theme', async () => {
    const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const withoutCode = await browser.newContext({ baseURL: baseUrl, colorScheme: 'dark', javaScriptEnabled: false });
    try {
      const page = await withoutCode.newPage();
      await page.goto('/');
      await page.getByRole('heading', { name: 'Chat freely. Talk to experts.' }).waitFor();
      expect(await background(page)).toBe('rgb(11, 16, 32)');
    } finally {
      await withoutCode.close();
    }

    const member = await browser.newContext({ baseURL: baseUrl, colorScheme: 'dark' });
    try {
      await signUp(member, 'lighttheme');
      const headers = { origin: baseUrl };
      const settings = await (await member.request.get('/api/users/me/settings')).json();
      const saved = await member.request.put('/api/users/me/settings', { headers, data: { ...settings, chat: { ...settings.chat, theme: 'light' } } });
      expect(saved.status()).toBe(200);
      const page = await member.newPage();
      page.setDefaultTimeout(15_000);
      await page.goto('/marketplace');
      await page.getByRole('heading', { name: 'Expert Marketplace' }).waitFor();
      await page.waitForFunction(() => document.documentElement.classList.contains('light'));
      expect(await background(page)).toBe('rgb(255, 255, 255)');
    } finally {
      await member.close();
    }
  });

  it('sends /rooms to the public rooms', async () => {
    const { context, page } = await openPage();
    try {
      const response = await page.goto('/rooms');
      expect(response?.status()).toBe(200);
      await page.waitForURL(`${baseUrl}/public-rooms`);
      await page.getByRole('heading', { name: 'Public Rooms', level: 1 }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('answers an unknown page with 404 and the app’s not-found screen, and an unknown API path with JSON', async () => {
    const { context, page } = await openPage();
    try {
      const response = await page.goto('/no-such-page');
      expect(response?.status()).toBe(404);
      await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();

      const api = await context.request.get('/api/no-such-endpoint');
      expect(api.status()).toBe(404);
      expect(api.headers()['content-type']).toMatch(/application\/json/);
    } finally {
      await context.close();
    }
  });
});
