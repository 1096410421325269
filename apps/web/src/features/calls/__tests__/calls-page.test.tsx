import type { UserRole } from '@app/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { socketFrameReceived } from '@/lib/socket';
import { makeUser } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { startTestServer, type TestServer } from '@/test/test-server';
import { asPublic, makeSeller, USD_LOCALE } from '@/features/marketplace/__tests__/seller-fixtures';
import { CALLS_TEXT } from '../calls-copy';
import { completedSession, makeSession, SELLER } from './call-fixtures';

let server: TestServer;

beforeEach(async () => {
  server = await startTestServer();
  server.on('GET /api/calls/current', () => ({ body: { session: null } }));
});

afterEach(() => server.close());

function signedInAs(role: UserRole, id = 7) {
  server.on('GET /api/users/me', () => ({ body: makeUser({ id, role, username: role === 'seller' ? 'coach_kim' : 'alice' }) }));
}

describe('the calls page', () => {
  it('lists a buyer’s calls with whom, type, start, duration, amount and how each ended', async () => {
    const user = userEvent.setup();
    signedInAs('vip');
    server.on('GET /api/calls', () => ({
      body: [completedSession({ id: 6 }), makeSession({ id: 5, callType: 'audio', state: 'ended', endReason: 'missed' })],
    }));
    const { router } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Calls' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/calls'));

    expect(await screen.findByRole('heading', { name: CALLS_TEXT.pageTitle, level: 1 })).toBeInTheDocument();
    const rows = await screen.findAllByTestId('call-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByTestId('call-with')).toHaveTextContent('Coach Kim');
    expect(within(rows[0]).getByTestId('call-type')).toHaveTextContent('Video');
    expect(within(rows[0]).getByText(CALLS_TEXT.outgoingLabel)).toBeInTheDocument();
    expect(within(rows[0]).getByRole('time')).toHaveAttribute('dateTime', '2026-11-20T10:00:00.000Z');
    expect(within(rows[0]).getByTestId('call-duration')).toHaveTextContent('2:05');
    expect(within(rows[0]).getByTestId('call-amount')).toHaveTextContent('$50.00');
    expect(within(rows[0]).getByTestId('call-ended')).toHaveTextContent(CALLS_TEXT.reasons.completed);
    expect(within(rows[1]).getByTestId('call-type')).toHaveTextContent('Audio');
    expect(within(rows[1]).getByTestId('call-ended')).toHaveTextContent(CALLS_TEXT.reasons.missed);
    expect(screen.queryByRole('heading', { name: CALLS_TEXT.earningsTitle })).not.toBeInTheDocument();
    expect(server.requests.some((r) => r.path === '/api/calls/earnings')).toBe(false);
  });

  it('shows a seller their earnings by month and what each call earned', async () => {
    signedInAs('seller', SELLER.userId);
    server.on('GET /api/calls', () => ({ body: [completedSession()] }));
    server.on('GET /api/calls/earnings', () => ({
      body: {
        currency: 'USD',
        months: [
          { month: '2026-11', calls: 2, seconds: 185, gross: 74, commission: 11.1, earning: 62.9 },
          { month: '2026-10', calls: 1, seconds: 60, gross: 25, commission: 3.75, earning: 21.25 },
        ],
        total: { calls: 3, seconds: 245, gross: 99, commission: 14.85, earning: 84.15 },
      },
    }));
    renderApp('/calls');
    const table = await screen.findByTestId('earnings-table');
    const rows = within(table).getAllByTestId('earnings-row');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent(/November 2026\s*2\s*3:05\s*\$74\.00\s*\$11\.10\s*\$62\.90/);
    expect(rows[1]).toHaveTextContent(/October 2026\s*1\s*1:00\s*\$25\.00\s*\$3\.75\s*\$21\.25/);
    expect(rows[2]).toHaveTextContent(/Total\s*3\s*4:05\s*\$99\.00\s*\$14\.85\s*\$84\.15/);

    const [call] = await screen.findAllByTestId('call-row');
    expect(within(call).getByTestId('call-with')).toHaveTextContent('alice');
    expect(within(call).getByText(CALLS_TEXT.incomingLabel)).toBeInTheDocument();
    expect(within(call).getByTestId('call-earning')).toHaveTextContent('$42.50');
  });

  it('refreshes the list when a call ends', async () => {
    signedInAs('vip');
    let calls = [makeSession({ id: 5, state: 'connected', pricePerMinute: 24 })];
    server.on('GET /api/calls', () => ({ body: calls }));
    const { store } = renderApp('/calls');
    expect(await screen.findByTestId('call-ended')).toHaveTextContent(CALLS_TEXT.open);
    calls = [completedSession()];
    await act(async () => void store.dispatch(socketFrameReceived({ type: 'call_ended', reason: 'completed', session: completedSession() })));
    await waitFor(() => expect(screen.getByTestId('call-ended')).toHaveTextContent(CALLS_TEXT.reasons.completed));
  });
});

describe('a seller’s live status', () => {
  it('turns Busy on the cards and the profile when a call starts, and back when it ends', async () => {
    signedInAs('user');
    const kim = asPublic(makeSeller());
    server.on('GET /api/locale', () => ({ body: USD_LOCALE }));
    server.on('GET /api/sellers', () => ({ body: [kim] }));
    server.on('GET /api/sellers/11', () => ({ body: kim }));
    const { store, router } = renderApp('/marketplace');
    const status = await screen.findByTestId('seller-status');
    expect(status).toHaveTextContent('Available');

    const busy = { type: 'seller_status', sellerId: 11, isBusy: true, acceptsCalls: true, availability: 'available' } as const;
    await act(async () => void store.dispatch(socketFrameReceived(busy)));
    await waitFor(() => expect(screen.getByTestId('seller-status')).toHaveTextContent('Busy'));
    expect(screen.getByTestId('seller-status')).toHaveAttribute('data-tone', 'red');

    await act(async () => void router.navigate('/seller/11'));
    await screen.findByRole('heading', { name: 'Coach Kim', level: 1 });
    expect(screen.getByTestId('seller-status')).toHaveTextContent('Available');
    await act(async () => void store.dispatch(socketFrameReceived(busy)));
    await waitFor(() => expect(screen.getByTestId('seller-status')).toHaveTextContent('Busy'));
    await act(async () => void store.dispatch(socketFrameReceived({ ...busy, isBusy: false })));
    await waitFor(() => expect(screen.getByTestId('seller-status')).toHaveTextContent('Available'));
    // Another seller's news changes nothing here: this seller stays as the cache says.
    await act(async () => void store.dispatch(socketFrameReceived({ ...busy, sellerId: 12 })));
    expect(store.getState().api.queries['getSeller(11)']?.data).toMatchObject({ id: 11, isBusy: false });
  });
});
