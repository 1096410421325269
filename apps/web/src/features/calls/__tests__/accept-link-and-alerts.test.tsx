import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser } from '@/test/fixtures';
import { renderApp, settleRenderedApps } from '@/test/render';
import { startTestServer, type TestServer } from '@/test/test-server';
import { installFakePush, makeDevice, SERVER_KEY, THIS_ENDPOINT } from '@/features/push/__tests__/fake-push';
import { PUSH_TEXT } from '@/features/push/push-copy';
import { callFinished, summaryClosed } from '../calls-slice';
import { CALL_ALERTS_OFFERED_KEY, CALLS_TEXT } from '../calls-copy';
import { completedSession, makeSession, mockGetUserMedia, refusal, removeMediaDevices, SELLER } from './call-fixtures';

let server: TestServer;
let fake: ReturnType<typeof installFakePush> | null;

beforeEach(async () => {
  server = await startTestServer();
  fake = null;
  localStorage.clear();
  server.on('GET /api/users/me', () => ({ body: makeUser({ id: SELLER.userId, username: 'coach_kim', role: 'seller' }) }));
  server.on('GET /api/users/me/settings', () => ({ body: makeUser().settings }));
  server.on('GET /api/calls/current', () => ({ body: { session: null } }));
  server.on('GET /api/calls/ice-servers', () => ({ body: { iceServers: [], ttlSeconds: 3600 } }));
  server.on('GET /api/calls', () => ({ body: [] }));
  server.on('GET /api/calls/earnings', () => ({ body: { months: [], total: { calls: 0, seconds: 0, gross: 0, commission: 0, earning: 0 } } }));
  server.on('GET /api/notifications', () => ({ body: [] }));
  server.on('GET /api/blocks', () => ({ body: [] }));
  server.on('GET /api/push/subscriptions', () => ({ body: [] }));
  server.on('GET /api/push/key', () => ({ body: { publicKey: SERVER_KEY } }));
  server.on('POST /api/push/subscriptions', ({ body }) => ({ body: makeDevice({ endpoint: (body as { endpoint: string }).endpoint }) }));
});

afterEach(async () => {
  fake?.restore();
  removeMediaDevices();
  await settleRenderedApps();
  await server.close();
});

const ringing = () => makeSession({ id: 5, state: 'ringing', callType: 'audio', ringExpiresAt: new Date(Date.now() + 30_000).toISOString() });
const acceptRequests = () => server.requests.filter((r) => r.method === 'POST' && r.path === '/api/calls/5/accept');

describe('Accept from a notification (/calls?accept=<session>)', () => {
  it('answers the call that rings for this seller once the page is up, and spends the link', async () => {
    mockGetUserMedia(() => refusal('NotAllowedError'));
    server.on('GET /api/calls/current', () => ({ body: { session: ringing() } }));
    server.on('POST /api/calls/5/accept', () => ({ body: makeSession({ id: 5, state: 'accepted', callType: 'audio', pricePerMinute: 35 }) }));
    server.on('POST /api/sessions/end-call/5', () => ({ body: makeSession({ id: 5, state: 'ended', endReason: 'failed', callType: 'audio' }) }));
    const { router } = renderApp('/calls?accept=5');

    // The call is this tab's: without a microphone here it ends as failed, said on the summary.
    const summary = await screen.findByTestId('call-summary');
    expect(within(summary).getByRole('alert')).toHaveTextContent(CALLS_TEXT.media.blocked('audio'));
    expect(acceptRequests()).toHaveLength(1);
    expect(router.state.location).toEqual({ pathname: '/calls', search: '' });
  });

  it('shows the call screen of the answered call', async () => {
    mockGetUserMedia(() => new Promise(() => undefined));
    server.on('GET /api/calls/current', () => ({ body: { session: ringing() } }));
    server.on('POST /api/calls/5/accept', () => ({ body: makeSession({ id: 5, state: 'accepted', callType: 'audio', pricePerMinute: 35 }) }));
    renderApp('/calls?accept=5');
    expect(await screen.findByTestId('call-screen')).toBeInTheDocument();
    expect(acceptRequests()).toHaveLength(1);
  });

  it('says so when the call stopped ringing before the page was up, and answers nothing', async () => {
    const { router } = renderApp('/calls?accept=5');
    expect(await screen.findByText(CALLS_TEXT.acceptLinkExpired)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(acceptRequests()).toHaveLength(0);
  });
});

describe('Call alerts offered after a seller’s call', () => {
  async function sellerCallEnds() {
    const view = renderApp('/settings');
    await screen.findByTestId('role-badge');
    await act(async () => void view.store.dispatch(callFinished({ session: completedSession(), side: 'seller', problem: null, unconfirmed: false })));
    return { ...view, summary: await screen.findByTestId('call-summary') };
  }

  it('offers push on this device once, asking the browser only on the press', async () => {
    const user = userEvent.setup();
    fake = installFakePush({ permission: 'default', answer: 'granted' });
    const { store, summary } = await sellerCallEnds();
    const offer = await within(summary).findByRole('region', { name: CALLS_TEXT.offerTitle });
    expect(localStorage.getItem(CALL_ALERTS_OFFERED_KEY)).not.toBeNull();
    expect(fake.requestPermission).not.toHaveBeenCalled();

    await user.click(within(offer).getByRole('button', { name: CALLS_TEXT.offerEnable }));
    expect(await within(offer).findByText(CALLS_TEXT.offerDone)).toBeInTheDocument();
    expect(fake.requestPermission).toHaveBeenCalledTimes(1);
    const saved = server.requests.filter((r) => r.method === 'POST' && r.path === '/api/push/subscriptions');
    expect(saved.map((r) => (r.body as { endpoint: string }).endpoint)).toEqual([THIS_ENDPOINT]);

    // The next call's summary offers nothing.
    await act(async () => void store.dispatch(summaryClosed()));
    await act(async () => void store.dispatch(callFinished({ session: completedSession({ id: 6 }), side: 'seller', problem: null, unconfirmed: false })));
    const next = await screen.findByTestId('call-summary');
    expect(within(next).queryByRole('region', { name: CALLS_TEXT.offerTitle })).not.toBeInTheDocument();
  });

  it('offers nothing where push is already on, blocked or missing, nor to a buyer', async () => {
    fake = installFakePush({ permission: 'granted', subscribed: { endpoint: THIS_ENDPOINT } });
    const first = await sellerCallEnds();
    // The device's subscription has been read (the settings page's devices say so), and no offer came.
    await screen.findByText(PUSH_TEXT.thisDeviceOff);
    expect(within(first.summary).queryByRole('region', { name: CALLS_TEXT.offerTitle })).not.toBeInTheDocument();
    expect(localStorage.getItem(CALL_ALERTS_OFFERED_KEY)).toBeNull();
    first.unmount();
    fake.restore();

    fake = installFakePush({ permission: 'denied' });
    const second = await sellerCallEnds();
    expect(within(second.summary).queryByRole('region', { name: CALLS_TEXT.offerTitle })).not.toBeInTheDocument();
    second.unmount();
    fake.restore();
    fake = null;

    const third = await sellerCallEnds();
    expect(within(third.summary).queryByRole('region', { name: CALLS_TEXT.offerTitle })).not.toBeInTheDocument();
    third.unmount();

    fake = installFakePush();
    const view = renderApp('/settings');
    await screen.findByTestId('role-badge');
    await act(async () => void view.store.dispatch(callFinished({ session: completedSession(), side: 'buyer', problem: null, unconfirmed: false })));
    const summary = await screen.findByTestId('call-summary');
    expect(within(summary).queryByRole('region', { name: CALLS_TEXT.offerTitle })).not.toBeInTheDocument();
    expect(localStorage.getItem(CALL_ALERTS_OFFERED_KEY)).toBeNull();
  });
});
