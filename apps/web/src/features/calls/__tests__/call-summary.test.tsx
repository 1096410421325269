import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { socketFrameReceived } from '@/lib/socket';
import { makeUser } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { startTestServer, type TestServer } from '@/test/test-server';
import { asPublic, makeSeller } from '@/features/marketplace/__tests__/seller-fixtures';
import { SELLER_PAGE_TEXT } from '@/features/marketplace/marketplace-copy';
import { callFinished } from '../calls-slice';
import { CALLS_TEXT } from '../calls-copy';
import { completedSession, fakeStream, makeSession, mockGetUserMedia, removeMediaDevices, SELLER } from './call-fixtures';

let server: TestServer;

beforeEach(async () => {
  server = await startTestServer();
  server.on('GET /api/sellers/11', () => ({ body: asPublic(makeSeller()) }));
  server.on('GET /api/sellers/11/reviews', () => ({ body: [] }));
  server.on('GET /api/rooms/marketplace-chats', () => ({ body: [] }));
  server.on('GET /api/calls/current', () => ({ body: { session: null } }));
  server.on('GET /api/calls/ice-servers', () => ({ body: { iceServers: [], ttlSeconds: 3600 } }));
  server.on('GET /api/calls', () => ({ body: [] }));
});

afterEach(async () => {
  removeMediaDevices();
  await server.close();
});

/** A vip rings Coach Kim from the profile; the call then ends as `ended` says. */
async function buyerCallEnds(ended: ReturnType<typeof completedSession>) {
  const user = userEvent.setup();
  server.on('GET /api/users/me', () => ({ body: makeUser({ role: 'vip' }) }));
  mockGetUserMedia(() => Promise.resolve(fakeStream().stream));
  server.on('POST /api/calls', () => ({ status: 201, body: makeSession() }));
  const view = renderApp('/seller/11');
  await user.click(await screen.findByRole('button', { name: /^Video Call/ }));
  await screen.findByTestId('call-screen');
  await act(async () => void view.store.dispatch(socketFrameReceived({ type: 'call_ended', reason: ended.endReason, session: ended })));
  return { user, ...view, summary: await screen.findByTestId('call-summary') };
}

describe('the call summary', () => {
  it('shows the buyer the duration and the charge, and offers the review form', async () => {
    const { user, summary } = await buyerCallEnds(completedSession());
    expect(screen.queryByTestId('call-screen')).not.toBeInTheDocument();
    expect(within(summary).getByRole('heading', { name: CALLS_TEXT.reasons.completed })).toBeInTheDocument();
    expect(within(summary).getByTestId('summary-duration')).toHaveTextContent('2:05');
    expect(within(summary).getByTestId('summary-amount')).toHaveTextContent('$50.00');
    expect(within(summary).queryByTestId('summary-commission')).not.toBeInTheDocument();
    expect(within(summary).getByText(CALLS_TEXT.paymentNote)).toBeInTheDocument();

    server.on('POST /api/sellers/11/reviews', ({ body }) => ({
      status: 201,
      body: { id: 9, sellerId: 11, ...(body as object), buyer: { id: 7, username: 'alice' }, createdAt: '2026-11-20T10:03:00.000Z', updatedAt: '2026-11-20T10:03:00.000Z' },
    }));
    const form = await within(summary).findByRole('form', { name: SELLER_PAGE_TEXT.reviewFormTitle });
    await user.click(within(form).getByRole('button', { name: '5 stars' }));
    await user.type(within(form).getByLabelText(SELLER_PAGE_TEXT.comment), 'Clear and kind');
    await user.click(within(form).getByRole('button', { name: SELLER_PAGE_TEXT.submitReview }));
    expect(await screen.findByText(SELLER_PAGE_TEXT.reviewSaved)).toBeInTheDocument();
    expect(server.requests.find((r) => r.path === '/api/sellers/11/reviews' && r.method === 'POST')?.body).toEqual({ rating: 5, comment: 'Clear and kind' });

    await user.click(within(summary).getByRole('button', { name: CALLS_TEXT.close }));
    await waitFor(() => expect(screen.queryByTestId('call-summary')).not.toBeInTheDocument());
  });

  it('shows the charge in the currency the buyer saw prices in, with the USD amount beside it', async () => {
    const { summary } = await buyerCallEnds(completedSession({ displayCurrency: 'INR', displayRate: 85.84, displayAmount: 4292 }));
    expect(within(summary).getByTestId('summary-amount')).toHaveTextContent('₹4292.00 ($50.00)');
  });

  it('tells the buyer a call that never connected cost nothing and offers no review', async () => {
    const { summary } = await buyerCallEnds(makeSession({ state: 'ended', endReason: 'declined', endedAt: '2026-11-20T10:00:06.000Z' }));
    expect(within(summary).getByRole('heading', { name: CALLS_TEXT.reasons.declined })).toBeInTheDocument();
    expect(within(summary).getByText(CALLS_TEXT.reasonHints.declined)).toBeInTheDocument();
    expect(within(summary).getByTestId('summary-duration')).toHaveTextContent('0:00');
    expect(within(summary).getByText(CALLS_TEXT.notCharged)).toBeInTheDocument();
    expect(within(summary).queryByRole('form')).not.toBeInTheDocument();
  });

  it('shows the seller the charge, the 15% commission and what they earned', async () => {
    server.on('GET /api/users/me', () => ({ body: makeUser({ id: SELLER.userId, username: 'coach_kim', role: 'seller' }) }));
    const { store } = renderApp('/settings');
    await screen.findByTestId('role-badge');
    await act(async () => void store.dispatch(callFinished({ session: completedSession(), side: 'seller', problem: null, unconfirmed: false })));
    const summary = await screen.findByTestId('call-summary');
    expect(within(summary).getByText(`${CALLS_TEXT.with} alice`, { exact: false })).toBeInTheDocument();
    expect(within(summary).getByTestId('summary-duration')).toHaveTextContent('2:05');
    expect(within(summary).getByTestId('summary-amount')).toHaveTextContent('$50.00');
    expect(within(summary).getByText(CALLS_TEXT.commission)).toBeInTheDocument();
    expect(within(summary).getByTestId('summary-commission')).toHaveTextContent('−$7.50');
    expect(within(summary).getByTestId('summary-earning')).toHaveTextContent('$42.50');
    expect(within(summary).queryByRole('form')).not.toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: CALLS_TEXT.viewCalls })).toHaveAttribute('href', '/calls');
  });
});
