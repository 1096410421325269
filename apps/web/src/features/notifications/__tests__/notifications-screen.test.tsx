import type { NotificationDto, UnreadNotificationsDto, UserSettings } from '@app/contracts';
import { DEFAULT_USER_SETTINGS } from '@app/contracts/browser';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { socketFrameReceived } from '@/lib/socket';
import { makeUser } from '@/test/fixtures';
import { renderApp, settleRenderedApps } from '@/test/render';
import { startTestServer, type TestServer } from '@/test/test-server';
import { notificationsApi } from '../api/notifications-api';
import { NOTIFICATIONS_TEXT } from '../notifications-copy';
import { ALERT_FREQUENCY_HZ, ALERT_GAP_MS } from '../seller-alert';

let server: TestServer;

const bob = { id: 8, username: 'bob', avatar: null, role: 'vip' as const };

function note(id: number, overrides: Partial<NotificationDto> = {}): NotificationDto {
  return {
    id,
    type: 'message',
    title: 'New message from bob',
    content: `message ${id}`,
    sender: bob,
    link: `/chat/${40 + id}`,
    roomId: 40 + id,
    timestamp: new Date().toISOString(),
    read: false,
    ...overrides,
  };
}

function serve(settings?: Partial<UserSettings>) {
  const base = makeUser();
  server.on('GET /api/users/me', () => ({ body: { ...base, settings: { ...base.settings, ...settings } } }));
}

beforeEach(async () => {
  server = await startTestServer();
  serve();
});

afterEach(async () => {
  await settleRenderedApps();
  await server.close();
});

it('lists the server’s notifications newest first, pages on, and marks one and all read', async () => {
  const user = userEvent.setup();
  let unread: UnreadNotificationsDto = { count: 3, rooms: [{ roomId: 43, count: 1 }, { roomId: 42, count: 1 }] };
  server.on('GET /api/notifications', (request) =>
    request.query.get('before') === '2'
      ? { body: { notifications: [note(1, { read: true, type: 'missed_call', title: 'Missed audio call from bob', roomId: null, link: '/calls' })], nextBefore: null } }
      : { body: { notifications: [note(3), note(2)], nextBefore: 2 } },
  );
  server.on('GET /api/notifications/unread', () => ({ body: unread }));
  server.on('POST /api/notifications/3/read', () => {
    unread = { count: 2, rooms: [{ roomId: 42, count: 1 }] };
    return { body: unread };
  });
  server.on('POST /api/notifications/read-all', () => ({ body: { count: 0, rooms: [] } }));
  renderApp('/notifications');

  const list = await screen.findByRole('list', { name: NOTIFICATIONS_TEXT.title });
  expect(within(list).getAllByTestId('notification').map((row) => row.textContent)).toEqual([
    expect.stringContaining('message 3'),
    expect.stringContaining('message 2'),
  ]);
  expect(await screen.findByText(NOTIFICATIONS_TEXT.unread(3))).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Notifications, 3 unread' })).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: NOTIFICATIONS_TEXT.loadMore }));
  expect(await within(list).findByText('Missed audio call from bob')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: NOTIFICATIONS_TEXT.loadMore })).not.toBeInTheDocument();

  await user.click(within(within(list).getAllByTestId('notification')[0]).getByRole('button', { name: NOTIFICATIONS_TEXT.markRead }));
  expect(await screen.findByText(NOTIFICATIONS_TEXT.unread(2))).toBeInTheDocument();
  expect(within(list).getAllByTestId('notification')[0]).toHaveAttribute('data-read', 'true');
  expect(within(list).getAllByTestId('notification')[1]).toHaveAttribute('data-read', 'false');
  await user.click(screen.getByRole('button', { name: NOTIFICATIONS_TEXT.markAllRead }));
  expect(await screen.findByText(NOTIFICATIONS_TEXT.unread(0))).toBeInTheDocument();
  expect(within(list).getAllByTestId('notification').map((row) => row.dataset.read)).toEqual(['true', 'true', 'true']);
  expect(screen.getByRole('link', { name: 'Notifications' })).toBeInTheDocument();
});

it('follows the message a notification was made of: new words when it is edited, gone when it is deleted', async () => {
  server.on('GET /api/notifications', () => ({ body: { notifications: [note(7, { content: 'Meet at the old mill' }), note(6)], nextBefore: null } }));
  server.on('GET /api/notifications/unread', () => ({ body: { count: 2, rooms: [{ roomId: 46, count: 1 }, { roomId: 47, count: 1 }] } }));
  const { store } = renderApp('/notifications');
  const list = await screen.findByRole('list', { name: NOTIFICATIONS_TEXT.title });
  await within(list).findByText('Meet at the old mill');
  expect(await screen.findByText(NOTIFICATIONS_TEXT.unread(2))).toBeInTheDocument();

  await act(async () => {
    store.dispatch(socketFrameReceived({ type: 'notification_changed', notification: note(7, { content: 'Meet at the station' }) }));
  });
  expect(await within(list).findByText('Meet at the station')).toBeInTheDocument();
  expect(within(list).queryByText('Meet at the old mill')).not.toBeInTheDocument();

  await act(async () => {
    store.dispatch(socketFrameReceived({ type: 'notifications_removed', ids: [7], unread: { count: 1, rooms: [{ roomId: 46, count: 1 }] } }));
  });
  await waitFor(() => expect(within(list).getAllByTestId('notification')).toHaveLength(1));
  expect(within(list).queryByText('Meet at the station')).not.toBeInTheDocument();
  expect(await screen.findByText(NOTIFICATIONS_TEXT.unread(1))).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
});

it('keeps the words of messages off the list with message previews off, and says everything else', async () => {
  serve({ chat: { theme: 'light', messagePreview: false, enterToSend: true, linkPreviews: true } });
  const warning = note(3, { type: 'warning', title: 'You received a warning', content: 'Reason: spam', sender: null, roomId: null, link: '/notifications#moderation-notices' });
  server.on('GET /api/notifications', () => ({ body: { notifications: [warning, note(2, { type: 'mention', content: '@me the secret plan' }), note(1, { content: 'the secret plan' })], nextBefore: null } }));
  server.on('GET /api/notifications/unread', () => ({ body: { count: 3, rooms: [] } }));
  renderApp('/notifications');
  const list = await screen.findByRole('list', { name: NOTIFICATIONS_TEXT.title });
  await within(list).findByText('Reason: spam');
  await waitFor(() => expect(within(list).getAllByText(NOTIFICATIONS_TEXT.previewHidden)).toHaveLength(2));
  expect(within(list).queryByText(/secret plan/)).not.toBeInTheDocument();
});

it('opens what a notification is about and marks it read', async () => {
  const user = userEvent.setup();
  server.on('GET /api/notifications', () => ({ body: { notifications: [note(5)], nextBefore: null } }));
  server.on('GET /api/notifications/unread', () => ({ body: { count: 1, rooms: [{ roomId: 45, count: 1 }] } }));
  server.on('POST /api/notifications/5/read', () => ({ body: { count: 0, rooms: [] } }));
  const { router } = renderApp('/notifications');
  await user.click(await screen.findByRole('button', { name: /message 5/ }));
  expect(router.state.location.pathname).toBe('/chat/45');
  await waitFor(() => expect(server.requests.some((r) => r.method === 'POST' && r.path === '/api/notifications/5/read')).toBe(true));
});

describe('live, from the socket', () => {
  const tones: Array<{ frequency: number; at: number }> = [];
  const shown: Array<{ title: string; body?: string }> = [];
  let visibility: DocumentVisibilityState = 'visible';

  beforeAll(() => {
    // jsdom has neither Web Audio nor system notifications: record what the page asks of them.
    class RecordingAudioContext {
      currentTime = 0;
      destination = {};
      createOscillator() {
        const oscillator = {
          type: 'sine',
          frequency: { value: 0 },
          connect: (node: unknown) => node,
          start: (at: number) => void tones.push({ frequency: oscillator.frequency.value, at }),
          stop: () => undefined,
        };
        return oscillator;
      }
      createGain() {
        return { gain: { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined }, connect: (node: unknown) => node };
      }
      resume() {
        return Promise.resolve();
      }
    }
    class RecordingNotification {
      static permission = 'granted';
      onclick: (() => void) | null = null;
      constructor(title: string, options?: { body?: string }) {
        shown.push({ title, body: options?.body });
      }
      close() {}
    }
    Object.assign(window, { AudioContext: RecordingAudioContext, Notification: RecordingNotification });
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  });

  beforeEach(() => {
    tones.length = 0;
    shown.length = 0;
    visibility = 'visible';
    server.on('GET /api/notifications/unread', () => ({ body: { count: 0, rooms: [] } }));
    server.on('GET /api/rooms/my-chats', () => ({ body: [] }));
  });

  async function arrive(store: ReturnType<typeof renderApp>['store'], notification: NotificationDto, count: number) {
    // The page's own first read of the count has answered: the frame comes after it.
    await act(async () => {
      const first = store.dispatch(notificationsApi.endpoints.getUnreadNotifications.initiate());
      await first;
      first.unsubscribe();
    });
    await act(async () => {
      store.dispatch(socketFrameReceived({ type: 'notification', notification, unread: { count, rooms: [{ roomId: notification.roomId ?? 0, count }] } }));
    });
  }

  it('raises the header’s count and plays the tone, without a system notification while the tab is visible', async () => {
    const { store } = renderApp('/private-chats');
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeInTheDocument();
    await arrive(store, note(9), 1);
    // The cache's update reaches the page with the next frame's batch of store notifications.
    expect(await screen.findByRole('link', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    expect(tones).toEqual([
      { frequency: ALERT_FREQUENCY_HZ, at: 0 },
      { frequency: ALERT_FREQUENCY_HZ, at: ALERT_GAP_MS / 1000 },
    ]);
    expect(shown).toEqual([]);

    await act(async () => {
      store.dispatch(socketFrameReceived({ type: 'notifications_read', ids: [9], unread: { count: 0, rooms: [] } }));
    });
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('shows a system notification while the tab is hidden, with the text only when message preview is on', async () => {
    const { store } = renderApp('/private-chats');
    await screen.findByRole('link', { name: 'Notifications' });
    visibility = 'hidden';
    await arrive(store, note(10, { content: 'the secret plan' }), 1);
    expect(shown).toEqual([{ title: 'New message from bob', body: 'the secret plan' }]);
  });

  it('follows the settings: no sound without messageSound, no text without messagePreview, nothing without push', async () => {
    serve({
      notifications: { email: true, push: true, messageSound: false, mentions: true, doNotDisturb: DEFAULT_USER_SETTINGS.notifications.doNotDisturb },
      chat: { theme: 'light', messagePreview: false, enterToSend: true, linkPreviews: true },
    });
    const first = renderApp('/private-chats');
    await screen.findByRole('link', { name: 'Notifications' });
    visibility = 'hidden';
    await arrive(first.store, note(11, { content: 'the secret plan' }), 1);
    expect(tones).toEqual([]);
    expect(shown).toEqual([{ title: 'New message from bob', body: NOTIFICATIONS_TEXT.previewHidden }]);
    first.unmount();

    serve({ notifications: { email: true, push: false, messageSound: true, mentions: true, doNotDisturb: DEFAULT_USER_SETTINGS.notifications.doNotDisturb } });
    shown.length = 0;
    const second = renderApp('/private-chats');
    await screen.findByRole('link', { name: 'Notifications' });
    await arrive(second.store, note(12), 1);
    expect(shown).toEqual([]);
    expect(tones).toHaveLength(2);
  });
});
