import { act, screen, waitFor } from '@testing-library/react';
import { socketFrameReceived } from '@/lib/socket';
import { makeUser } from '@/test/fixtures';
import { renderApp, settleRenderedApps } from '@/test/render';
import { startTestServer, type TestServer } from '@/test/test-server';
import { installFakePush, THIS_ENDPOINT } from '@/features/push/__tests__/fake-push';
import { makeSession, SELLER, incomingCall } from './call-fixtures';

let server: TestServer;
let fake: ReturnType<typeof installFakePush>;
let pageNotifications: string[];

beforeEach(async () => {
  server = await startTestServer();
  pageNotifications = [];
  server.on('GET /api/calls/current', () => ({ body: { session: null } }));
  server.on('GET /api/calls/ice-servers', () => ({ body: { iceServers: [], ttlSeconds: 3600 } }));
  server.on('GET /api/notifications', () => ({ body: [] }));
  server.on('GET /api/push/subscriptions', () => ({ body: [] }));
  Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
});

afterEach(async () => {
  fake.restore();
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  await settleRenderedApps();
  await server.close();
});

/** The browser of the fake, whose Notification also records the notifications the page itself shows. */
function browser(options: Parameters<typeof installFakePush>[0]) {
  fake = installFakePush({ permission: 'granted', ...options });
  const PushNotification = window.Notification;
  class PageNotification {
    static get permission() {
      return PushNotification.permission;
    }
    onclick: (() => void) | null = null;
    close = jest.fn();
    constructor(title: string) {
      pageNotifications.push(title);
    }
  }
  Object.defineProperty(window, 'Notification', { value: PageNotification, configurable: true, writable: true });
}

async function sellerIsRung(push = true) {
  const settings = makeUser().settings;
  server.on('GET /api/users/me', () => ({
    body: makeUser({ id: SELLER.userId, username: 'coach_kim', role: 'seller', settings: { ...settings, notifications: { ...settings.notifications, push } } }),
  }));
  const { store } = renderApp('/settings');
  await screen.findByTestId('role-badge');
  await act(async () => void store.dispatch(socketFrameReceived(incomingCall())));
  await screen.findByRole('alertdialog', { name: 'alice' });
  return store;
}

describe('a ringing call’s notifications on a hidden tab', () => {
  it('leaves the pushed one (with Accept and Decline) alone rather than replacing it with the page’s own', async () => {
    browser({});
    fake.shown.push({ data: { url: '/calls', call: { sessionId: 5 } }, close: jest.fn() });
    await sellerIsRung();
    await waitFor(() => expect(fake.pushManager.getSubscription).toHaveBeenCalled());
    await act(async () => undefined);
    expect(pageNotifications).toEqual([]);
  });

  it('shows none of its own where this browser is subscribed and the settings let the call be pushed', async () => {
    browser({ subscribed: { endpoint: THIS_ENDPOINT } });
    await sellerIsRung();
    await waitFor(() => expect(fake.pushManager.getSubscription).toHaveBeenCalled());
    await act(async () => undefined);
    expect(pageNotifications).toEqual([]);
  });

  it('shows its own where the settings keep push off', async () => {
    browser({ subscribed: { endpoint: THIS_ENDPOINT } });
    await sellerIsRung(false);
    await waitFor(() => expect(pageNotifications).toEqual(['alice is calling you']));
  });

  it('closes the pushed one once the call stops ringing, but not a missed-call notice', async () => {
    browser({});
    const ringing = { data: { url: '/calls', call: { sessionId: 5 } }, close: jest.fn() };
    const other = { data: { url: '/calls', call: null }, close: jest.fn() };
    fake.shown.push(ringing, other);
    const store = await sellerIsRung();
    await act(async () => void store.dispatch(socketFrameReceived({ type: 'call_ended', reason: 'cancelled', session: makeSession({ state: 'ended', endReason: 'cancelled' }) })));
    await waitFor(() => expect(ringing.close).toHaveBeenCalledTimes(1));
    expect(other.close).not.toHaveBeenCalled();
  });
});
