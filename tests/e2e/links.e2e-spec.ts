import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openContext, screenshot } from './support/browser';
import { composer, createRoom, openRoom, signIn, uniqueName } from './support/chat';
import { stackInfo } from './support/stack-info';

const { baseUrl } = stackInfo();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(() => browser?.close());

const SENT = 'See https://docs.example.org/guide?step=2 and www.example.net or https://пример.com/x <b>not bold</b>';
const REL = 'noopener noreferrer nofollow ugc';

/** Each link of a message as the page has it: where it leads, how it opens, its words and the host shown beside them. */
function linksOf(page: Page) {
  return page
    .getByTestId('message')
    .filter({ hasText: 'not bold' })
    .locator('a')
    .evaluateAll((anchors) =>
      anchors.map((a) => ({
        href: a.getAttribute('href'),
        target: a.getAttribute('target'),
        rel: a.getAttribute('rel'),
        words: a.firstChild?.textContent ?? '',
        hostShown: a.querySelector('span')?.textContent ?? null,
      })),
    );
}

describe('Links in messages', () => {
  for (const width of [1280, 375] as const) {
    it(`open in a new tab as the sender's, with the host in sight, and markup stays words (${width} px)`, async () => {
      const [writerCtx, readerCtx] = [await openContext(browser, baseUrl, width), await openContext(browser, baseUrl, width)];
      try {
        await signIn(writerCtx, baseUrl, 'vip');
        await signIn(readerCtx, baseUrl, 'user');
        const room = await createRoom(writerCtx, baseUrl, uniqueName('Links'), 0);
        const writer = await openRoom(writerCtx, room.id);
        const reader = await openRoom(readerCtx, room.id);

        await composer(writer).fill(SENT);
        await composer(writer).press('Enter');
        for (const page of [writer, reader]) {
          const message = page.getByTestId('message').filter({ hasText: 'not bold' });
          await message.waitFor();
          expect(await linksOf(page)).toEqual([
            { href: 'https://docs.example.org/guide?step=2', target: '_blank', rel: REL, words: 'https://docs.example.org/guide?step=2', hostShown: null },
            // A bare www. address leads to its web page.
            { href: 'http://www.example.net', target: '_blank', rel: REL, words: 'www.example.net', hostShown: null },
            // Letters that could pass for another site's: the host it really leads to is shown, in punycode.
            { href: 'https://пример.com/x', target: '_blank', rel: REL, words: 'https://пример.com/x', hostShown: '(xn--e1afmkfd.com)' },
          ]);
          // What looks like markup is shown as typed, never made bold.
          expect(await message.locator('b').count()).toBe(0);
          expect(await message.textContent()).toContain('<b>not bold</b>');
          expect(await message.textContent()).toContain('https://пример.com/x(xn--e1afmkfd.com)');
          // The long words wrap inside the screen.
          const box = (await message.boundingBox())!;
          expect(box.x + box.width).toBeLessThanOrEqual(width);
        }
        await screenshot(reader, `message-links-${width}`, { fullPage: false });
      } finally {
        await Promise.all([writerCtx.close(), readerCtx.close()]);
      }
    });
  }
});
