import type { UserRole } from '@app/contracts';
import { CallMessages } from '@app/contracts/browser';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { startTestServer, type TestServer } from '@/test/test-server';
import { makeRoom } from '@/features/chat/__tests__/fixtures';
import { asPublic, makeSeller, UNAUTHENTICATED } from '@/features/marketplace/__tests__/seller-fixtures';
import { CALLS_TEXT } from '../calls-copy';
import { fakeStream, makeSession, mockGetUserMedia, refusal, removeMediaDevices } from './call-fixtures';

let server: TestServer;
const kim = asPublic(makeSeller());

beforeEach(async () => {
  server = await startTestServer();
  server.on('GET /api/sellers/11', () => ({ body: kim }));
  server.on('GET /api/sellers/11/reviews', () => ({ body: [] }));
  server.on('GET /api/rooms/marketplace-chats', () => ({ body: [] }));
  server.on('GET /api/calls/current', () => ({ body: { session: null } }));
  server.on('GET /api/calls/ice-servers', () => ({ body: { iceServers: [], ttlSeconds: 3600 } }));
});

afterEach(async () => {
  removeMediaDevices();
  await server.close();
});

function signedInAs(role: UserRole, id = 7) {
  server.on('GET /api/users/me', () => ({ body: makeUser({ id, role }) }));
}

const callsStarted = () => server.requests.filter((r) => r.method === 'POST' && r.path === '/api/calls');

describe('the call buttons', () => {
  it('show Audio Call and Video Call with the per-minute price in the buyer currency', async () => {
    signedInAs('vip');
    server.on('GET /api/sellers/11', () => ({
      body: { ...kim, localPricing: { audio: { price: 2146, currency: 'INR', symbol: '₹' }, video: { price: 3004, currency: 'INR', symbol: '₹' } } },
    }));
    const user = userEvent.setup();
    renderApp('/seller/11');
    expect(await screen.findByRole('button', { name: 'Audio Call · ₹2146/min' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Video Call · ₹3004/min' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Services' }));
    expect(screen.getByRole('button', { name: 'Start audio call' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start video call' })).toBeInTheDocument();
  });

  it('send a signed-out visitor and a guest to sign in, without calling anyone', async () => {
    const user = userEvent.setup();
    server.on('GET /api/users/me', () => UNAUTHENTICATED);
    const visitor = renderApp('/seller/11');
    await user.click(await screen.findByRole('button', { name: /^Audio Call/ }));
    await waitFor(() => expect(visitor.router.state.location.pathname).toBe('/auth'));
    visitor.unmount();

    signedInAs('guest');
    const guest = renderApp('/seller/11');
    await user.click(await screen.findByRole('button', { name: /^Video Call/ }));
    await waitFor(() => expect(guest.router.state.location.pathname).toBe('/auth'));
    expect(callsStarted()).toHaveLength(0);
  });

  it('offer a regular member the VIP upgrade instead of a call', async () => {
    const user = userEvent.setup();
    signedInAs('user');
    const getUserMedia = mockGetUserMedia(() => Promise.resolve(fakeStream().stream));
    renderApp('/seller/11');
    await user.click(await screen.findByRole('button', { name: /^Video Call/ }));
    const dialog = await screen.findByRole('dialog', { name: /Upgrade to VIP/ });
    expect(within(dialog).getByText('VIP Member')).toBeInTheDocument();
    expect(getUserMedia).not.toHaveBeenCalled();
    expect(callsStarted()).toHaveLength(0);
  });

  it('let a vip ring the seller with camera and microphone, showing Calling… with Cancel', async () => {
    const user = userEvent.setup();
    signedInAs('vip');
    const { stream, tracks } = fakeStream();
    const getUserMedia = mockGetUserMedia(() => Promise.resolve(stream));
    server.on('POST /api/calls', () => ({ status: 201, body: makeSession() }));
    server.on('POST /api/sessions/end-call/5', () => ({ body: makeSession({ state: 'ended', endReason: 'cancelled', endedAt: '2026-11-20T10:00:04.000Z' }) }));
    renderApp('/seller/11');
    await user.click(await screen.findByRole('button', { name: 'Video Call · $35/min' }));

    const callScreen = await screen.findByTestId('call-screen');
    expect(callScreen).toHaveAttribute('data-call-phase', 'ringing');
    expect(within(callScreen).getByText(CALLS_TEXT.calling)).toBeInTheDocument();
    expect(within(callScreen).getByRole('heading', { name: 'Coach Kim' })).toBeInTheDocument();
    expect(getUserMedia).toHaveBeenCalledWith(expect.objectContaining({ audio: expect.anything(), video: expect.anything() }));
    expect(callsStarted().map((r) => r.body)).toEqual([{ sellerId: 11, callType: 'video' }]);

    await user.click(within(callScreen).getByRole('button', { name: CALLS_TEXT.cancel }));
    const summary = await screen.findByTestId('call-summary');
    expect(within(summary).getByRole('heading', { name: CALLS_TEXT.reasons.cancelled })).toBeInTheDocument();
    expect(within(summary).getByText(CALLS_TEXT.notCharged)).toBeInTheDocument();
    expect(screen.queryByTestId('call-screen')).not.toBeInTheDocument();
    expect(server.requests.find((r) => r.path === '/api/sessions/end-call/5')?.body).toBeUndefined();
    expect(tracks.every((track) => track.stop.mock.calls.length > 0)).toBe(true);
  });

  it('show the server refusal as it words it and release the camera', async () => {
    const user = userEvent.setup();
    signedInAs('vip');
    const { stream, tracks } = fakeStream(['audio']);
    mockGetUserMedia(() => Promise.resolve(stream));
    server.on('POST /api/calls', () => ({ status: 409, body: { error: 'Conflict', code: 'seller_busy', message: CallMessages.sellerBusy } }));
    renderApp('/seller/11');
    await user.click(await screen.findByRole('button', { name: 'Audio Call · $25/min' }));
    expect(await screen.findByText(CallMessages.sellerBusy)).toBeInTheDocument();
    expect(screen.getByText(CALLS_TEXT.cannotCallTitle)).toBeInTheDocument();
    expect(tracks[0].stop).toHaveBeenCalled();
    expect(screen.queryByTestId('call-screen')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Audio Call · $25/min' })).toBeEnabled();
  });

  it('say plainly when the camera is refused and ring nobody', async () => {
    const user = userEvent.setup();
    signedInAs('vip');
    mockGetUserMedia(() => refusal('NotAllowedError'));
    renderApp('/seller/11');
    await user.click(await screen.findByRole('button', { name: /^Video Call/ }));
    expect(await screen.findByText(CALLS_TEXT.media.blocked('video'))).toBeInTheDocument();
    expect(screen.getByText(CALLS_TEXT.mediaProblemTitle)).toBeInTheDocument();
    expect(callsStarted()).toHaveLength(0);
  });

  it('are not offered to the seller on their own profile', async () => {
    signedInAs('seller', 40);
    renderApp('/seller/11');
    expect(await screen.findByRole('heading', { name: 'Coach Kim', level: 1 })).toBeInTheDocument();
    expect(screen.queryByTestId('call-buttons')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Audio Call/ })).not.toBeInTheDocument();
  });

  it('sit in the header of a private chat with a seller', async () => {
    signedInAs('vip');
    const room = makeRoom({ id: 30, name: 'Coach Kim', type: 'private', origin: 'marketplace', sellerId: 11 });
    server.on('GET /api/rooms/30', () => ({ body: room }));
    renderApp('/chat/30');
    const header = await screen.findByTestId('chat-call-buttons');
    expect(within(header).getByRole('button', { name: 'Audio Call · $25/min' })).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Video Call · $35/min' })).toBeInTheDocument();
  });
});
