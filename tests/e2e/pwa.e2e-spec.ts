import { PushText, type PushPayload } from '@app/contracts';
import type { Browser, BrowserContext } from 'playwright-core';
import sharp from 'sharp';
import { launchBrowser, openContext, screenshot } from './support/browser';
import { axeViolations, callScreen, callsOf, endOpenCall, FAKE_MEDIA_ARGS, openLive, sellerOf, signedInParticipant, type Participant } from './support/calls';
import { api } from './support/chat';
import {
  cachedPaths,
  clickNotification,
  deliverPush,
  fakeSubscriptionBody,
  installabilityErrors,
  launchProfile,
  shownNotifications,
  waitForWorkerControl,
} from './support/pwa';
import { stackInfo } from './support/stack-info';
import { eventually } from '@app/testing';

const { baseUrl } = stackInfo();
let browser: Browser;
const opened: Array<{ context: BrowserContext }> = [];

beforeAll(async () => {
  browser = await launchBrowser(FAKE_MEDIA_ARGS);
});

afterEach(async () => {
  for (const { context } of opened.splice(0)) {
    await endOpenCall(context).catch(() => undefined);
    await context.close();
  }
});

afterAll(() => browser?.close());

async function visitor(width?: number): Promise<BrowserContext> {
  const context = await openContext(browser, baseUrl, width);
  opened.push({ context });
  return context;
}

async function participant(username: string, width?: number): Promise<Participant> {
  const person = await signedInParticipant(browser, username, { width, height: width && width < 768 ? 812 : undefined });
  opened.push(person);
  await endOpenCall(person.context);
  return person;
}

interface Manifest {
  name: string;
  short_name: string;
  description: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: Array<{ src: string; sizes: string; type: string; purpose?: string }>;
  shortcuts: Array<{ name: string; url: string }>;
}

/** A ringing call's push, as chat-svc words it for the seller. */
function callPush(sessionId: number, buyer: string, ringExpiresAt: string): PushPayload {
  return {
    title: PushText.incomingCall(buyer, 'audio'),
    body: PushText.incomingCallBody,
    tag: `call-${sessionId}`,
    url: '/calls',
    silent: false,
    timestamp: new Date().toISOString(),
    call: { sessionId, callType: 'audio', ringExpiresAt },
  };
}

/** The buyer rings the seller from the seller's profile; answers the call as the seller's server knows it. */
async function ring(buyer: Participant, seller: Participant) {
  const profile = await sellerOf(buyer.context, seller.user.id);
  await openLive(buyer.page, `/seller/${profile.id}`);
  await buyer.page.getByRole('button', { name: /^Audio Call · \$[\d.]+\/min$/ }).click();
  await buyer.page.locator('[data-testid="call-screen"][data-call-phase="ringing"]').waitFor();
  await seller.page.getByRole('alertdialog', { name: buyer.user.username }).waitFor();
  const [call] = await callsOf(seller.context);
  expect(call.state).toBe('ringing');
  return call;
}

describe('Installable app', () => {
  it('links a manifest that browsers can install from: names, colours, start page, real icons and shortcuts', async () => {
    const context = await visitor();
    const page = await context.newPage();
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBeTruthy();
    const response = await context.request.get(href!);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as Manifest;
    expect(manifest).toMatchObject({ name: 'ChatMarket', short_name: 'ChatMarket', start_url: '/', scope: '/', display: 'standalone', theme_color: '#7c3aed', background_color: '#ffffff' });
    expect(manifest.description.length).toBeGreaterThan(20);
    // The page's own colour is the manifest's, so the installed app's title bar matches the site.
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe(manifest.theme_color);

    for (const icon of manifest.icons) {
      const image = await context.request.get(icon.src);
      expect(image.status()).toBe(200);
      expect(image.headers()['content-type']).toBe(icon.type);
      const { width, height, format } = await sharp(await image.body()).metadata();
      expect(`${width}x${height}`).toBe(icon.sizes);
      expect(format).toBe('png');
    }
    const any = manifest.icons.filter((icon) => (icon.purpose ?? 'any').split(' ').includes('any')).map((icon) => icon.sizes);
    expect(any).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable' && icon.sizes === '512x512')).toBe(true);

    const touchIcon = await context.request.get((await page.locator('link[rel="apple-touch-icon"]').getAttribute('href'))!);
    expect((await sharp(await touchIcon.body()).metadata()).width).toBe(180);

    expect(manifest.shortcuts.map((shortcut) => shortcut.name)).toEqual(['Public Rooms', 'My Chats', 'Marketplace']);
    for (const shortcut of manifest.shortcuts) {
      // The gateway answers 404 for a path the app has no screen for.
      expect((await context.request.get(shortcut.url)).status()).toBe(200);
    }
  });

  it('is installable by Chromium’s own checks (what Lighthouse’s installability audit read)', async () => {
    const profile = await launchProfile(baseUrl);
    try {
      const page = profile.context.pages()[0] ?? (await profile.context.newPage());
      await page.goto('/');
      await waitForWorkerControl(page);
      expect(await installabilityErrors(profile.context, page)).toEqual({ installability: [], manifest: [] });
    } finally {
      await profile.close();
    }
  });

  it('installs its worker, which precaches the app, and opens offline with the offline state shown (375 px)', async () => {
    const context = await visitor(375);
    const page = await context.newPage();
    await page.goto('/marketplace');
    await page.getByRole('heading', { name: 'Expert Marketplace' }).waitFor();
    await waitForWorkerControl(page);

    const entry = new URL((await page.locator('script[type="module"]').first().getAttribute('src'))!, baseUrl).pathname;
    const cached = await cachedPaths(page);
    expect(cached).toEqual(expect.arrayContaining(['/index.html', '/shell.html', '/offline.html', '/offline.css', '/manifest.webmanifest', '/icons/icon-192.png', entry]));
    expect(cached.filter((path) => /^\/(api|media|ws)(\/|$)/.test(path))).toEqual([]);
    // What the page asked the API while online was not kept.
    expect(cached.some((path) => path.startsWith('/api/'))).toBe(false);

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('link', { name: 'ChatMarket home' }).waitFor();
    const notice = page.getByTestId('offline-notice');
    await notice.getByText(/You are offline/).waitFor();
    await screenshot(page, 'pwa-offline-shell-375', { fullPage: false });

    await page.goto('/');
    await page.getByRole('heading', { name: 'Chat freely. Talk to experts.' }).waitFor();
    await notice.waitFor();

    // A page the app has no screen for has nothing to fall back on but the offline page.
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: 'You are offline' }).waitFor();
    await page.getByRole('link', { name: 'Go to the start page' }).waitFor();

    await context.setOffline(false);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Chat freely. Talk to experts.' }).waitFor();
    await waitForWorkerControl(page);
    await context.setOffline(true);
    await notice.waitFor();
    await context.setOffline(false);
    await notice.waitFor({ state: 'detached' });
  });
});

describe('The worker in the language the page chose', () => {
  it('shows its offline page and its own words on a notification in Hindi, though the browser asks for English (375 px)', async () => {
    const context = await visitor(375);
    await context.grantPermissions(['notifications'], { origin: baseUrl });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('heading', { name: 'Chat freely. Talk to experts.' }).waitFor();
    await waitForWorkerControl(page);
    await page.getByRole('contentinfo').getByRole('button', { name: 'हिन्दी', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'खुलकर चैट करें। विशेषज्ञों से बात करें।' }).waitFor();
    // The page told its worker, which keeps the word for when it is started anew (a push).
    const kept = () => page.evaluate(async () => (await (await caches.open('chatmarket-language')).match('/language'))?.text() ?? null);
    await eventually(async () => expect(await kept()).toBe('hi'), { timeoutMs: 10_000 });

    await context.setOffline(true);
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: 'आप ऑफ़लाइन हैं' }).waitFor();
    await page.getByRole('link', { name: 'शुरुआती पेज पर जाएँ' }).waitFor();
    expect(await page.evaluate<string>('document.documentElement.lang')).toBe('hi');
    await screenshot(page, 'pwa-offline-page-hi-375', { fullPage: false });
    await context.setOffline(false);

    // A call's push from a server that did not word its buttons: the worker words them.
    const tag = `call-e2e-hi-${Date.now().toString(36)}`;
    await deliverPush(context, page, baseUrl, { ...callPush(2_000_000_000, 'asha', new Date(Date.now() + 30_000).toISOString()), tag });
    const [shown] = await shownNotifications(page, tag);
    expect(shown.actions).toEqual([
      { action: 'accept', title: 'उठाएँ' },
      { action: 'decline', title: 'मना करें' },
    ]);
  });
});

describe('Push notifications', () => {
  it('lists the person’s devices in the settings, asks nothing on load, and removes a device (375 px)', async () => {
    const person = await participant('expert03', 375);
    const endpoint = `https://fcm.googleapis.com/fcm/send/e2e-${Date.now().toString(36)}`;
    const device = await api<{ id: number; browser: string }>(person.context, baseUrl, 'POST', 'push/subscriptions', fakeSubscriptionBody(endpoint));
    // Counts the page's permission questions: none may come before the button is pressed.
    await person.page.addInitScript(() => {
      const ask = Notification.requestPermission.bind(Notification);
      Object.assign(window, { permissionAsked: 0 });
      Notification.requestPermission = (...args) => {
        Object.assign(window, { permissionAsked: (window as unknown as { permissionAsked: number }).permissionAsked + 1 });
        return ask(...args);
      };
    });
    const asked = () => person.page.evaluate(() => (window as unknown as { permissionAsked: number }).permissionAsked);
    await person.context.grantPermissions(['notifications'], { origin: baseUrl });
    try {
      await person.page.goto('/settings');
      const section = person.page.getByRole('region', { name: 'Devices' });
      const row = section.getByTestId('push-device').filter({ hasText: device.browser });
      await row.getByText(/^Last used /).waitFor();
      // Not this browser's subscription: no "This device" on it, and this device is off.
      expect(await row.getByText('This device').count()).toBe(0);
      await section.getByText('Notifications are off for this device.').waitFor();
      const enable = section.getByRole('button', { name: 'Turn on notifications on this device' });
      await enable.waitFor();
      await screenshot(person.page, 'pwa-settings-devices-375');
      expect(await axeViolations(person.page)).toEqual([]);
      expect(await asked()).toBe(0);

      // Headless Chromium reaches no push service: the press asks, then says it could not subscribe.
      await enable.click();
      await section.getByRole('alert').filter({ hasText: 'Notifications could not be turned on on this device.' }).waitFor();
      expect(await asked()).toBe(1);

      await row.getByRole('button', { name: `Remove ${device.browser}` }).click();
      await row.waitFor({ state: 'detached' });
      await section.getByText('No device gets notifications yet.').waitFor();
      const left = await api<Array<{ id: number }>>(person.context, baseUrl, 'GET', 'push/subscriptions');
      expect(left.map((d) => d.id)).not.toContain(device.id);
    } finally {
      await api(person.context, baseUrl, 'DELETE', `push/subscriptions/${device.id}`).catch(() => undefined);
    }
  });

  it('shows a pushed message, and its press shows the message’s page in the open tab without reloading it', async () => {
    const person = await participant('user');
    await person.context.grantPermissions(['notifications'], { origin: baseUrl });
    await openLive(person.page, '/marketplace');
    await waitForWorkerControl(person.page);
    // Gone if the page were loaded afresh.
    await person.page.evaluate(() => Object.assign(window, { sameDocument: true }));

    const tag = `chat-e2e-${Date.now().toString(36)}`;
    await deliverPush(person.context, person.page, baseUrl, {
      title: 'New message from bob',
      body: 'Are you there?',
      tag,
      url: '/notifications',
      silent: true,
      timestamp: new Date().toISOString(),
      notificationId: 1,
    });
    const [shown] = await shownNotifications(person.page, tag);
    expect(shown).toMatchObject({ title: 'New message from bob', body: 'Are you there?', silent: true, requireInteraction: false, actions: [] });

    await clickNotification(person.context, tag);
    await person.page.waitForURL(`${baseUrl}/notifications`);
    await person.page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
    expect(await person.page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(await shownNotifications(person.page, tag, 0)).toEqual([]);
  });

  it('shows a pushed call with Accept and Decline; Accept opens the app on the call, answered', async () => {
    const seller = await participant('expert01');
    const buyer = await participant('vip');
    await seller.context.grantPermissions(['notifications', 'camera', 'microphone'], { origin: baseUrl });
    await openLive(seller.page, '/settings');
    await waitForWorkerControl(seller.page);

    const call = await ring(buyer, seller);
    const tag = `call-${call.id}`;
    await deliverPush(seller.context, seller.page, baseUrl, callPush(call.id, buyer.user.username, call.ringExpiresAt));
    const [shown] = await shownNotifications(seller.page, tag);
    expect(shown).toMatchObject({
      title: `Incoming audio call from ${buyer.user.username}`,
      body: PushText.incomingCallBody,
      requireInteraction: true,
      actions: [
        { action: 'accept', title: 'Accept' },
        { action: 'decline', title: 'Decline' },
      ],
      data: { url: '/calls', call: { sessionId: call.id, callType: 'audio' } },
    });
    expect(new URL(shown.icon).pathname).toBe('/icons/icon-192.png');
    expect(new URL(shown.badge).pathname).toBe('/icons/badge-96.png');

    await clickNotification(seller.context, tag, 'accept');
    // The worker leads the open tab to the call, which the page answers at once.
    await seller.page.waitForURL(`${baseUrl}/calls`);
    await callScreen(seller.page).waitFor();
    await buyer.page.locator('[data-testid="call-screen"][data-call-phase="connected"]').waitFor({ timeout: 30_000 });
    await seller.page.locator('[data-testid="call-screen"][data-call-phase="connected"]').waitFor();
    await screenshot(seller.page, 'pwa-accepted-from-notification-1280', { fullPage: false });
    expect((await callsOf(seller.context))[0]).toMatchObject({ id: call.id, state: 'connected' });
    expect(await shownNotifications(seller.page, tag, 0)).toEqual([]);

    await buyer.page.getByRole('button', { name: 'Hang up' }).click();
    await seller.page.getByTestId('call-summary').getByRole('heading', { name: 'Call completed' }).waitFor();
  });

  it('declines a pushed call from its Decline button without opening the app', async () => {
    const seller = await participant('expert02');
    const buyer = await participant('vip');
    await seller.context.grantPermissions(['notifications'], { origin: baseUrl });
    await openLive(seller.page, '/settings');
    await waitForWorkerControl(seller.page);

    const call = await ring(buyer, seller);
    const tag = `call-${call.id}`;
    await deliverPush(seller.context, seller.page, baseUrl, callPush(call.id, buyer.user.username, call.ringExpiresAt));
    await shownNotifications(seller.page, tag);

    const pages = seller.context.pages().length;
    await clickNotification(seller.context, tag, 'decline');
    await buyer.page.getByTestId('call-summary').getByRole('heading', { name: 'Call declined' }).waitFor();
    expect((await callsOf(seller.context))[0]).toMatchObject({ id: call.id, endReason: 'declined' });
    // No window was opened or led anywhere: the seller's page is where it was.
    expect(seller.context.pages()).toHaveLength(pages);
    expect(new URL(seller.page.url()).pathname).toBe('/settings');
    await seller.page.getByRole('alertdialog', { name: buyer.user.username }).waitFor({ state: 'detached' });
  });

  it('closes a call’s notification once the call is answered on the page', async () => {
    const seller = await participant('expert04');
    const buyer = await participant('vip');
    await seller.context.grantPermissions(['notifications', 'camera', 'microphone'], { origin: baseUrl });
    await openLive(seller.page, '/notifications');
    await waitForWorkerControl(seller.page);

    const call = await ring(buyer, seller);
    const tag = `call-${call.id}`;
    await deliverPush(seller.context, seller.page, baseUrl, callPush(call.id, buyer.user.username, call.ringExpiresAt));
    await shownNotifications(seller.page, tag);

    await seller.page.getByRole('alertdialog', { name: buyer.user.username }).getByRole('button', { name: 'Accept' }).click();
    await callScreen(seller.page).waitFor();
    expect(await shownNotifications(seller.page, tag, 0)).toEqual([]);
  });
});
