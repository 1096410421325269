import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { launchBrowser, screenshot } from './support/browser';
import { eventually, noisyPng, signIn, solidPng } from './support/media';
import { stackInfo } from './support/stack-info';

const { baseUrl } = stackInfo();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(() => browser?.close());

async function openSignedIn(username: string, width: number, height: number): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width, height } });
  await signIn(context, baseUrl, username);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/** Chooses files through the page's own Choose button and the browser's file chooser. */
async function chooseFiles(page: Page, button: string, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: button, exact: true }).click()]);
  await chooser.setFiles(files);
}

/** Every value the progress bar takes, recorded in the page as it changes. */
async function recordProgress(page: Page): Promise<() => Promise<number[]>> {
  await page.evaluate(`(() => {
    const seen = [];
    window.__progress = seen;
    new MutationObserver(() => {
      const bar = document.querySelector('[role=progressbar]');
      if (bar) seen.push(Number(bar.getAttribute('aria-valuenow')));
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
  })()`);
  return () => page.evaluate<number[]>('window.__progress');
}

/** The width of a loaded picture (0 until it has loaded). */
function naturalWidth(image: Locator): Promise<number> {
  return image.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth);
}

/** A full-page picture from the top, so that the sticky header sits where a person sees it. */
async function snap(page: Page, name: string) {
  await page.evaluate('window.scrollTo(0, 0)');
  await screenshot(page, name);
}

async function noHorizontalScroll(page: Page, width: number) {
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
}

describe('Profile avatar upload', () => {
  it('uploads a photo that becomes the avatar in the header and on the profile', async () => {
    const { context, page } = await openSignedIn('user', 1280, 800);
    try {
      await page.goto('/profile');
      await page.getByRole('button', { name: 'Edit Profile' }).click();
      await chooseFiles(page, 'Choose file', [
        { name: 'face.png', mimeType: 'image/png', buffer: await solidPng(320, 320, { r: 30, g: 160, b: 90 }) },
      ]);
      await page.getByRole('button', { name: 'Remove face.png' }).waitFor();
      await page.getByRole('button', { name: 'Replace face.png' }).waitFor();
      await snap(page, 'profile-avatar-chosen-1280');

      await page.getByRole('button', { name: 'Upload', exact: true }).click();
      await page.getByText('Your file has been uploaded successfully.', { exact: true }).waitFor();
      const avatarField = page.getByLabel('Avatar URL');
      const url = await eventually(() => avatarField.inputValue(), (value) => value !== '');
      expect(url).toMatch(/^\/media\/avatar\/[0-9a-f-]{36}\.png$/);

      // The header's avatar shows the stored picture, loaded from the server.
      const headerAvatar = page.getByRole('button', { name: 'Account menu' }).locator('img');
      await headerAvatar.waitFor();
      expect(await headerAvatar.getAttribute('src')).toBe(url);
      expect(await eventually(() => naturalWidth(headerAvatar), (w) => w > 0)).toBe(320);
      await snap(page, 'profile-avatar-uploaded-1280');

      // It is saved on the server: after a reload both the header and the profile show it.
      await page.reload();
      await page.getByRole('button', { name: 'Account menu' }).locator(`img[src="${url}"]`).waitFor();
      await page.locator(`main img[src="${url}"]`).waitFor();
      const served = await context.request.get(`${baseUrl}${url}`);
      expect(served.status()).toBe(200);
      expect(served.headers()['content-type']).toBe('image/png');
    } finally {
      await context.close();
    }
  });

  it('fits a phone screen while choosing a photo', async () => {
    const { context, page } = await openSignedIn('user', 375, 812);
    try {
      await page.goto('/profile');
      await page.getByRole('button', { name: 'Edit Profile' }).click();
      await page.getByRole('button', { name: 'Choose file', exact: true }).waitFor();
      await noHorizontalScroll(page, 375);
      await snap(page, 'profile-avatar-375');
      await chooseFiles(page, 'Choose file', [
        { name: 'a-rather-long-photo-name-from-my-phone-camera.png', mimeType: 'image/png', buffer: await solidPng(64, 64, { r: 200, g: 40, b: 40 }) },
      ]);
      await page.getByRole('button', { name: /^Replace / }).waitFor();
      await noHorizontalScroll(page, 375);
      await snap(page, 'profile-avatar-chosen-375');
    } finally {
      await context.close();
    }
  });
});

describe('Media test page', () => {
  it('uploads a chat image with a moving progress bar and shows the stored picture', async () => {
    const { context, page } = await openSignedIn('vip', 1280, 900);
    try {
      await page.goto('/media-test');
      const status = page.getByRole('list', { name: 'Integration status' });
      await status.getByRole('listitem').filter({ hasText: 'Media service' }).filter({ hasText: 'Working' }).waitFor();
      await status.getByRole('listitem').filter({ hasText: 'Object storage' }).filter({ hasText: 'Working' }).waitFor();
      await page.waitForLoadState('networkidle');
      await snap(page, 'media-test-1280');

      await page.getByRole('tab', { name: 'Chat Upload' }).click();
      const picture = await noisyPng(700, 700);
      await chooseFiles(page, 'Choose file', [{ name: 'holiday.png', mimeType: 'image/png', buffer: picture }]);

      // A slow uplink, so that the bar is seen between empty and full.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 20,
        downloadThroughput: -1,
        uploadThroughput: 400 * 1024,
      });
      const progress = await recordProgress(page);
      await page.getByRole('button', { name: 'Upload', exact: true }).click();
      await page.getByRole('progressbar', { name: 'Upload progress' }).waitFor();
      await page.getByRole('button', { name: 'Uploading...' }).waitFor();
      await snap(page, 'media-test-uploading-1280');

      const result = page.getByTestId('uploaded-file');
      await result.waitFor({ timeout: 60_000 });
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
      const values = await progress();
      expect(values.some((v) => v > 0 && v < 100)).toBe(true);
      expect(values).toEqual([...values].sort((a, b) => a - b));

      const image = result.getByRole('img', { name: 'holiday.png' });
      const src = await image.getAttribute('src');
      expect(src).toMatch(/^\/media\/chat\/[0-9a-f-]{36}\.png$/);
      expect(await eventually(() => naturalWidth(image), (w) => w > 0)).toBe(700);
      await page.getByText('Your file has been uploaded successfully.', { exact: true }).waitFor();
      await snap(page, 'media-test-chat-uploaded-1280');
    } finally {
      await context.close();
    }
  });

  it('uploads several seller media files and shows each one', async () => {
    const { context, page } = await openSignedIn('seller', 375, 812);
    try {
      await page.goto('/media-test');
      await page.getByRole('tab', { name: 'Media Upload', selected: true }).waitFor();
      const jpeg = await sharp({ create: { width: 90, height: 60, channels: 3, background: { r: 20, g: 60, b: 200 } } }).jpeg().toBuffer();
      await chooseFiles(page, 'Choose files', [
        { name: 'studio.png', mimeType: 'image/png', buffer: await solidPng(120, 80, { r: 250, g: 180, b: 0 }) },
        { name: 'desk.jpg', mimeType: 'image/jpeg', buffer: jpeg },
      ]);
      await page.getByRole('button', { name: 'Remove desk.jpg' }).waitFor();
      await noHorizontalScroll(page, 375);
      await snap(page, 'media-test-chosen-375');

      await page.getByRole('button', { name: 'Upload', exact: true }).click();
      await page.getByText('2 file(s) uploaded successfully', { exact: true }).waitFor();
      const results = page.getByTestId('uploaded-file');
      expect(await eventually(() => results.count(), (n) => n >= 2)).toBe(2);
      for (const name of ['studio.png', 'desk.jpg']) {
        const src = await results.getByRole('img', { name }).getAttribute('src');
        expect(src).toMatch(/^\/media\/seller\//);
      }
      await page.waitForLoadState('networkidle');
      await noHorizontalScroll(page, 375);
      await snap(page, 'media-test-375');
    } finally {
      await context.close();
    }
  });

  it("shows a regular member the server's refusal of a chat image", async () => {
    const { context, page } = await openSignedIn('user', 1280, 800);
    try {
      await page.goto('/media-test');
      await page.getByRole('tab', { name: 'Chat Upload' }).click();
      await chooseFiles(page, 'Choose file', [{ name: 'meme.png', mimeType: 'image/png', buffer: await solidPng(40, 40, { r: 0, g: 0, b: 0 }) }]);
      await page.getByRole('button', { name: 'Upload', exact: true }).click();
      await page.getByText('Upload failed', { exact: true }).waitFor();
      // The server's own reason, in the toast and under the file.
      await page.locator('main [role=alert]').filter({ hasText: 'Your account cannot do this' }).waitFor();
      expect(await page.getByTestId('uploaded-file').count()).toBe(0);
      await snap(page, 'media-test-refused-1280');
    } finally {
      await context.close();
    }
  });

  it('asks a signed-out visitor to log in', async () => {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 375, height: 700 } });
    try {
      const page = await context.newPage();
      await page.goto('/media-test');
      await page.getByText('Please log in to test media features').waitFor();
      await page.getByRole('link', { name: 'Sign In' }).last().waitFor();
    } finally {
      await context.close();
    }
  });
});
