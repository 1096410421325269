import type { PushSubscriptionDto } from '@app/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { switchLanguage } from '@/i18n/i18n';
import { makeUser } from '@/test/fixtures';
import { renderApp, settleRenderedApps } from '@/test/render';
import { startTestServer, type TestServer } from '@/test/test-server';
import { PUSH_TEXT } from '../push-copy';
import { installFakePush, makeDevice, OTHER_ENDPOINT, SERVER_KEY, THIS_ENDPOINT } from './fake-push';

let server: TestServer;
let devices: PushSubscriptionDto[];
let fake: ReturnType<typeof installFakePush> | null;

beforeEach(async () => {
  server = await startTestServer();
  devices = [];
  fake = null;
  server.on('GET /api/users/me', () => ({ body: makeUser() }));
  server.on('GET /api/users/me/settings', () => ({ body: makeUser().settings }));
  server.on('GET /api/blocks', () => ({ body: [] }));
  server.on('GET /api/push/subscriptions', () => ({ body: devices }));
  server.on('GET /api/push/key', () => ({ body: { publicKey: SERVER_KEY } }));
  server.on('POST /api/push/subscriptions', ({ body }) => {
    const saved = makeDevice({ id: 3, browser: 'Chrome on Linux', endpoint: (body as { endpoint: string }).endpoint });
    devices = [saved, ...devices];
    return { body: saved };
  });
});

afterEach(async () => {
  fake?.restore();
  await settleRenderedApps();
  await server.close();
});

const section = () => screen.findByRole('region', { name: PUSH_TEXT.title });
const pushRequests = (method: string) => server.requests.filter((r) => r.method === method && r.path.startsWith('/api/push/subscriptions'));

describe('Settings: devices that get push notifications', () => {
  it('lists the devices with this one marked, and removes them, this one on the push service too', async () => {
    const user = userEvent.setup();
    fake = installFakePush({ permission: 'granted', subscribed: { endpoint: THIS_ENDPOINT } });
    devices = [makeDevice({ id: 1, endpoint: THIS_ENDPOINT }), makeDevice({ id: 2, browser: 'Firefox on Windows', endpoint: OTHER_ENDPOINT })];
    server.on('DELETE /api/push/subscriptions/1', () => ({ body: { ok: true } }));
    server.on('DELETE /api/push/subscriptions/2', () => ({ body: { ok: true } }));
    renderApp('/settings');

    const region = await section();
    const list = await within(region).findByRole('list', { name: PUSH_TEXT.listTitle });
    const [mine, other] = within(list).getAllByTestId('push-device');
    expect(mine).toHaveTextContent('Chrome on Android');
    expect(within(mine).getByText(PUSH_TEXT.thisDevice)).toBeInTheDocument();
    expect(within(mine).getByText(/^Last used /)).toHaveTextContent('2026');
    expect(other).toHaveTextContent('Firefox on Windows');
    expect(within(other).queryByText(PUSH_TEXT.thisDevice)).not.toBeInTheDocument();
    expect(await within(region).findByText(PUSH_TEXT.thisDeviceOn)).toBeInTheDocument();

    await user.click(within(other).getByRole('button', { name: PUSH_TEXT.removeLabel('Firefox on Windows') }));
    await waitFor(() => expect(within(list).getAllByTestId('push-device')).toHaveLength(1));
    expect(pushRequests('DELETE').map((r) => r.path)).toEqual(['/api/push/subscriptions/2']);
    expect(fake.initial?.unsubscribe).not.toHaveBeenCalled();

    await user.click(within(mine).getByRole('button', { name: PUSH_TEXT.removeLabel('Chrome on Android') }));
    expect(await within(region).findByText(PUSH_TEXT.empty)).toBeInTheDocument();
    expect(pushRequests('DELETE').map((r) => r.path)).toEqual(['/api/push/subscriptions/2', '/api/push/subscriptions/1']);
    expect(fake.initial?.unsubscribe).toHaveBeenCalledTimes(1);
    expect(within(region).getByText(PUSH_TEXT.thisDeviceOff)).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: PUSH_TEXT.enable })).toBeInTheDocument();
  });

  it('asks for permission only on the button, then subscribes with the server key and saves the subscription', async () => {
    const user = userEvent.setup();
    fake = installFakePush({ permission: 'default', answer: 'granted' });
    renderApp('/settings');
    const region = await section();
    expect(await within(region).findByText(PUSH_TEXT.empty)).toBeInTheDocument();
    const enable = await within(region).findByRole('button', { name: PUSH_TEXT.enable });
    expect(fake.requestPermission).not.toHaveBeenCalled();

    await user.click(enable);
    expect(await within(region).findByText(PUSH_TEXT.thisDeviceOn)).toBeInTheDocument();
    expect(fake.requestPermission).toHaveBeenCalledTimes(1);
    expect(fake.pushManager.subscribe).toHaveBeenCalledTimes(1);
    const [{ userVisibleOnly, applicationServerKey }] = fake.pushManager.subscribe.mock.calls[0];
    expect(userVisibleOnly).toBe(true);
    expect(Buffer.from(applicationServerKey as Uint8Array).toString('base64url')).toBe(SERVER_KEY);
    const [saved] = pushRequests('POST');
    expect(saved.body).toEqual(fake.current()!.toJSON());
    const [row] = within(within(region).getByRole('list', { name: PUSH_TEXT.listTitle })).getAllByTestId('push-device');
    expect(row).toHaveTextContent('Chrome on Linux');
    expect(within(row).getByText(PUSH_TEXT.thisDevice)).toBeInTheDocument();
  });

  it('subscribes again when the subscription held was made with another key', async () => {
    const user = userEvent.setup();
    const oldKey = Buffer.from([4, ...Array.from({ length: 64 }, () => 9)]).toString('base64url');
    fake = installFakePush({ permission: 'granted', subscribed: { endpoint: 'https://push.example.net/send/old', key: oldKey } });
    renderApp('/settings');
    await user.click(await within(await section()).findByRole('button', { name: PUSH_TEXT.enable }));
    expect(await screen.findByText(PUSH_TEXT.thisDeviceOn)).toBeInTheDocument();
    expect(fake.initial?.unsubscribe).toHaveBeenCalledTimes(1);
    expect((pushRequests('POST')[0].body as { endpoint: string }).endpoint).toBe(THIS_ENDPOINT);
  });

  it('explains a blocked permission, whether refused now or before, and subscribes nothing', async () => {
    const user = userEvent.setup();
    fake = installFakePush({ permission: 'default', answer: 'denied' });
    const first = renderApp('/settings');
    await user.click(await within(await section()).findByRole('button', { name: PUSH_TEXT.enable }));
    expect(await screen.findByText(PUSH_TEXT.denied)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: PUSH_TEXT.enable })).not.toBeInTheDocument();
    expect(fake.pushManager.subscribe).not.toHaveBeenCalled();
    expect(pushRequests('POST')).toEqual([]);
    first.unmount();
    fake.restore();

    fake = installFakePush({ permission: 'denied' });
    renderApp('/settings');
    const region = await section();
    expect(await within(region).findByText(PUSH_TEXT.denied)).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: PUSH_TEXT.enable })).not.toBeInTheDocument();
    expect(fake.requestPermission).not.toHaveBeenCalled();
  });

  it('shows the server’s reason when it cannot send push', async () => {
    const user = userEvent.setup();
    fake = installFakePush();
    server.on('GET /api/push/key', () => ({
      status: 503,
      body: { error: 'Service Unavailable', code: 'push_not_set_up', message: 'Push notifications are not set up on this server' },
    }));
    renderApp('/settings');
    await user.click(await within(await section()).findByRole('button', { name: PUSH_TEXT.enable }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Push notifications are not set up on this server');
    expect(fake.pushManager.subscribe).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: PUSH_TEXT.enable })).toBeEnabled();
  });

  it('words the server’s reason by its code for a Hindi reader', async () => {
    await act(() => switchLanguage('hi'));
    try {
      const user = userEvent.setup();
      fake = installFakePush();
      server.on('GET /api/users/me', () => ({ body: makeUser({ language: 'hi' }) }));
      server.on('GET /api/push/key', () => ({
        status: 503,
        body: {
          error: 'Service Unavailable',
          code: 'service_unavailable',
          message: 'Push notifications are not set up on this server',
          messageCode: { code: 'push_not_set_up' },
        },
      }));
      renderApp('/settings');
      await user.click(await within(await section()).findByRole('button', { name: PUSH_TEXT.enable }));
      expect(await screen.findByRole('alert')).toHaveTextContent('इस सर्वर पर पुश सूचनाएँ अभी सेट नहीं की गई हैं');
    } finally {
      await act(() => switchLanguage('en'));
    }
  });

  it('tells a browser without push so, and still lists the other devices', async () => {
    devices = [makeDevice({ id: 2, browser: 'Firefox on Windows', endpoint: OTHER_ENDPOINT })];
    renderApp('/settings');
    const region = await section();
    expect(within(region).getByText(PUSH_TEXT.unsupported)).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: PUSH_TEXT.enable })).not.toBeInTheDocument();
    expect(await within(region).findByText('Firefox on Windows')).toBeInTheDocument();
  });

  it('stops this browser receiving the person’s notifications when they log out', async () => {
    const user = userEvent.setup();
    fake = installFakePush({ permission: 'granted', subscribed: { endpoint: THIS_ENDPOINT } });
    devices = [makeDevice({ id: 1, endpoint: THIS_ENDPOINT })];
    server.on('POST /api/auth/logout', () => ({ body: {} }));
    const { router } = renderApp('/settings');
    expect(await screen.findByText(PUSH_TEXT.thisDeviceOn)).toBeInTheDocument();
    expect(fake.initial?.unsubscribe).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    await user.click(within(await screen.findByRole('menu')).getByText('Log out'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(fake?.initial?.unsubscribe).toHaveBeenCalledTimes(1));
    expect(fake.current()).toBeNull();
  });
});
