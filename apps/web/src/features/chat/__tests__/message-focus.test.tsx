import type { PinnedMessageDto } from '@app/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { socketFrameReceived, socketStatusChanged } from '@/lib/socket';
import { makeUser } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { startTestServer, type TestServer } from '@/test/test-server';
import { PIN_TEXT } from '../chat-copy';
import { makeMessage, makeRoom } from './fixtures';

let server: TestServer;
const bob = { id: 8, username: 'bob', avatar: null, role: 'vip' as const };
const pinOf = (seq: number): PinnedMessageDto => ({
  message: { id: 1000 + seq, seq, sender: bob, type: 'text', text: `message ${seq}` },
  pinnedBy: bob,
  pinnedAt: new Date().toISOString(),
});

beforeEach(async () => {
  server = await startTestServer();
  sessionStorage.clear();
  server.on('GET /api/users/me', () => ({ body: makeUser({ id: 7, username: 'alice' }) }));
  server.on('GET /api/rooms/4', () => ({ body: makeRoom() }));
  server.on('GET /api/rooms/4/private-chats', () => ({ body: [] }));
  server.on('GET /api/blocks', () => ({ body: [] }));
});

afterEach(() => server.close());

/** jsdom lays nothing out: the list gets a height, a window onto it and a scroll position a browser would give it. */
function measure(scroller: HTMLElement, view = 500) {
  const box = { height: 2000, top: 0 };
  Object.defineProperty(scroller, 'scrollHeight', { configurable: true, get: () => box.height });
  Object.defineProperty(scroller, 'clientHeight', { configurable: true, get: () => view });
  Object.defineProperty(scroller, 'scrollTop', {
    configurable: true,
    get: () => box.top,
    set: (top: number) => (box.top = Math.max(0, Math.min(top, box.height - view))),
  });
  return box;
}

async function openRoom4(messages = [1, 2, 3]) {
  const rendered = renderApp('/chat/4');
  await screen.findByText(/Connecting/i);
  act(() => {
    rendered.store.dispatch(socketStatusChanged({ status: 'online', attempt: 0 }));
    rendered.store.dispatch(socketFrameReceived({ type: 'room_joined', room: makeRoom() }));
    rendered.store.dispatch(socketFrameReceived({ type: 'room_messages', roomId: 4, messages: messages.map((seq) => makeMessage(seq, bob)), hasMore: false }));
  });
  await screen.findByText(`message ${messages[messages.length - 1]}`);
  return rendered;
}

const scrollerOf = () => screen.getByRole('list', { name: 'Messages' }).parentElement as HTMLElement;

it('keeps a reader at the bottom following new messages after going to a pin among the newest', async () => {
  server.on('GET /api/rooms/4/pins', () => ({ body: [pinOf(3)] }));
  const { store } = await openRoom4();
  const scroller = scrollerOf();
  const box = measure(scroller);
  scroller.scrollTop = 1500;
  fireEvent.scroll(scroller);

  await userEvent.click(await screen.findByRole('button', { name: PIN_TEXT.goTo('bob') }));
  await waitFor(() => expect(screen.getByText('message 3')).toHaveAttribute('data-focused', 'true'));
  // The pinned message was in sight: nothing moved, and the reader is still at the bottom.
  expect(scroller.scrollTop).toBe(1500);

  box.height = 2100;
  act(() => {
    store.dispatch(socketFrameReceived({ type: 'new_message', roomId: 4, message: makeMessage(4, bob) }));
  });
  await screen.findByText('message 4');
  expect(scroller.scrollTop).toBe(1600);
});

it('does not jump to a pin chosen before when the reader comes back to the room', async () => {
  server.on('GET /api/rooms/4/pins', () => ({ body: [pinOf(1)] }));
  server.on('GET /api/rooms', () => ({ body: [] }));
  const { store, router } = await openRoom4();
  await userEvent.click(await screen.findByRole('button', { name: PIN_TEXT.goTo('bob') }));
  await waitFor(() => expect(screen.getByText('message 1')).toHaveAttribute('data-focused', 'true'));

  act(() => router.navigate('/public-rooms'));
  await waitFor(() => expect(screen.queryByRole('list', { name: 'Messages' })).not.toBeInTheDocument());
  act(() => router.navigate('/chat/4'));
  act(() => {
    store.dispatch(socketFrameReceived({ type: 'room_joined', room: makeRoom() }));
    store.dispatch(socketFrameReceived({ type: 'room_messages', roomId: 4, messages: [1, 2, 3].map((seq) => makeMessage(seq, bob)), hasMore: false }));
  });
  expect(await screen.findByText('message 1')).toBeInTheDocument();
  await screen.findByRole('button', { name: PIN_TEXT.goTo('bob') });
  expect(document.querySelector('[data-focused]')).toBeNull();
});
