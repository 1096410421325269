import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { solveArithmetic } from '@app/testing';
import { launchBrowser, screenshot } from './support/browser';
import { api, composer, createRoom, openRoom, sendText, signIn, startSpareGateway, uniqueName, waitOnline, type RoomRef } from './support/chat';
import { solidGif, solidPng } from './support/media';
import { stackInfo } from './support/stack-info';

const { baseUrl } = stackInfo();

/** Records the tones the page plays and the system notifications it shows. */
const RECORD_ALERTS = `
window.__alerts = { tones: [], notifications: [] };
const RealAudioContext = window.AudioContext;
window.AudioContext = class extends RealAudioContext {
  createOscillator() {
    const oscillator = super.createOscillator();
    const start = oscillator.start.bind(oscillator);
    oscillator.start = (when) => {
      window.__alerts.tones.push({ frequency: oscillator.frequency.value, at: when });
      start(when);
    };
    return oscillator;
  }
};
const RealNotification = window.Notification;
window.Notification = class extends RealNotification {
  constructor(title, options) {
    super(title, options);
    window.__alerts.notifications.push({ title, body: options && options.body });
  }
};
`;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

afterAll(() => browser?.close());

async function person(width: number, height: number, origin = baseUrl, { hasTouch = false } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: origin, viewport: { width, height }, hasTouch });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

async function roomIdOf(page: Page, leaving?: number): Promise<number> {
  await page.waitForURL((url) => /^\/chat\/\d+$/.test(url.pathname) && url.pathname !== `/chat/${leaving}`);
  return Number(new URL(page.url()).pathname.split('/').pop());
}

async function textOf(locator: Locator): Promise<string> {
  return (await locator.textContent())?.trim() ?? '';
}

describe('Chat in a public room', () => {
  it('a vip creates a room, a user joins it from the list, formatting and emoji arrive as sent, and the user meets the cooldown', async () => {
    const vip = await person(1280, 800);
    const user = await person(375, 812);
    await signIn(vip.context, baseUrl, 'vip');
    await signIn(user.context, baseUrl, 'user');
    const name = uniqueName('Lounge');

    // The create room dialog, with its validation messages.
    await vip.page.goto('/public-rooms');
    await vip.page.getByRole('button', { name: 'Create Room' }).click();
    const form = vip.page.getByRole('form', { name: 'Create Public Room' });
    await form.getByRole('button', { name: 'Create Room' }).click();
    await form.getByText('Room name is required').waitFor();
    await form.getByLabel('Room name').fill('x'.repeat(51));
    await form.getByLabel('Max users').fill('1');
    await form.getByRole('button', { name: 'Create Room' }).click();
    await form.getByText('Room name must be less than 50 characters').waitFor();
    await form.getByText('Max users must be between 2 and 500').waitFor();
    await form.getByLabel('Room name').fill(name);
    await form.getByLabel('Max users').fill('100');
    await form.getByRole('button', { name: 'Create Room' }).click();
    const roomId = await roomIdOf(vip.page);
    await vip.page.getByText(`Successfully created "${name}" room`, { exact: true }).waitFor();
    await waitOnline(vip.page);
    await vip.page.getByText('No messages yet').waitFor();
    await vip.page.getByText('Be the first to start the conversation!').waitFor();

    // The list shows the room with its real online count; joining leads into it.
    await user.page.goto(`/public-rooms?q=${encodeURIComponent(name)}`);
    const card = user.page.getByTestId('room-card').filter({ hasText: name });
    await card.getByTestId('room-online').filter({ hasText: '1/100 online' }).waitFor();
    await screenshot(user.page, 'public-rooms-375');
    expect(await user.page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    await card.getByRole('button', { name: `Join Room: ${name}` }).click();
    await user.page.waitForURL(`${baseUrl}/chat/${roomId}`);
    await waitOnline(user.page);
    await vip.page.getByTestId('room-notice').filter({ hasText: 'user joined the room' }).waitFor();
    await vip.page.getByRole('button', { name: 'Online users: 2' }).waitFor();

    // Bold, red, 18 px: the other side sees exactly that, and the composer resets.
    await vip.page.getByRole('button', { name: 'Bold' }).click();
    await vip.page.getByLabel('Font size').selectOption('18');
    await vip.page.getByRole('button', { name: 'Text colour' }).click();
    await vip.page.getByRole('menuitem', { name: 'Red' }).click();
    await sendText(vip.page, 'Hello from the VIP lounge');
    await vip.page.locator('textarea[aria-label="Message"]:placeholder-shown').waitFor();
    expect(await vip.page.getByRole('button', { name: 'Bold' }).getAttribute('aria-pressed')).toBe('false');
    expect(await vip.page.getByLabel('Font size').inputValue()).toBe('14');
    const formatted = user.page.getByTestId('message').filter({ hasText: 'Hello from the VIP lounge' });
    await formatted.waitFor();
    const style = await formatted.evaluate((el) => {
      const computed = getComputedStyle(el);
      // The colour is shown in the shade that reads on the light theme's bubbles (index.css).
      const probe = document.createElement('span');
      probe.style.color = 'color-mix(in oklab, #dc2626 65%, black)';
      document.body.append(probe);
      const readableRed = getComputedStyle(probe).color;
      probe.remove();
      return {
        weight: computed.fontWeight,
        sent: computed.getPropertyValue('--message-color').trim(),
        shownReadable: computed.color === readableRed,
        size: computed.fontSize,
      };
    });
    expect(style).toEqual({ weight: '700', sent: '#dc2626', shownReadable: true, size: '18px' });

    // Emoji from the picker, sent alone, travel as an emoji message.
    await vip.page.getByRole('button', { name: 'Emoji' }).click();
    await vip.page.getByRole('menuitem', { name: 'grinning face', exact: true }).click();
    await vip.page.getByRole('menuitem', { name: 'sparkling heart', exact: true }).click();
    await screenshot(vip.page, 'chat-emoji-picker-1280');
    await vip.page.keyboard.press('Escape');
    await composer(vip.page).press('Enter');
    const emoji = user.page.locator('[data-testid="message"][data-kind="emoji"]');
    await emoji.waitFor();
    expect(await textOf(emoji)).toBe('😀💖');

    // A regular user writes, then waits out the room's cooldown.
    await sendText(user.page, 'Hi VIP, nice room');
    await vip.page.getByTestId('message').filter({ hasText: 'Hi VIP, nice room' }).waitFor();
    expect(await composer(user.page).getAttribute('placeholder')).toMatch(/^Wait \d+s$/);
    expect(await textOf(user.page.getByTestId('wait-hint'))).toMatch(/^Wait \d+s$/);
    expect(await composer(user.page).isDisabled()).toBe(true);

    await screenshot(vip.page, 'chat-room-1280');
    await screenshot(user.page, 'chat-room-375');
    await user.page.getByRole('button', { name: 'Online users: 2' }).click();
    // Role rank first: the vip above the regular user.
    const entries = user.page.getByRole('list', { name: 'Online users' }).getByRole('button');
    await entries.nth(1).waitFor();
    const names = await entries.allTextContents();
    expect(names[0]).toMatch(/vip/);
    expect(names[1]).toMatch(/user \(you\)/);
    await screenshot(user.page, 'chat-online-users-375');
    await user.page.keyboard.press('Escape');
    expect(await user.page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);

    // A second tab shows the same wait: the server tells it when the room is entered.
    const tab = await user.context.newPage();
    await tab.goto(`/chat/${roomId}`);
    await waitOnline(tab);
    expect(await textOf(tab.getByTestId('wait-hint'))).toMatch(/^Wait \d+s$/);
    expect(await composer(tab).isDisabled()).toBe(true);

    // What no page can foresee, the same words a third time within 5 minutes, the server's 429 tells in the dialog.
    const open = await createRoom(vip.context, baseUrl, uniqueName('Open'), 0);
    await tab.goto(`/chat/${open.id}`);
    await waitOnline(tab);
    await sendText(tab, 'One more thing');
    await sendText(tab, 'One more thing');
    await composer(tab).fill('One more thing');
    await composer(tab).press('Enter');
    const dialog = tab.getByRole('dialog', { name: 'Rate Limit Reached' });
    await dialog.getByText("You've sent this message too many times within 5 minutes.").waitFor();
    expect(await dialog.getByText("You've sent 50 messages").count()).toBe(0);
    expect(await textOf(dialog.getByTestId('rate-limit-wait'))).toMatch(/^Please wait \d+ seconds$/);
    await dialog.getByRole('link', { name: 'Contact via WhatsApp' }).waitFor();
    await dialog.getByRole('button', { name: 'Continue as Normal User' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await tab.getByTestId('message').filter({ hasText: 'One more thing' }).count()).toBe(2);
  });

  it('a signed-out visitor joins as a guest through the dialogs and can read but not send', async () => {
    const visitor = await person(1280, 800);
    const vip = await person(1280, 800);
    await signIn(vip.context, baseUrl, 'vip');
    const rooms = await api<RoomRef[]>(vip.context, baseUrl, 'GET', 'rooms?type=public');
    const lounge = rooms.find((room) => room.name === 'General Lounge');
    if (!lounge) throw new Error('The seeded General Lounge is missing');

    await visitor.page.goto(`/chat/${lounge.id}`);
    await visitor.page.getByText('Joining Chat Room...').waitFor();
    const prompt = visitor.page.getByRole('dialog', { name: 'Join General Lounge' });
    await prompt.getByRole('link', { name: 'Sign Up for Free' }).waitFor();
    await screenshot(visitor.page, 'chat-join-prompt-1280');
    await prompt.getByRole('button', { name: 'Continue as Guest' }).click();

    const picker = visitor.page.getByRole('dialog', { name: 'Choose Your Username' });
    const field = picker.getByRole('textbox', { name: 'Username' });
    await field.fill('ab');
    await picker.getByRole('button', { name: 'Join Chat' }).click();
    await visitor.page.getByText('Username must be at least 3 characters long', { exact: true }).waitFor();

    const suffix = Date.now().toString(36).slice(-6);
    await field.fill(`Night-Owl ${suffix}!`);
    expect(await field.inputValue()).toBe(`nightowl${suffix}`);
    await picker.getByText('Username is available').waitFor();
    const question = await textOf(picker.getByTestId('captcha-question').filter({ hasText: '=' }));
    await picker.getByPlaceholder('Your answer').fill(String(solveArithmetic(question)));
    await picker.getByRole('button', { name: 'Verify' }).click();
    await picker.getByText('Verified', { exact: true }).waitFor();
    await picker.getByRole('button', { name: 'Join Chat' }).click();

    // The page comes back as the guest: reading, live, but no composer.
    await waitOnline(visitor.page);
    await visitor.page.getByText('Guests can read public rooms but cannot send messages. Sign up for free to chat.').waitFor();
    expect(await composer(visitor.page).count()).toBe(0);
    await openRoom(vip.context, lounge.id);
    await api(vip.context, baseUrl, 'POST', `rooms/${lounge.id}/messages`, { content: `Welcome, nightowl${suffix}!`, clientId: `welcome-${suffix}` });
    await visitor.page.getByTestId('message').filter({ hasText: `Welcome, nightowl${suffix}!` }).waitFor();
  });
});

describe('History', () => {
  it('scrolling back loads earlier messages above without moving what the reader was looking at', async () => {
    const vip = await person(1280, 800);
    const moderator = await person(1280, 800);
    const reader = await person(1280, 800);
    await signIn(vip.context, baseUrl, 'vip');
    await signIn(moderator.context, baseUrl, 'moderator');
    await signIn(reader.context, baseUrl, 'user');
    const room = await createRoom(vip.context, baseUrl, uniqueName('Archive'), 0);
    await openRoom(vip.context, room.id);
    await openRoom(moderator.context, room.id);
    // 120 messages: more than the 100 the join brings; two senders stay under the flood guard.
    for (let n = 1; n <= 120; n++) {
      const sender = n % 2 === 0 ? vip : moderator;
      await api(sender.context, baseUrl, 'POST', `rooms/${room.id}/messages`, { content: `History ${n}`, clientId: `history-${room.id}-${n}` });
    }
    const { page } = reader;
    await page.goto(`/chat/${room.id}`);
    await waitOnline(page);
    const message = (n: number) => page.getByTestId('message').filter({ hasText: new RegExp(`^History ${n}$`) });
    await message(120).waitFor();
    expect(await page.getByTestId('message').count()).toBe(100);

    const scroller = page.locator('ol[aria-label="Messages"]').locator('xpath=..');
    await scroller.evaluate((el) => el.scrollTo({ top: 0 }));
    await message(1).waitFor({ state: 'attached' });
    await page.getByText('This is the beginning of the conversation').waitFor({ state: 'attached' });
    expect(await page.getByTestId('message').count()).toBe(120);

    // The first message shown before is still in view; the page did not jump to the top.
    const view = (await scroller.boundingBox())!;
    const inView = async (n: number) => {
      const box = (await message(n).boundingBox())!;
      return box.y >= view.y && box.y + box.height <= view.y + view.height;
    };
    expect(await inView(21)).toBe(true);
    expect(await inView(1)).toBe(false);
  });
});

/** A finger on the screen: touches sent as Chromium's touch screen gets them (pointer events of type touch follow). */
async function fingers(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  type Point = { x: number; y: number };
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: Point[]) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map((point, id) => ({ ...point, id })) });
  /** Each finger from its start to its end, in steps, then lifted. */
  const gesture = async (paths: Array<[Point, Point]>, steps = 8) => {
    await touch('touchStart', paths.map(([from]) => from));
    for (let step = 1; step <= steps; step++) {
      await touch('touchMove', paths.map(([from, to]) => ({ x: from.x + ((to.x - from.x) * step) / steps, y: from.y + ((to.y - from.y) * step) / steps })));
    }
    await touch('touchEnd', []);
  };
  return {
    swipe: (from: Point, to: Point) => gesture([[from, to]]),
    pinch: (centre: Point, fromApart: number, toApart: number) =>
      gesture([
        [{ x: centre.x - fromApart / 2, y: centre.y }, { x: centre.x - toApart / 2, y: centre.y }],
        [{ x: centre.x + fromApart / 2, y: centre.y }, { x: centre.x + toApart / 2, y: centre.y }],
      ]),
    doubleTap: async (at: Point) => {
      for (let tap = 0; tap < 2; tap++) {
        await touch('touchStart', [at]);
        await touch('touchEnd', []);
      }
    },
  };
}

async function centreOf(locator: Locator) {
  const box = (await locator.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

describe('Images in chat', () => {
  for (const [width, height] of [
    [1280, 800],
    [375, 812],
  ] as const) {
    it(`pictures and GIFs open large in a viewer: keyboard, buttons, swipes, zoom by keys, double click, double tap and pinch, Escape (${width} px)`, async () => {
      const vip = await person(width, height);
      // A touch screen as well as a mouse and keys: a laptop's or a phone's.
      const user = await person(width, height, baseUrl, { hasTouch: true });
      await signIn(vip.context, baseUrl, 'vip');
      await signIn(user.context, baseUrl, 'user');
      const room = await createRoom(vip.context, baseUrl, uniqueName('Photos'), 0, { allowImages: true, allowGifs: true });
      await vip.page.goto(`/chat/${room.id}`);
      await waitOnline(vip.page);
      const { page } = user;
      await page.goto(`/chat/${room.id}`);
      await waitOnline(page);
      // A regular user has no image button.
      expect(await page.getByRole('button', { name: 'Send an image' }).count()).toBe(0);

      const thumbnails = page.locator('button[data-testid="message"]');
      const pictures = [
        { name: 'harbour.png', mimeType: 'image/png', buffer: await solidPng(640, 400, { r: 30, g: 90, b: 200 }) },
        { name: 'lighthouse.png', mimeType: 'image/png', buffer: await solidPng(400, 600, { r: 230, g: 120, b: 20 }) },
        { name: 'waves.gif', mimeType: 'image/gif', buffer: await solidGif(480, 320, { r: 20, g: 160, b: 140 }) },
      ];
      for (const [n, picture] of pictures.entries()) {
        await vip.page.getByTestId('image-input').setInputFiles(picture);
        await thumbnails.nth(n).locator('img').waitFor();
      }
      const [first, second, third] = [thumbnails.nth(0), thumbnails.nth(1), thumbnails.nth(2)];
      expect(await first.getAttribute('aria-label')).toBe('View full size: harbour.png');
      expect(await second.getAttribute('aria-label')).toBe('View full size: lighthouse.png');
      expect(await third.getAttribute('aria-label')).toBe('View full size: waves.gif');
      const sources = await Promise.all([first, second, third].map((thumbnail) => thumbnail.locator('img').getAttribute('src')));
      expect(sources[0]).toMatch(/^\/media\/chat\//);
      expect(sources[2]).toMatch(/\.gif$/);
      expect(new Set(sources).size).toBe(3);
      const secondId = await second.getAttribute('data-message-id');
      const focusComesBackTo = (id: string | null) => page.waitForFunction((wanted) => document.activeElement?.getAttribute('data-message-id') === wanted, id);

      // A click opens the first picture large, with who sent it and when.
      await first.click();
      const viewer = page.getByTestId('lightbox');
      await page.getByRole('dialog', { name: 'Photo from vip' }).waitFor();
      const shown = viewer.getByTestId('lightbox-image');
      const position = viewer.getByTestId('lightbox-position');
      const zoom = viewer.getByTestId('lightbox-zoom');
      const at = async (n: number) => {
        await position.filter({ hasText: `${n} of 3` }).waitFor();
        expect(await shown.getAttribute('src')).toBe(sources[n - 1]);
      };
      const zoomed = (percent: number) => zoom.filter({ hasText: `Zoom ${percent}%` }).waitFor();
      await at(1);
      expect(await viewer.locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      // Everything it offers is on the screen, at a phone's width too.
      for (const control of [viewer.getByRole('button', { name: 'Close' }), viewer.getByRole('button', { name: 'Next image' }), viewer.getByRole('button', { name: 'Zoom in' }), shown]) {
        const box = (await control.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
      }
      const original = await user.context.request.get(`${baseUrl}${await viewer.getByRole('link', { name: 'Open original' }).getAttribute('href')}`);
      expect(original.ok()).toBe(true);
      expect(original.headers()['content-type']).toMatch(/^image\//);
      await screenshot(page, `image-viewer-${width}`, { fullPage: false });

      // The arrows move between the pictures, and so does the on-screen button; the GIF is among them.
      await page.keyboard.press('ArrowRight');
      await at(2);
      await page.keyboard.press('ArrowLeft');
      await at(1);
      await viewer.getByRole('button', { name: 'Next image' }).click();
      await at(2);
      await page.keyboard.press('ArrowRight');
      await at(3);
      await page.getByRole('dialog', { name: 'GIF from vip' }).waitFor();
      await page.keyboard.press('ArrowLeft');
      await at(2);

      // Escape closes; focus is back on the thumbnail of the picture last shown.
      await page.keyboard.press('Escape');
      await viewer.waitFor({ state: 'detached' });
      await focusComesBackTo(secondId);

      // The keyboard alone: Enter on the focused thumbnail opens it; + and - zoom, 0 fits again.
      await first.focus();
      await page.keyboard.press('Enter');
      await viewer.waitFor();
      await at(1);
      await zoomed(100);
      await page.keyboard.press('+');
      await zoomed(150);
      await page.keyboard.press('+');
      await zoomed(200);
      await page.keyboard.press('-');
      await zoomed(150);
      await page.keyboard.press('0');
      await zoomed(100);
      // The buttons do the same.
      await viewer.getByRole('button', { name: 'Zoom in' }).click();
      await zoomed(150);
      await viewer.getByRole('button', { name: 'Zoom out' }).click();
      await zoomed(100);

      // The mouse: a double click zooms in to 2x where it points, a drag pans the zoomed picture, another double click fits it again.
      const middle = await centreOf(shown);
      await page.mouse.dblclick(middle.x, middle.y);
      await zoomed(200);
      const resting = await shown.evaluate((img) => new DOMMatrix(getComputedStyle(img).transform));
      await page.mouse.move(middle.x, middle.y);
      await page.mouse.down();
      await page.mouse.move(middle.x + 40, middle.y + 30, { steps: 5 });
      await page.mouse.up();
      await page.waitForFunction(
        ([img, before]) => {
          const now = new DOMMatrix(getComputedStyle(img as Element).transform);
          return now.a === 2 && Math.abs(now.e - (before as { e: number }).e - 40) < 1 && Math.abs(now.f - (before as { f: number }).f - 30) < 1;
        },
        [await shown.elementHandle(), { e: resting.e, f: resting.f }] as const,
      );
      await page.mouse.dblclick(middle.x, middle.y);
      await zoomed(100);
      // A new picture starts fitted.
      await page.keyboard.press('+');
      await zoomed(150);
      await page.keyboard.press('ArrowRight');
      await at(2);
      await zoomed(100);
      await page.keyboard.press('ArrowLeft');
      await at(1);

      // A finger: a swipe to the left shows the next picture, to the right the one before.
      const hand = await fingers(page);
      const centre = await centreOf(viewer.getByTestId('lightbox-stage'));
      const reach = Math.min(120, width / 3);
      await hand.swipe(centre, { x: centre.x - reach, y: centre.y });
      await at(2);
      await hand.swipe(centre, { x: centre.x - reach, y: centre.y });
      await at(3);
      await hand.swipe(centre, { x: centre.x + reach, y: centre.y });
      await at(2);
      // A short drag is no swipe.
      await hand.swipe(centre, { x: centre.x - 20, y: centre.y });
      await at(2);
      // A double tap zooms to 2x and back; two fingers spread apart zoom in, pinched together zoom out.
      await hand.doubleTap(centre);
      await zoomed(200);
      // Zoomed, a finger pans the picture instead of swiping to the next one.
      await hand.swipe(centre, { x: centre.x - reach, y: centre.y });
      await at(2);
      await hand.doubleTap(centre);
      await zoomed(100);
      await hand.pinch(centre, 40, 120);
      await zoomed(300);
      await hand.pinch(centre, 120, 40);
      await zoomed(100);
      // A swipe down closes, and focus is back on the picture's thumbnail.
      await hand.swipe(centre, { x: centre.x, y: centre.y + 160 });
      await viewer.waitFor({ state: 'detached' });
      await focusComesBackTo(secondId);
    });
  }
});

describe('Sellers', () => {
  it('a seller hears two 800 Hz tones, gets a browser notification in a background tab and finds the message on the notifications page', async () => {
    const seller = await person(1280, 800);
    const buyer = await person(1280, 800);
    await seller.context.grantPermissions(['notifications'], { origin: baseUrl });
    await seller.context.addInitScript(RECORD_ALERTS);
    // The seller's tab is in the background: browser notifications are for a tab out of sight.
    await seller.context.addInitScript(`Object.defineProperty(document, 'visibilityState', { get: () => 'hidden' }); Object.defineProperty(document, 'hidden', { get: () => true });`);
    const sellerUser = await signIn(seller.context, baseUrl, 'seller');
    await signIn(buyer.context, baseUrl, 'user');
    const [profile] = await api<Array<{ id: number }>>(buyer.context, baseUrl, 'GET', `sellers?userId=${sellerUser.id}`);
    const chat = await api<RoomRef>(buyer.context, baseUrl, 'POST', 'rooms/private', { sellerId: profile.id });

    // The seller is somewhere else in the app, online.
    const rooms = await api<RoomRef[]>(seller.context, baseUrl, 'GET', 'rooms?type=public');
    await seller.page.goto(`/chat/${rooms[0].id}`);
    await waitOnline(seller.page);
    await api(buyer.context, baseUrl, 'POST', `rooms/${chat.id}/messages`, { content: 'Hello, are you free for a call?', clientId: `ask-${Date.now()}` });

    await seller.page.waitForFunction('window.__alerts.tones.length >= 2');
    const alerts = await seller.page.evaluate<{ tones: Array<{ frequency: number; at: number }>; notifications: Array<{ title: string; body: string }> }>(
      'window.__alerts',
    );
    expect(alerts.tones.map((t) => t.frequency)).toEqual([800, 800]);
    expect(alerts.tones[1].at - alerts.tones[0].at).toBeCloseTo(0.4, 3);
    expect(alerts.notifications).toEqual([{ title: 'New message from user', body: 'Hello, are you free for a call?' }]);

    // Through the app's own menus, so the notifications of this visit stay in memory.
    await seller.page.getByRole('button', { name: 'Room menu' }).click();
    await seller.page.getByRole('menuitem', { name: 'Browse Rooms' }).click();
    await seller.page.getByRole('button', { name: 'Account menu' }).click();
    await seller.page.getByRole('menuitem', { name: 'Notifications', exact: true }).click();
    await seller.page.getByText('New message from user').waitFor();
    await seller.page.getByText('Hello, are you free for a call?').waitFor();
    await seller.page.getByTestId('notifications-unread').filter({ hasText: '1 unread' }).waitFor();
  });
});

describe('Private chats', () => {
  it('clicking an author opens a private chat that the other side sees in its list with the unread mark', async () => {
    const vip = await person(1280, 800);
    const user = await person(1280, 800);
    await signIn(vip.context, baseUrl, 'vip');
    await signIn(user.context, baseUrl, 'user');
    const room = await createRoom(vip.context, baseUrl, uniqueName('Meet'), 0);

    await vip.page.goto(`/chat/${room.id}`);
    await waitOnline(vip.page);
    await sendText(vip.page, 'Anyone up for a chat?');
    await user.page.goto(`/chat/${room.id}`);
    await waitOnline(user.page);
    await user.page.getByTestId('message').filter({ hasText: 'Anyone up for a chat?' }).waitFor();

    // Never with yourself.
    await user.page.getByRole('button', { name: /^Online users/ }).click();
    await user.page.getByRole('list', { name: 'Online users' }).getByRole('button', { name: /user \(you\)/ }).click();
    await user.page.getByText('You cannot start a private chat with yourself', { exact: true }).waitFor();

    await user.page.getByRole('button', { name: 'vip', exact: true }).click();
    const privateId = await roomIdOf(user.page, room.id);
    expect(privateId).not.toBe(room.id);
    await waitOnline(user.page);
    await user.page.getByRole('heading', { name: 'vip' }).waitFor();
    await sendText(user.page, 'psst, a private word');

    await vip.page.goto('/private-chats');
    const row = vip.page.getByTestId('chat-row').filter({ hasText: 'psst, a private word' });
    await row.getByTestId('unread-mark').waitFor();
    await screenshot(vip.page, 'private-chats-1280');
    await row.getByText('user', { exact: true }).click();
    await vip.page.waitForURL(`${baseUrl}/chat/${privateId}`);
    await vip.page.getByTestId('message').filter({ hasText: 'psst, a private word' }).waitFor();

    // Leaving a chat started in a public room leads back to that room.
    await user.page.getByRole('button', { name: 'Leave Room' }).click();
    await user.page.waitForURL(`${baseUrl}/chat/${room.id}`);

    await vip.page.goto('/private-chats');
    const readRow = vip.page.getByTestId('chat-row').filter({ hasText: 'psst, a private word' });
    await readRow.waitFor();
    expect(await readRow.getByTestId('unread-mark').count()).toBe(0);
  });
});

describe('Reconnecting', () => {
  it('after its gateway restarts the page reconnects and shows what was sent meanwhile, once each', async () => {
    const spare = await startSpareGateway();
    try {
      const moderator = await person(1280, 800, spare.url);
      const user = await person(1280, 800);
      await signIn(moderator.context, spare.url, 'moderator');
      await signIn(user.context, baseUrl, 'user');
      const room = await createRoom(moderator.context, spare.url, uniqueName('Restart'), 0);

      await moderator.page.goto(`/chat/${room.id}`);
      await waitOnline(moderator.page);
      await user.page.goto(`/chat/${room.id}`);
      await waitOnline(user.page);
      await sendText(user.page, 'before the restart');
      await moderator.page.getByTestId('message').filter({ hasText: 'before the restart' }).waitFor();

      await spare.stop();
      await moderator.page.getByTestId('connection-status').filter({ hasText: /^Reconnecting… \(attempt \d\)$/ }).waitFor();
      // What is typed now waits in the outbox until the connection is back.
      expect(await composer(moderator.page).isDisabled()).toBe(false);
      await sendText(user.page, 'while you were away 1');
      await sendText(user.page, 'while you were away 2');

      await spare.start();
      await moderator.page.getByTestId('connection-status').filter({ hasText: /^Online$/ }).waitFor({ timeout: 45_000 });
      const away = moderator.page.getByTestId('message').filter({ hasText: /while you were away/ });
      await away.nth(1).waitFor();
      expect(await moderator.page.getByTestId('message').allTextContents()).toEqual([
        'before the restart',
        'while you were away 1',
        'while you were away 2',
      ]);
      await sendText(moderator.page, 'back again');
      await user.page.getByTestId('message').filter({ hasText: 'back again' }).waitFor();
    } finally {
      await spare.close();
    }
  });
});
