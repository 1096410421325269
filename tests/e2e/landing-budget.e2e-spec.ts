import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { stackInfo } from './support/stack-info';

const { baseUrl, infra } = stackInfo();
/** The web app's budget (bench/ reports against the same file). */
const budget = JSON.parse(readFileSync(join(infra.webDist, '../budget.json'), 'utf8')) as { landingInitialJavaScriptGzipKb: number };

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(() => browser?.close());

/** kB as bench/README counts them: gzip -9 of the built file, 1000 bytes each. */
function gzipKb(file: string): number {
  return gzipSync(readFileSync(join(infra.webDist, file)), { level: 9 }).length / 1000;
}

it('a first visit to the landing page in English downloads no more JavaScript than its budget', async () => {
  const context = await browser.newContext({ baseURL: baseUrl, locale: 'en-US', serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('request', (request) => {
      if (request.resourceType() === 'script' && request.url().startsWith(baseUrl)) scripts.add(new URL(request.url()).pathname);
    });
    await page.goto('/', { waitUntil: 'load' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    const files = [...scripts].map((file) => ({ file, kb: gzipKb(file) }));
    const total = files.reduce((sum, { kb }) => sum + kb, 0);
    // The scripts by size, so a failure says what grew.
    const report = `${total.toFixed(1)} kB in ${files.length} files: ${files
      .sort((a, b) => b.kb - a.kb)
      .map(({ file, kb }) => `${file} ${kb.toFixed(1)}`)
      .join(', ')}`;
    expect({ withinBudget: total <= budget.landingInitialJavaScriptGzipKb, report }).toEqual({ withinBudget: true, report });
    expect(files.length).toBeGreaterThan(1);
  } finally {
    await context.close();
  }
});
