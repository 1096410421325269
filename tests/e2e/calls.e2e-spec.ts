import { callChargeCents, centsToAmount, priceToCents, splitCharge } from '@app/contracts';
import type { Browser } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser';
import {
  axeViolations,
  bytesReceived,
  callScreen,
  callsOf,
  endOpenCall,
  FAKE_MEDIA_ARGS,
  openLive,
  sellerOf,
  signedInParticipant,
  waitForMediaToGrow,
  waitForPlayingVideo,
  type Participant,
  type ParticipantOptions,
} from './support/calls';
import { stackInfo } from './support/stack-info';

const { baseUrl } = stackInfo();
let browser: Browser;
const opened: Participant[] = [];

beforeAll(async () => {
  browser = await launchBrowser(FAKE_MEDIA_ARGS);
});

afterEach(async () => {
  // A test that failed half way leaves nobody in a call for the next one.
  for (const person of opened.splice(0)) {
    await endOpenCall(person.context).catch(() => undefined);
    await person.context.close();
  }
});

afterAll(() => browser?.close());

async function participant(username: string, options?: ParticipantOptions) {
  const person = await signedInParticipant(browser, username, options);
  opened.push(person);
  await endOpenCall(person.context);
  return person;
}

/** About a megabyte a second flows on a fake-camera call: 20 kB more is media arriving, not stray packets. */
const MEDIA_GROWTH = 20_000;

describe('Calls', () => {
  it('connects a vip and a seller over WebRTC, shows the seller Busy to others, and bills the connected time alike on both screens and in the ledger', async () => {
    const seller = await participant('expert01', { width: 375, height: 812 });
    const buyer = await participant('vip');
    const watcher = await participant('user');
    const profile = await sellerOf(buyer.context, seller.user.id);

    await openLive(seller.page, '/notifications');
    await openLive(watcher.page, '/marketplace');
    const card = watcher.page.getByTestId('seller-card').filter({ hasText: profile.displayName });
    await card.getByTestId('seller-status').filter({ hasText: 'Available' }).waitFor();

    // The buyer calls from the seller's profile, at the price it shows.
    await openLive(buyer.page, `/seller/${profile.id}`);
    const videoButton = buyer.page.getByRole('button', { name: /^Video Call · \$[\d.]+\/min$/ });
    await videoButton.waitFor();
    await screenshot(buyer.page, 'calls-seller-profile-buttons-1280');
    await buyer.page.getByRole('tab', { name: 'Services' }).click();
    await buyer.page.getByRole('button', { name: 'Start video call' }).waitFor();
    await screenshot(buyer.page, 'calls-services-tab-1280');
    await videoButton.click();
    const buyerScreen = callScreen(buyer.page);
    await buyer.page.locator('[data-testid="call-screen"][data-call-phase="ringing"]').waitFor();
    await buyerScreen.getByText('Calling…').waitFor();
    await screenshot(buyer.page, 'calls-calling-1280', { fullPage: false });

    // Ringing makes the seller Busy for everyone, live.
    await card.getByTestId('seller-status').filter({ hasText: 'Busy' }).waitFor();

    // The seller, on another page of the app, answers from the prompt.
    const prompt = seller.page.getByRole('alertdialog', { name: 'vip' });
    await prompt.getByText('Incoming video call').waitFor();
    await screenshot(seller.page, 'calls-incoming-prompt-375', { fullPage: false });
    expect(await axeViolations(seller.page)).toEqual([]);
    await prompt.getByRole('button', { name: 'Accept' }).click();

    // Both sides connect: the clock runs and media arrives at each end.
    await buyer.page.getByTestId('call-elapsed').waitFor();
    const connectedAt = Date.now();
    await seller.page.getByTestId('call-elapsed').waitFor();
    await buyer.page.locator('[data-testid="call-screen"][data-call-phase="connected"]').waitFor();
    await seller.page.locator('[data-testid="call-screen"][data-call-phase="connected"]').waitFor();
    await Promise.all([waitForMediaToGrow(buyer.page, MEDIA_GROWTH), waitForMediaToGrow(seller.page, MEDIA_GROWTH)]);
    await Promise.all([waitForPlayingVideo(buyer.page, 'remote-video'), waitForPlayingVideo(seller.page, 'remote-video')]);
    expect(await bytesReceived(buyer.page)).toBeGreaterThan(MEDIA_GROWTH);
    expect(await bytesReceived(seller.page)).toBeGreaterThan(MEDIA_GROWTH);
    await buyer.page.getByTestId('call-cost').waitFor();
    await seller.page.getByTestId('call-earning').waitFor();

    // Mute and camera are toggles a keyboard reaches.
    const mute = buyerScreen.getByRole('button', { name: 'Mute microphone' });
    await mute.focus();
    await buyer.page.keyboard.press('Enter');
    await buyerScreen.getByRole('button', { name: 'Unmute microphone', pressed: true }).waitFor();
    await buyer.page.keyboard.press('Enter');
    await buyerScreen.getByRole('button', { name: 'Mute microphone', pressed: false }).waitFor();

    // A few seconds of talk, as the call screen counts them.
    await buyer.page.waitForFunction(() => Number(document.querySelector('[data-testid="call-elapsed"]')?.getAttribute('data-seconds')) >= 4);
    await screenshot(buyer.page, 'calls-connected-1280', { fullPage: false });
    expect(await axeViolations(buyer.page)).toEqual([]);
    await screenshot(seller.page, 'calls-connected-375', { fullPage: false });
    const hangUpAt = Date.now();
    await buyerScreen.getByRole('button', { name: 'Hang up' }).click();
    const connectedSeconds = (hangUpAt - connectedAt) / 1000;

    const buyerSummary = buyer.page.getByTestId('call-summary');
    const sellerSummary = seller.page.getByTestId('call-summary');
    await buyerSummary.getByRole('heading', { name: 'Call completed' }).waitFor();
    await sellerSummary.getByRole('heading', { name: 'Call completed' }).waitFor();
    await callScreen(buyer.page).waitFor({ state: 'detached' });
    await callScreen(seller.page).waitFor({ state: 'detached' });
    // The review form of the marketplace (the demo vip has reviewed this expert before: it edits that review).
    await buyerSummary.getByRole('form', { name: /^(Rate this expert|Your review)$/ }).waitFor();
    await screenshot(buyer.page, 'calls-summary-buyer-1280', { fullPage: false });
    expect(await axeViolations(buyer.page)).toEqual([]);
    await screenshot(seller.page, 'calls-summary-seller-375', { fullPage: false });

    // The ledger, as each side reads it, is the call both screens summarised.
    const [bought] = await callsOf(buyer.context);
    const [sold] = await callsOf(seller.context);
    expect(sold).toEqual(bought);
    expect(bought).toMatchObject({ endReason: 'completed', callType: 'video', buyer: { id: buyer.user.id }, seller: { id: profile.id } });
    expect(Math.abs(bought.durationSeconds - connectedSeconds)).toBeLessThanOrEqual(2);
    expect(bought.pricePerMinute).toBe(profile.pricing.video.price);
    const chargeCents = callChargeCents(priceToCents(profile.pricing.video.price), bought.durationSeconds);
    const split = splitCharge(chargeCents);
    expect(bought.amount).toBe(centsToAmount(chargeCents));
    expect(bought.commission).toBe(centsToAmount(split.commission));
    expect(bought.earning).toBe(centsToAmount(split.earning));
    expect(bought.amount).toBeGreaterThan(0);

    const money = (amount: number) => `$${amount.toFixed(2)}`;
    const duration = `${Math.floor(bought.durationSeconds / 60)}:${String(bought.durationSeconds % 60).padStart(2, '0')}`;
    expect(await buyerSummary.getAttribute('data-duration-seconds')).toBe(String(bought.durationSeconds));
    expect(await sellerSummary.getAttribute('data-duration-seconds')).toBe(String(bought.durationSeconds));
    expect(await buyerSummary.getByTestId('summary-duration').textContent()).toBe(duration);
    expect(await sellerSummary.getByTestId('summary-duration').textContent()).toBe(duration);
    expect(await buyerSummary.getByTestId('summary-amount').textContent()).toBe(money(bought.displayAmount));
    expect(await sellerSummary.getByTestId('summary-amount').textContent()).toBe(money(bought.amount));
    expect(await sellerSummary.getByTestId('summary-commission').textContent()).toBe(`−${money(bought.commission)}`);
    expect(await sellerSummary.getByTestId('summary-earning').textContent()).toBe(money(bought.earning));

    // The seller is free again for everyone.
    await card.getByTestId('seller-status').filter({ hasText: 'Available' }).waitFor();

    // Both calls pages list it; the seller's totals it by month.
    await sellerSummary.getByRole('link', { name: 'View all calls' }).click();
    await seller.page.waitForURL(`${baseUrl}/calls`);
    const sellerRow = seller.page.locator(`[data-testid="call-row"][data-call-id="${bought.id}"]`);
    expect(await sellerRow.getByTestId('call-earning').textContent()).toBe(money(bought.earning));
    await seller.page.getByTestId('earnings-table').waitFor();
    await screenshot(seller.page, 'calls-page-seller-375');
    expect(await axeViolations(seller.page)).toEqual([]);
    await buyerSummary.getByRole('button', { name: 'Done' }).click();
    await buyer.page.goto('/calls');
    const buyerRow = buyer.page.locator(`[data-testid="call-row"][data-call-id="${bought.id}"]`);
    expect(await buyerRow.getByTestId('call-duration').textContent()).toBe(duration);
    expect(await buyerRow.getByTestId('call-ended').textContent()).toBe('Call completed');
    await screenshot(buyer.page, 'calls-page-buyer-1280');
  });

  it('tells the buyer when the seller declines, and bills nothing', async () => {
    const seller = await participant('expert02');
    const buyer = await participant('vip', { width: 375, height: 812 });
    const profile = await sellerOf(buyer.context, seller.user.id);
    await openLive(seller.page, `/seller/${profile.id}`);
    await openLive(buyer.page, `/seller/${profile.id}`);

    await screenshot(buyer.page, 'calls-seller-profile-buttons-375');
    await buyer.page.getByRole('button', { name: /^Audio Call · / }).click();
    await callScreen(buyer.page).getByText('Calling…').waitFor();
    await screenshot(buyer.page, 'calls-calling-375', { fullPage: false });
    const prompt = seller.page.getByRole('alertdialog', { name: 'vip' });
    await prompt.getByText('Incoming audio call').waitFor();
    await screenshot(seller.page, 'calls-incoming-prompt-1280', { fullPage: false });
    // The seller's own profile shows them Busy while it rings.
    await seller.page.getByTestId('seller-status').filter({ hasText: 'Busy' }).waitFor();
    await prompt.getByRole('button', { name: 'Decline' }).click();
    await prompt.waitFor({ state: 'detached' });

    const summary = buyer.page.getByTestId('call-summary');
    await summary.getByRole('heading', { name: 'Call declined' }).waitFor();
    await summary.getByText('You were not charged for this call.').waitFor();
    expect(await summary.getByRole('form').count()).toBe(0);
    await screenshot(buyer.page, 'calls-declined-375', { fullPage: false });
    const [call] = await callsOf(buyer.context);
    expect(call).toMatchObject({ endReason: 'declined', callType: 'audio', seller: { id: profile.id }, durationSeconds: 0, amount: 0 });
    await seller.page.getByTestId('seller-status').filter({ hasText: 'Available' }).waitFor();
  });

  it('calls from the header of a private chat with the seller, and lets the buyer cancel while it rings', async () => {
    const seller = await participant('expert04');
    const buyer = await participant('vip', { width: 375, height: 812 });
    const profile = await sellerOf(buyer.context, seller.user.id);
    await openLive(seller.page, '/marketplace');
    await openLive(buyer.page, `/seller/${profile.id}`);
    await buyer.page.getByRole('button', { name: /^Start Chat/ }).click();
    await buyer.page.waitForURL(/\/chat\/\d+$/);
    const header = buyer.page.getByTestId('chat-call-buttons');
    await header.getByRole('button', { name: /^Video Call · \$[\d.]+\/min$/ }).waitFor();
    await screenshot(buyer.page, 'calls-chat-header-375');

    await header.getByRole('button', { name: /^Video Call · / }).click();
    const prompt = seller.page.getByRole('alertdialog', { name: 'vip' });
    await prompt.waitFor();
    await callScreen(buyer.page).getByRole('button', { name: 'Cancel' }).click();
    await prompt.waitFor({ state: 'detached' });
    await buyer.page.getByTestId('call-summary').getByRole('heading', { name: 'Call cancelled' }).waitFor();
    const [call] = await callsOf(seller.context);
    expect(call).toMatchObject({ endReason: 'cancelled', buyer: { id: buyer.user.id }, amount: 0, connectedAt: null });
  });

  it('ends a call whose other side vanished as dropped, billed only up to the last sign of life', async () => {
    const seller = await participant('expert08');
    const buyer = await participant('vip');
    const profile = await sellerOf(buyer.context, seller.user.id);
    await openLive(seller.page, '/notifications');
    await openLive(buyer.page, `/seller/${profile.id}`);
    await buyer.page.getByRole('button', { name: /^Audio Call · / }).click();
    await seller.page.getByRole('alertdialog', { name: 'vip' }).getByRole('button', { name: 'Accept' }).click();
    await buyer.page.getByTestId('call-elapsed').waitFor();
    const connectedAt = Date.now();
    await Promise.all([waitForMediaToGrow(buyer.page, 2_000), waitForMediaToGrow(seller.page, 2_000)]);
    await buyer.page.waitForFunction(() => Number(document.querySelector('[data-testid="call-elapsed"]')?.getAttribute('data-seconds')) >= 3);

    // The seller's tab goes away mid-call: no hang-up, no more heartbeats.
    await seller.page.close();
    const goneAt = Date.now();
    const summary = buyer.page.getByTestId('call-summary');
    await summary.getByRole('heading', { name: 'Call dropped' }).waitFor({ timeout: 40_000 });
    const [call] = await callsOf(buyer.context);
    expect(call).toMatchObject({ endReason: 'dropped', callType: 'audio' });
    const talked = (goneAt - connectedAt) / 1000;
    // Billed to the silent side's last heartbeat (at most one 5 s interval before it went) or to when the link went down.
    expect(call.durationSeconds).toBeLessThanOrEqual(Math.ceil(talked) + 1);
    expect(call.durationSeconds).toBeGreaterThanOrEqual(Math.floor(talked) - 6);
    expect(await summary.getAttribute('data-duration-seconds')).toBe(String(call.durationSeconds));
  }, 90_000);

  it('stops ringing an unanswered call after 30 seconds and records it as missed', async () => {
    const seller = await participant('expert05');
    const buyer = await participant('vip');
    const profile = await sellerOf(buyer.context, seller.user.id);
    await openLive(seller.page, '/public-rooms');
    await openLive(buyer.page, `/seller/${profile.id}`);

    await buyer.page.getByRole('button', { name: /^Audio Call · / }).click();
    const prompt = seller.page.getByRole('alertdialog', { name: 'vip' });
    await prompt.waitFor();
    // The server's ring timeout is 30 s; its sweep runs every second.
    await prompt.waitFor({ state: 'detached', timeout: 45_000 });
    await buyer.page.getByTestId('call-summary').getByRole('heading', { name: 'No answer' }).waitFor({ timeout: 10_000 });
    const [call] = await callsOf(buyer.context);
    expect(call).toMatchObject({ endReason: 'missed', amount: 0, connectedAt: null });
    expect(Date.parse(call.ringExpiresAt) - Date.parse(call.createdAt)).toBe(30_000);
    expect(Date.parse(call.endedAt ?? '')).toBe(Date.parse(call.ringExpiresAt));
  }, 90_000);

  it('says plainly when the camera is refused: the buyer rings nobody, and a seller who answers ends the call as failed, unbilled', async () => {
    const seller = await participant('expert06', { allowMedia: false });
    const buyer = await participant('vip', { allowMedia: false });
    const profile = await sellerOf(buyer.context, seller.user.id);
    await openLive(seller.page, '/notifications');
    await openLive(buyer.page, `/seller/${profile.id}`);
    const before = await callsOf(buyer.context);

    // The buyer's own camera is blocked: nothing rings.
    await buyer.page.getByRole('button', { name: /^Video Call · / }).click();
    const toasts = buyer.page.getByRole('region', { name: /^Notifications/ });
    await toasts.getByText('Camera or microphone unavailable', { exact: true }).waitFor();
    await toasts.getByText('Your camera or microphone is blocked.', { exact: false }).waitFor();
    await screenshot(buyer.page, 'calls-camera-blocked-1280', { fullPage: false });
    expect(await callScreen(buyer.page).count()).toBe(0);
    expect(await seller.page.getByRole('alertdialog').count()).toBe(0);
    expect((await callsOf(buyer.context)).map((c) => c.id)).toEqual(before.map((c) => c.id));

    // A buyer who allows them calls; the seller, who does not, answers.
    const allowed = await participant('vip');
    await openLive(allowed.page, `/seller/${profile.id}`);
    await allowed.page.getByRole('button', { name: /^Video Call · / }).click();
    const prompt = seller.page.getByRole('alertdialog', { name: 'vip' });
    await prompt.getByRole('button', { name: 'Accept' }).click();
    const sellerSummary = seller.page.getByTestId('call-summary');
    await sellerSummary.getByRole('heading', { name: 'Call failed' }).waitFor();
    await sellerSummary.getByRole('alert').filter({ hasText: 'Your camera or microphone is blocked.' }).waitFor();
    await allowed.page.getByTestId('call-summary').getByRole('heading', { name: 'Call failed' }).waitFor();
    await screenshot(seller.page, 'calls-failed-seller-1280', { fullPage: false });
    const [call] = await callsOf(seller.context);
    expect(call).toMatchObject({ endReason: 'failed', amount: 0, connectedAt: null, buyer: { id: allowed.user.id } });
  });
});
