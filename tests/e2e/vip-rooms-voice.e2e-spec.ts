import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser';
import { api, signIn, uniqueName, waitOnline } from './support/chat';
import { FAKE_MEDIA_ARGS } from './support/calls';
import { signUp } from './support/marketplace';
import { stackInfo } from './support/stack-info';

const { baseUrl } = stackInfo();
let browser: Browser;

beforeAll(async () => {
  // Chromium's fake microphone: a context granted 'microphone' records its test tone.
  browser = await launchBrowser(FAKE_MEDIA_ARGS);
});

afterAll(() => browser?.close());

async function newContext(width = 1280, microphone = false): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width, height: width < 768 ? 812 : 800 },
    permissions: microphone ? ['microphone'] : [],
  });
  context.setDefaultTimeout(20_000);
  return context;
}

async function me(context: BrowserContext): Promise<{ id: number; username: string }> {
  return api(context, baseUrl, 'GET', 'users/me');
}

async function vipRoom(context: BrowserContext): Promise<{ id: number; name: string }> {
  return api(context, baseUrl, 'POST', 'rooms', { name: uniqueName('Velvet'), category: 'music', messageCooldown: 0, vipOnly: true });
}

async function openRoom(context: BrowserContext, roomId: number): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`/chat/${roomId}`);
  await waitOnline(page);
  return page;
}

describe('VIP-only rooms', () => {
  it('a vip makes a room for VIP members only; a regular member sees it locked and is offered VIP, in the list and at its address', async () => {
    const [vipCtx, memberCtx] = [await newContext(1280), await newContext(375)];
    try {
      await signIn(vipCtx, baseUrl, 'vip');
      const vipPage = await vipCtx.newPage();
      await vipPage.goto('/public-rooms');
      await vipPage.getByRole('button', { name: 'Create Room' }).click();
      const dialog = vipPage.getByRole('dialog');
      const name = uniqueName('Inner').slice(0, 40);
      await dialog.getByLabel('Room name').fill(name);
      const vipOnly = dialog.getByRole('switch', { name: /VIP members only/ });
      // By keyboard, as a person tabbing through the form would.
      await vipOnly.focus();
      await vipOnly.press('Space');
      await vipOnly.and(vipPage.locator('[aria-checked="true"]')).waitFor();
      await screenshot(vipPage, 'vip-room-create-1280', { fullPage: false });
      await dialog.getByRole('button', { name: 'Create Room' }).click();
      await vipPage.waitForURL(/\/chat\/\d+$/);
      const roomId = Number(new URL(vipPage.url()).pathname.split('/').pop());
      await waitOnline(vipPage);

      await signUp(memberCtx, 'vipless');
      const memberPage = await memberCtx.newPage();
      await memberPage.goto(`/public-rooms?q=${encodeURIComponent(name)}`);
      const locked = memberPage.getByRole('button', { name: `Join Room: ${name} (VIP members only)` });
      await locked.waitFor();
      await memberPage.getByTestId('room-card').filter({ hasText: name }).getByTestId('vip-room-badge').waitFor();
      await screenshot(memberPage, 'vip-room-locked-list-375');
      await locked.click();
      const offer = memberPage.getByRole('dialog', { name: 'Upgrade to VIP' });
      await offer.getByRole('link', { name: 'Contact via WhatsApp' }).waitFor();
      await offer.getByRole('button', { name: 'Maybe Later' }).click();
      expect(new URL(memberPage.url()).pathname).toBe('/public-rooms');

      // Straight to the address: the room stays locked, with the offer, and none of its messages.
      await memberPage.goto(`/chat/${roomId}`);
      await memberPage.getByRole('dialog', { name: 'Upgrade to VIP' }).waitFor();
      await screenshot(memberPage, 'vip-room-locked-address-375');
      await memberPage.getByRole('button', { name: 'Maybe Later' }).click();
      await memberPage.getByRole('heading', { name: 'This room is for VIP members' }).waitFor();
      expect(await memberPage.getByTestId('message').count()).toBe(0);
      const history = await memberCtx.request.get(`${baseUrl}/api/rooms/${roomId}/messages`);
      expect(history.status()).toBe(403);
    } finally {
      await Promise.all([vipCtx.close(), memberCtx.close()]);
    }
  });
});

describe('voice notes', () => {
  it('a vip records a voice note in the composer and another vip hears it in the room at once', async () => {
    const [speakerCtx, listenerCtx, modCtx] = [await newContext(1280, true), await newContext(375), await newContext(1280)];
    try {
      await signIn(speakerCtx, baseUrl, 'vip');
      // The listener is a member made VIP by a moderator, as the product grants it.
      await signUp(listenerCtx, 'listener');
      const listener = await me(listenerCtx);
      await signIn(modCtx, baseUrl, 'moderator');
      await api(modCtx, baseUrl, 'POST', `moderation/users/${listener.id}/vip`, { reason: 'Paid through the messaging app', days: 1 });

      const room = await vipRoom(speakerCtx);
      const [speaker, hearer] = [await openRoom(speakerCtx, room.id), await openRoom(listenerCtx, room.id)];

      await speaker.getByRole('button', { name: 'Record a voice note' }).click();
      const recorder = speaker.getByRole('dialog', { name: 'Voice note' });
      const timer = recorder.getByRole('timer', { name: 'Recording' });
      await timer.filter({ hasText: /^0:02 \/ 2:00$/ }).waitFor({ timeout: 10_000 });
      await screenshot(speaker, 'voice-note-recording-1280', { fullPage: false });
      await recorder.getByRole('button', { name: 'Send' }).click();
      await recorder.waitFor({ state: 'detached' });

      // Live on the other screen: an inline player with its length, and audio the browser can read.
      const note = hearer.locator('[data-testid="message"][data-kind="voice"]');
      await note.waitFor();
      await note.getByText(/Voice note, 0:0[2-9]$/).waitFor();
      const audio = note.locator('audio');
      expect(await audio.getAttribute('src')).toMatch(/^\/media\/voice\/[0-9a-f-]{36}\.webm$/);
      await audio.evaluate((element: HTMLAudioElement) =>
        element.readyState >= HTMLMediaElement.HAVE_METADATA
          ? undefined
          : new Promise<void>((resolve, reject) => {
              element.addEventListener('loadedmetadata', () => resolve(), { once: true });
              element.addEventListener('error', () => reject(new Error('the voice note does not play')), { once: true });
              element.load();
            }),
      );
      await screenshot(hearer, 'voice-note-received-375', { fullPage: false });
      await speaker.locator('[data-testid="message"][data-kind="voice"]').waitFor();
    } finally {
      await Promise.all([speakerCtx.close(), listenerCtx.close(), modCtx.close()]);
    }
  });

  it('a regular member is offered VIP from the microphone', async () => {
    const memberCtx = await newContext(375, true);
    try {
      await signUp(memberCtx, 'novoice');
      const page = await openRoom(memberCtx, (await api<Array<{ id: number; vipOnly: boolean }>>(memberCtx, baseUrl, 'GET', 'rooms?type=public')).find((r) => !r.vipOnly)!.id);
      await page.getByRole('button', { name: 'Record a voice note' }).click();
      await page.getByRole('dialog', { name: 'Upgrade to VIP' }).waitFor();
      expect(await page.getByRole('dialog', { name: 'Voice note' }).count()).toBe(0);
    } finally {
      await memberCtx.close();
    }
  });
});
