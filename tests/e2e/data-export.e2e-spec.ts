import type { Browser } from 'playwright-core';
import { readFile } from 'node:fs/promises';
import { launchBrowser, openContext, screenshot } from './support/browser';
import { signUp } from './support/marketplace';
import { stackInfo } from './support/stack-info';

const { baseUrl } = stackInfo();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(() => browser?.close());

describe('Your data', () => {
  for (const width of [1280, 375]) {
    it(`asks for a copy of one's data in Settings and downloads the zip (${width} px)`, async () => {
      const context = await openContext(browser, baseUrl, width);
      try {
        await signUp(context, 'export');
        const page = await context.newPage();
        page.setDefaultTimeout(30_000);
        await page.goto('/settings');
        const card = page.getByRole('region', { name: 'Your data' });
        await card.getByRole('button', { name: 'Ask for a copy of my data' }).click();
        // The card follows the job until its link is there.
        const link = card.getByRole('link', { name: 'Download my data (zip)' });
        await link.waitFor();
        await card.getByText(/^You can ask for one export a day\. Ask again after /).waitFor();
        expect(await card.getByRole('button', { name: 'Ask for a copy of my data' }).count()).toBe(0);
        expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
        await screenshot(page, `data-export-${width}`);

        const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
        expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.zip$/);
        const zip = await readFile((await download.path()) as string);
        // A zip: its first local file header, and the central directory's end.
        expect(zip.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
        expect(zip.includes(Buffer.from('account.json'))).toBe(true);
      } finally {
        await context.close();
      }
    });
  }
});
