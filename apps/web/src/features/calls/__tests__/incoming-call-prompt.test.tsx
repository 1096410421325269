import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { socketFrameReceived } from '@/lib/socket';
import { makeUser } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { startTestServer, type TestServer } from '@/test/test-server';
import { CALLS_TEXT } from '../calls-copy';
import { incomingCall, makeSession, mockGetUserMedia, refusal, removeMediaDevices, SELLER } from './call-fixtures';

let server: TestServer;

beforeEach(async () => {
  server = await startTestServer();
  server.on('GET /api/users/me', () => ({ body: makeUser({ id: SELLER.userId, username: 'coach_kim', role: 'seller' }) }));
  server.on('GET /api/calls/current', () => ({ body: { session: null } }));
  server.on('GET /api/calls/ice-servers', () => ({ body: { iceServers: [], ttlSeconds: 3600 } }));
  server.on('GET /api/notifications', () => ({ body: [] }));
});

afterEach(async () => {
  removeMediaDevices();
  await server.close();
});

/** A seller on some page of the app when a call comes in. */
async function sellerOnAPage() {
  const view = renderApp('/settings');
  await screen.findByTestId('role-badge');
  return view;
}

type Store = ReturnType<typeof renderApp>['store'];

async function frame(store: Store, received: Parameters<typeof socketFrameReceived>[0]) {
  await act(async () => void store.dispatch(socketFrameReceived(received)));
}

function ring(store: Store, overrides = {}) {
  return frame(store, incomingCall(overrides));
}

/** Web Audio as far as the ring tone uses it, recording the tones and whether it was closed. */
function fakeAudio() {
  const frequencies: number[] = [];
  const closed = jest.fn(() => Promise.resolve());
  const param = { setValueAtTime: () => undefined, value: 0 };
  class FakeAudioContext {
    currentTime = 0;
    destination = {};
    resume = () => Promise.resolve();
    close = closed;
    createGain = () => ({ gain: param, connect: () => undefined });
    createOscillator = () => {
      const frequency = {
        set value(v: number) {
          frequencies.push(v);
        },
      };
      return { frequency, connect: () => undefined, start: () => undefined, stop: () => undefined };
    };
  }
  Object.defineProperty(window, 'AudioContext', { value: FakeAudioContext, configurable: true });
  return { frequencies, closed, restore: () => delete (window as { AudioContext?: unknown }).AudioContext };
}

describe('the incoming call prompt', () => {
  it('shows the buyer, the call type and the price with Accept and Decline, ringing until it is answered elsewhere', async () => {
    const audio = fakeAudio();
    const { store } = await sellerOnAPage();
    await ring(store);
    const prompt = await screen.findByRole('alertdialog', { name: 'alice' });
    expect(within(prompt).getByText(CALLS_TEXT.incoming('video'))).toBeInTheDocument();
    expect(within(prompt).getByText(CALLS_TEXT.incomingFrom('alice', 'video'))).toBeInTheDocument();
    expect(within(prompt).getByTestId('incoming-price')).toHaveTextContent('$35 per minute');
    expect(within(prompt).getByRole('button', { name: CALLS_TEXT.decline })).toBeInTheDocument();
    expect(within(prompt).getByRole('button', { name: CALLS_TEXT.accept })).toHaveFocus();
    expect(audio.frequencies).toEqual(expect.arrayContaining([440, 480]));

    // The seller answered in another tab: this one stops ringing and shows the call is open elsewhere.
    await frame(store, { type: 'call_accepted', session: makeSession({ state: 'accepted', pricePerMinute: 35 }) });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(audio.closed).toHaveBeenCalled();
    expect(await screen.findByTestId('open-call-bar')).toHaveTextContent(CALLS_TEXT.inProgress('alice'));
    audio.restore();
  });

  it('declines with the spec call and no body', async () => {
    const user = userEvent.setup();
    server.on('POST /api/sessions/end-call/5', () => ({ body: makeSession({ state: 'ended', endReason: 'declined' }) }));
    const { store } = await sellerOnAPage();
    await ring(store);
    const prompt = await screen.findByRole('alertdialog', { name: 'alice' });
    await user.click(within(prompt).getByRole('button', { name: CALLS_TEXT.decline }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    const declined = server.requests.filter((r) => r.path === '/api/sessions/end-call/5');
    expect(declined).toHaveLength(1);
    expect(declined[0].body).toBeUndefined();
    expect(server.requests.some((r) => r.path === '/api/calls/5/accept')).toBe(false);
  });

  it('stops ringing when the server says the call was missed', async () => {
    const audio = fakeAudio();
    const { store } = await sellerOnAPage();
    await ring(store);
    await screen.findByRole('alertdialog', { name: 'alice' });
    await frame(store, { type: 'call_ended', reason: 'missed', session: makeSession({ state: 'ended', endReason: 'missed' }) });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(audio.closed).toHaveBeenCalled();
    // Only the tab that ran a call shows a summary; a missed ring leaves nothing behind.
    expect(screen.queryByTestId('call-summary')).not.toBeInTheDocument();
    audio.restore();
  });

  it('answers, and when the camera is refused says so and ends the call as failed', async () => {
    const user = userEvent.setup();
    mockGetUserMedia(() => refusal('NotAllowedError'));
    server.on('POST /api/calls/5/accept', () => ({ body: makeSession({ state: 'accepted', pricePerMinute: 35, acceptedAt: '2026-11-20T10:00:05.000Z' }) }));
    server.on('POST /api/sessions/end-call/5', () => ({ body: makeSession({ state: 'ended', endReason: 'failed', pricePerMinute: 35 }) }));
    const { store } = await sellerOnAPage();
    await ring(store);
    const prompt = await screen.findByRole('alertdialog', { name: 'alice' });
    await user.click(within(prompt).getByRole('button', { name: CALLS_TEXT.accept }));

    const summary = await screen.findByTestId('call-summary');
    expect(within(summary).getByRole('heading', { name: CALLS_TEXT.reasons.failed })).toBeInTheDocument();
    expect(within(summary).getByRole('alert')).toHaveTextContent(CALLS_TEXT.media.blocked('video'));
    expect(within(summary).getByText(CALLS_TEXT.noEarning)).toBeInTheDocument();
    expect(server.requests.filter((r) => r.path === '/api/calls/5/accept')).toHaveLength(1);
    expect(server.requests.find((r) => r.path === '/api/sessions/end-call/5')?.body).toEqual({ reason: 'failed' });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('tells the seller when the call could not be answered any more', async () => {
    const user = userEvent.setup();
    server.on('POST /api/calls/5/accept', () => ({ status: 409, body: { error: 'Conflict', code: 'call_ended', message: 'This call has ended.' } }));
    const { store } = await sellerOnAPage();
    await ring(store);
    const prompt = await screen.findByRole('alertdialog', { name: 'alice' });
    await user.click(within(prompt).getByRole('button', { name: CALLS_TEXT.accept }));
    expect(await screen.findByText('This call has ended.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.queryByTestId('call-screen')).not.toBeInTheDocument();
  });

  it('raises a system notification while the tab is hidden, and closes it when the ringing stops', async () => {
    const shown: Array<{ title: string; options: NotificationOptions; close: jest.Mock }> = [];
    class FakeNotification {
      static permission = 'granted';
      onclick: (() => void) | null = null;
      close = jest.fn();
      constructor(title: string, options: NotificationOptions) {
        shown.push({ title, options, close: this.close });
      }
    }
    Object.defineProperty(window, 'Notification', { value: FakeNotification, configurable: true });
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    try {
      const { store } = await sellerOnAPage();
      await ring(store, { callType: 'audio' });
      await screen.findByRole('alertdialog', { name: 'alice' });
      expect(shown).toHaveLength(1);
      expect(shown[0].title).toBe(CALLS_TEXT.notificationTitle('alice'));
      expect(shown[0].options.body).toBe(CALLS_TEXT.notificationBody('audio'));
      await frame(store, { type: 'call_ended', reason: 'cancelled', session: makeSession({ state: 'ended', endReason: 'cancelled' }) });
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      expect(shown[0].close).toHaveBeenCalled();
    } finally {
      Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
      delete (window as { Notification?: unknown }).Notification;
    }
  });
});
