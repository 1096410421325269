import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { socketFrameReceived, socketStatusChanged } from '@/lib/socket';
import { makeUser } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { startTestServer, type TestServer } from '@/test/test-server';
import { MESSAGE_ACTS_TEXT, PERSON_MENU_TEXT, PIN_TEXT, REPLY_TEXT } from '../chat-copy';
import { makeMessage, makeRoom } from './fixtures';

let server: TestServer;
const alice = makeUser({ id: 7, username: 'alice', role: 'vip' });
const me = { id: 7, username: 'alice', avatar: null, role: 'vip' as const };
const bob = { id: 8, username: 'bob', avatar: null, role: 'user' as const };

beforeEach(async () => {
  server = await startTestServer();
  sessionStorage.clear();
  // Alice owns the room: her menus offer pinning too.
  const room = makeRoom({ ownerId: 7, messageCooldown: 0 });
  server.on('GET /api/users/me', () => ({ body: alice }));
  server.on('GET /api/rooms/4', () => ({ body: room }));
  server.on('GET /api/rooms/4/private-chats', () => ({ body: [] }));
  server.on('GET /api/rooms/4/pins', () => ({ body: [] }));
  server.on('GET /api/blocks', () => ({ body: [] }));
});

afterEach(() => server.close());

it("names one's own message menu for all it opens, as the menus on others' messages are named", async () => {
  const user = userEvent.setup();
  const { store } = renderApp('/chat/4');
  await screen.findByText(/Connecting/i);
  act(() => {
    store.dispatch(socketStatusChanged({ status: 'online', attempt: 0 }));
    store.dispatch(socketFrameReceived({ type: 'room_joined', room: makeRoom({ ownerId: 7, messageCooldown: 0 }) }));
    store.dispatch(
      socketFrameReceived({
        type: 'room_messages',
        roomId: 4,
        messages: [makeMessage(1, bob, { content: 'hello all' }), makeMessage(2, me, { content: 'hi bob', createdAt: new Date().toISOString() })],
        hasMore: false,
      }),
    );
  });

  // Not "edit or delete": it offers a reply and a pin as well.
  const own = await screen.findByRole('button', { name: 'Message actions (you)' });
  expect(screen.getByRole('button', { name: PERSON_MENU_TEXT.message('bob') })).toBeInTheDocument();

  await user.click(own);
  const menu = await screen.findByRole('menu');
  expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent?.trim())).toEqual([
    REPLY_TEXT.reply,
    PIN_TEXT.pin,
    MESSAGE_ACTS_TEXT.edit,
    MESSAGE_ACTS_TEXT.delete,
  ]);
});
