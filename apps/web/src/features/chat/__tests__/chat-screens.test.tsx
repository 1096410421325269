import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { startTestServer, type TestServer } from '@/test/test-server';
import { socketFrameReceived, socketStatusChanged } from '@/lib/socket';
import { leaveDestination, recordChatSource, recordPublicRoom } from '@/lib/chat-source';
import { CHAT_TEXT, CREATE_ROOM_TEXT, JOIN_TEXT, MY_CHATS_TEXT, PRIVATE_CHATS_TEXT } from '../chat-copy';
import { visibleOnlineUsers } from '../components/online-users-drawer';
import { makeMessage, makeRoom } from './fixtures';
import { powChallenge } from '@/test/pow-worker';

let server: TestServer;

beforeEach(async () => {
  server = await startTestServer();
  sessionStorage.clear();
});

afterEach(() => server.close());

const signedOut = () => server.on('GET /api/users/me', () => ({ status: 401, body: { error: 'Unauthorized', code: 'unauthenticated', message: 'Authentication required' } }));

describe('the chat room screen', () => {
  it('asks for a room when the address has none', async () => {
    signedOut();
    renderApp('/chat');
    expect(await screen.findByRole('heading', { name: CHAT_TEXT.selectRoomTitle })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: CHAT_TEXT.goBack })).toBeInTheDocument();
  });

  it('walks a signed-out visitor from the join prompt to the username dialog, filtering and checking the name', async () => {
    const user = userEvent.setup();
    signedOut();
    server.on('GET /api/rooms/4', () => ({ body: makeRoom() }));
    server.on('GET /api/auth/captcha', () => ({ body: { id: 'c1', question: '2 + 3 = ?', pow: powChallenge() } }));
    server.on('GET /api/auth/check-username', ({ query }) => ({ body: { available: query.get('username') !== 'taken_name' } }));
    renderApp('/chat/4');

    expect(await screen.findByText(CHAT_TEXT.joiningRoom)).toBeInTheDocument();
    const prompt = await screen.findByRole('dialog', { name: 'Join General Lounge' });
    expect(within(prompt).getByRole('link', { name: JOIN_TEXT.signUp })).toHaveAttribute('href', '/auth');
    expect(within(prompt).getByRole('link', { name: JOIN_TEXT.signIn })).toHaveAttribute('href', '/auth');
    await user.click(within(prompt).getByRole('button', { name: JOIN_TEXT.continueAsGuest }));

    const dialog = await screen.findByRole('dialog', { name: JOIN_TEXT.usernameTitle });
    await user.click(within(dialog).getByRole('button', { name: JOIN_TEXT.joinChat }));
    expect(await screen.findByText('Please enter a username to continue')).toBeInTheDocument();

    const field = within(dialog).getByRole('textbox', { name: JOIN_TEXT.usernameLabel });
    await user.type(field, 'Taken-Name!');
    expect(field).toHaveValue('takenname');
    await user.clear(field);
    await user.type(field, 'taken_name');
    expect(await within(dialog).findByText(JOIN_TEXT.taken, {}, { timeout: 3000 })).toBeInTheDocument();
    const checks = server.requests.filter((r) => r.path === '/api/auth/check-username').map((r) => r.query.get('username'));
    // One check once typing paused, never one per keystroke.
    expect(checks).toEqual(['taken_name']);
    await user.click(within(dialog).getByRole('button', { name: JOIN_TEXT.joinChat }));
    expect(await screen.findByText('This username is already taken. Please choose another one.')).toBeInTheDocument();

    // Cancel goes back to the prompt.
    await user.click(within(dialog).getByRole('button', { name: JOIN_TEXT.cancel }));
    expect(await screen.findByRole('dialog', { name: 'Join General Lounge' })).toBeInTheDocument();
  });

  it('names the room in its heading once known, and says it is loading until then', async () => {
    server.on('GET /api/users/me', () => ({ body: makeUser({ id: 7, username: 'alice', role: 'user' }) }));
    let answerRoom!: () => void;
    const roomAsked = new Promise<void>((resolve) => (answerRoom = resolve));
    server.on('GET /api/rooms/4', async () => {
      await roomAsked;
      return { body: makeRoom({ name: 'Night owls' }) };
    });
    server.on('GET /api/rooms/4/private-chats', () => ({ body: [] }));
    renderApp('/chat/4');
    expect(await screen.findByRole('heading', { level: 1, name: CHAT_TEXT.loadingRoom })).toBeInTheDocument();
    answerRoom();
    expect(await screen.findByRole('heading', { level: 1, name: 'Night owls' })).toBeInTheDocument();
  });

  it('shows history, join notices and the online list in role order for a signed-in member', async () => {
    const me = makeUser({ id: 7, username: 'alice', role: 'user' });
    server.on('GET /api/users/me', () => ({ body: me }));
    server.on('GET /api/rooms/4', () => ({ body: makeRoom() }));
    server.on('GET /api/rooms/4/private-chats', () => ({ body: [] }));
    const { store } = renderApp('/chat/4');
    expect(await screen.findByText(CHAT_TEXT.connectingToChat)).toBeInTheDocument();

    const bob = { id: 8, username: 'bob', avatar: null, role: 'vip' as const };
    act(() => {
      store.dispatch(socketStatusChanged({ status: 'online', attempt: 0 }));
      store.dispatch(socketFrameReceived({ type: 'room_joined', room: makeRoom() }));
      store.dispatch(socketFrameReceived({ type: 'room_messages', roomId: 4, messages: [makeMessage(1, bob), makeMessage(2, bob, { content: 'second' })], hasMore: false }));
      store.dispatch(socketFrameReceived({ type: 'new_message', roomId: 4, message: makeMessage(2, bob, { content: 'second' }) }));
      store.dispatch(socketFrameReceived({ type: 'online_users', roomId: 4, users: [{ ...me, joinedAt: '2025-01-01T10:00:00Z' }] }));
      store.dispatch(socketFrameReceived({ type: 'user_joined', roomId: 4, user: { ...bob, joinedAt: new Date().toISOString() }, timestamp: new Date().toISOString() }));
    });
    expect(await screen.findByText('message 1')).toBeInTheDocument();
    // The echo of message 2 is the same message: shown once, in one group under one name.
    expect(screen.getAllByText('second')).toHaveLength(1);
    expect(screen.getAllByTestId('message-group')).toHaveLength(1);
    expect(screen.getByText('1 minute ago')).toBeInTheDocument();
    expect(screen.getByTestId('room-notice')).toHaveTextContent('bob joined the room');
    expect(screen.getByRole('button', { name: `${CHAT_TEXT.onlineUsers}: 2` })).toBeInTheDocument();

    // Retrying, the header, the online count and the composer say the same thing; no count from before.
    act(() => {
      store.dispatch(socketStatusChanged({ status: 'connecting', attempt: 3 }));
    });
    const retrying = CHAT_TEXT.reconnecting(3);
    expect(screen.getByTestId('connection-status')).toHaveTextContent(retrying);
    expect(screen.getByRole('button', { name: `${CHAT_TEXT.onlineUsers}: ${retrying}` })).toHaveTextContent(/^–$/);
    expect(screen.getByTestId('composer-connection')).toHaveTextContent(retrying);
    expect(screen.queryByRole('button', { name: CHAT_TEXT.reconnect })).not.toBeInTheDocument();
    // Every retry failed: disconnected everywhere, and one Reconnect button.
    act(() => {
      store.dispatch(socketStatusChanged({ status: 'offline' }));
    });
    expect(screen.getByTestId('connection-status')).toHaveTextContent(CHAT_TEXT.offline);
    expect(screen.getByTestId('composer-connection')).toHaveTextContent(CHAT_TEXT.offline);
    expect(screen.getByRole('button', { name: `${CHAT_TEXT.onlineUsers}: ${CHAT_TEXT.offline}` })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: CHAT_TEXT.reconnect })).toHaveLength(1);
  });
});

/** A signed-in user with room 4 open; returns the other member whose messages fill it. */
function memberInRoom4() {
  server.on('GET /api/users/me', () => ({ body: makeUser({ id: 7 }) }));
  server.on('GET /api/rooms/4', () => ({ body: makeRoom() }));
  server.on('GET /api/rooms/4/private-chats', () => ({ body: [] }));
  return { id: 8, username: 'bob', avatar: null, role: 'user' as const };
}

/**
 * A hundred full message rows in jsdom, each state change checked by the store's development
 * middleware: 2-3.5 s on two cores busy with other suites, past the usual 5 s under CI's load.
 */
const LONG_LIST_MS = 15_000;

it('fetches what one join frame could not hold, so the list has no gap', async () => {
  const bob = memberInRoom4();
  server.on('GET /api/rooms/4/messages', ({ query }) => {
    const after = Number(query.get('afterSeq'));
    const page = Array.from({ length: after < 100 ? 100 : 3 }, (_, i) => makeMessage(after + i + 1, bob));
    return { body: page };
  });
  const { store } = renderApp('/chat/4');
  await screen.findByText(CHAT_TEXT.connectingToChat);
  act(() => {
    store.dispatch(socketFrameReceived({ type: 'room_messages', roomId: 4, messages: [makeMessage(1, bob), makeMessage(2, bob)], hasMore: true }));
  });
  expect(await screen.findByText('message 105', undefined, { timeout: LONG_LIST_MS })).toBeInTheDocument();
  expect(screen.getAllByTestId('message')).toHaveLength(105);
  const asked = server.requests.filter((r) => r.path === '/api/rooms/4/messages').map((r) => r.query.get('afterSeq'));
  expect(asked).toEqual(['2', '102']);
});

it('loads earlier messages page by page when the reader scrolls back, until the first', async () => {
  const bob = memberInRoom4();
  server.on('GET /api/rooms/4/messages', ({ query }) => {
    const before = Number(query.get('before')) - 1000; // the fixtures' ids are 1000 + seq
    const first = Math.max(1, before - Number(query.get('limit')));
    return { body: Array.from({ length: before - first }, (_, i) => makeMessage(first + i, bob)) };
  });
  const { store } = renderApp('/chat/4');
  await screen.findByText(CHAT_TEXT.connectingToChat);
  act(() => {
    store.dispatch(socketFrameReceived({ type: 'room_joined', room: makeRoom() }));
    const latest = Array.from({ length: 50 }, (_, i) => makeMessage(71 + i, bob));
    store.dispatch(socketFrameReceived({ type: 'room_messages', roomId: 4, messages: latest, hasMore: false }));
  });
  await userEvent.click(await screen.findByRole('button', { name: CHAT_TEXT.loadOlder }));
  expect(await screen.findByText('message 21', undefined, { timeout: LONG_LIST_MS })).toBeInTheDocument();
  expect(screen.getAllByTestId('message')).toHaveLength(100);

  await userEvent.click(screen.getByRole('button', { name: CHAT_TEXT.loadOlder }));
  expect(await screen.findByText(CHAT_TEXT.startOfHistory)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: CHAT_TEXT.loadOlder })).not.toBeInTheDocument();
  const shown = screen.getAllByTestId('message').map((el) => el.textContent);
  expect(shown).toEqual(Array.from({ length: 120 }, (_, i) => `message ${i + 1}`));
  const asked = server.requests.filter((r) => r.path === '/api/rooms/4/messages').map((r) => r.query.get('before'));
  expect(asked).toEqual(['1071', '1021']);
});

it('orders online users by role rank, then by when they joined, and filters by name', () => {
  const at = (m: number) => `2025-01-01T10:0${m}:00Z`;
  const users = [
    { id: 1, username: 'Guesty', avatar: null, role: 'guest' as const, joinedAt: at(0) },
    { id: 2, username: 'Uma', avatar: null, role: 'user' as const, joinedAt: at(2) },
    { id: 3, username: 'Sam', avatar: null, role: 'seller' as const, joinedAt: at(1) },
    { id: 4, username: 'Vic', avatar: null, role: 'vip' as const, joinedAt: at(3) },
    { id: 5, username: 'Mo', avatar: null, role: 'moderator' as const, joinedAt: at(4) },
    { id: 6, username: 'Ulla', avatar: null, role: 'user' as const, joinedAt: at(1) },
  ];
  expect(visibleOnlineUsers(users, '').map((u) => u.username)).toEqual(['Mo', 'Vic', 'Sam', 'Ulla', 'Uma', 'Guesty']);
  expect(visibleOnlineUsers(users, 'U').map((u) => u.username)).toEqual(['Ulla', 'Uma', 'Guesty']);
});

it('leads out of a room where the spec says', () => {
  expect(leaveDestination({ type: 'public', originPublicRoomId: null })).toBe('/public-rooms');
  expect(leaveDestination({ type: 'private', originPublicRoomId: 12 })).toBe('/chat/12');
  expect(leaveDestination({ type: 'private', originPublicRoomId: null })).toBe('/private-chats');
  recordChatSource('marketplace');
  expect(leaveDestination({ type: 'private', originPublicRoomId: null })).toBe('/marketplace');
  recordChatSource('public-room');
  expect(leaveDestination({ type: 'private', originPublicRoomId: null })).toBe('/public-rooms');
  recordPublicRoom(9);
  expect(leaveDestination({ type: 'private', originPublicRoomId: null })).toBe('/chat/9');
  recordChatSource('private-chats');
  expect(leaveDestination({ type: 'private', originPublicRoomId: null })).toBe('/private-chats');
});

describe('the public rooms list', () => {
  it('groups rooms by category with their online count and keeps the search in the address', async () => {
    const user = userEvent.setup();
    server.on('GET /api/users/me', () => ({ body: makeUser({ role: 'vip' }) }));
    server.on('GET /api/rooms', ({ query }) => ({
      body: query.get('q')
        ? [makeRoom({ id: 9, name: 'Tech Talk', category: 'technology', onlineCount: 2, maxUsers: 50 })]
        : [makeRoom(), makeRoom({ id: 9, name: 'Tech Talk', category: 'technology', onlineCount: 2, maxUsers: 50 })],
    }));
    const { router } = renderApp('/public-rooms');
    expect(await screen.findByRole('heading', { name: 'General' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Technology' })).toBeInTheDocument();
    expect(screen.getByText('3/100 online')).toBeInTheDocument();
    expect(screen.getByText('2/50 online')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search rooms' }), 'tech');
    await waitFor(() => expect(router.state.location.search).toBe('?q=tech'));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'General' })).not.toBeInTheDocument());
    expect(server.requests.some((r) => r.path === '/api/rooms' && r.query.get('q') === 'tech' && r.query.get('type') === 'public')).toBe(true);
  });

  it('checks the create room form with the spec words and shows Creating... while it is sent', async () => {
    const user = userEvent.setup();
    server.on('GET /api/users/me', () => ({ body: makeUser({ role: 'moderator' }) }));
    server.on('GET /api/rooms', () => ({ body: [] }));
    let release: () => void = () => undefined;
    server.on('POST /api/rooms', ({ body }) => new Promise((resolve) => {
      release = () => resolve({ status: 201, body: makeRoom({ id: 31, name: (body as { name: string }).name }) });
    }));
    server.on('GET /api/rooms/31', () => ({ body: makeRoom({ id: 31, name: 'Hikers' }) }));
    renderApp('/public-rooms');
    await user.click(await screen.findByRole('button', { name: 'Create Room' }));
    const form = await screen.findByRole('form', { name: CREATE_ROOM_TEXT.title });
    await user.click(within(form).getByLabelText(CREATE_ROOM_TEXT.roomDescription));
    await user.paste('d'.repeat(201));
    await user.clear(within(form).getByLabelText(CREATE_ROOM_TEXT.cooldown));
    await user.type(within(form).getByLabelText(CREATE_ROOM_TEXT.cooldown), '301');
    await user.click(within(form).getByRole('button', { name: CREATE_ROOM_TEXT.submit }));
    expect(within(form).getByText(CREATE_ROOM_TEXT.errors.nameRequired)).toBeInTheDocument();
    expect(within(form).getByText(CREATE_ROOM_TEXT.errors.descriptionTooLong)).toBeInTheDocument();
    expect(within(form).getByText(CREATE_ROOM_TEXT.errors.cooldown)).toBeInTheDocument();

    await user.clear(within(form).getByLabelText(CREATE_ROOM_TEXT.roomDescription));
    await user.clear(within(form).getByLabelText(CREATE_ROOM_TEXT.cooldown));
    await user.type(within(form).getByLabelText(CREATE_ROOM_TEXT.cooldown), '0');
    await user.type(within(form).getByLabelText(CREATE_ROOM_TEXT.name), 'Hikers');
    await user.click(within(form).getByRole('switch', { name: CREATE_ROOM_TEXT.allowImages }));
    await user.click(within(form).getByRole('button', { name: CREATE_ROOM_TEXT.submit }));
    expect(await within(form).findByRole('button', { name: CREATE_ROOM_TEXT.submitting })).toBeDisabled();
    const request = server.requests.find((r) => r.method === 'POST' && r.path === '/api/rooms');
    expect(request?.body).toEqual({ name: 'Hikers', category: 'general', maxUsers: 100, messageCooldown: 0, type: 'public', allowImages: true, allowGifs: false });
    act(() => release());
    expect(await screen.findByText('Successfully created "Hikers" room')).toBeInTheDocument();
  });
});

describe('private chats', () => {
  const other = { id: 8, username: 'bob', avatar: null, role: 'vip' as const };
  /** A row of /api/rooms/my-chats: a chat with bob that started in a public room. */
  const chatWithBob = (id: number, fields: object) => ({
    id,
    name: other.username,
    origin: 'room',
    originPublicRoomId: 4,
    sellerId: null,
    otherParticipant: other,
    hasUnreadMessages: false,
    lastActivityAt: new Date().toISOString(),
    ...fields,
  });

  it('lists conversations with the unread mark and deletes one', async () => {
    const user = userEvent.setup();
    const chat = (id: number, unread: boolean) =>
      chatWithBob(id, {
        hasUnreadMessages: unread,
        lastMessage: { id: 1, content: `hello ${id}`, type: 'text', createdAt: new Date().toISOString(), sender: other },
        lastActivityAt: new Date(Date.now() - 2 * 3600_000).toISOString(),
      });
    server.on('GET /api/users/me', () => ({ body: makeUser() }));
    server.on('GET /api/rooms/my-chats', () => ({ body: [chat(21, true), chat(22, false)] }));
    server.on('DELETE /api/rooms/22', () => ({ body: { ok: true } }));
    renderApp('/private-chats');
    const rows = await screen.findAllByTestId('chat-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByTestId('unread-mark')).toBeInTheDocument();
    expect(within(rows[1]).queryByTestId('unread-mark')).not.toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('2h ago');
    await user.click(within(rows[1]).getByRole('button', { name: PRIVATE_CHATS_TEXT.delete('bob') }));
    const confirm = await screen.findByRole('alertdialog', { name: PRIVATE_CHATS_TEXT.confirmTitle });
    expect(confirm).toHaveTextContent(PRIVATE_CHATS_TEXT.confirmBody('bob'));
    await user.click(within(confirm).getByRole('button', { name: PRIVATE_CHATS_TEXT.confirmDelete }));
    await waitFor(() => expect(screen.getAllByTestId('chat-row')).toHaveLength(1));
    expect(server.requests.some((r) => r.method === 'DELETE' && r.path === '/api/rooms/22')).toBe(true);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('says a last message was deleted rather than quoting it, and keeps the words out with message previews off', async () => {
    const base = makeUser();
    const chat = (id: number, lastMessage: object) => chatWithBob(id, { lastMessage: { id, type: 'text', createdAt: new Date().toISOString(), ...lastMessage } });
    const chats = [
      chat(21, { content: '', sender: base, removedBy: 'sender' }),
      chat(22, { content: '', sender: other, removedBy: 'moderator' }),
      chat(23, { content: 'the secret plan', sender: base }),
      chat(24, { content: 'see you', sender: other }),
    ];
    server.on('GET /api/users/me', () => ({ body: { ...base, settings: { ...base.settings, chat: { ...base.settings.chat, messagePreview: false } } } }));
    server.on('GET /api/rooms/my-chats', () => ({ body: chats }));
    renderApp('/private-chats');
    const rows = await screen.findAllByTestId('chat-row');
    await waitFor(() => expect(rows[2]).toHaveTextContent(`${PRIVATE_CHATS_TEXT.you}${PRIVATE_CHATS_TEXT.previewHidden}`));
    expect(rows[0]).toHaveTextContent(PRIVATE_CHATS_TEXT.deleted);
    expect(rows[0]).not.toHaveTextContent(PRIVATE_CHATS_TEXT.you);
    expect(rows[1]).toHaveTextContent(PRIVATE_CHATS_TEXT.removedByModerator);
    expect(rows[3]).toHaveTextContent(PRIVATE_CHATS_TEXT.previewHidden);
    expect(screen.queryByText(/secret plan|see you/)).not.toBeInTheDocument();
  });

  const expert = { id: 30, username: 'xq_hidden', avatar: null, role: 'seller' as const };
  const buyer = { id: 31, username: 'walter', avatar: null, role: 'user' as const };
  const marketplaceChat = (name: string, other: typeof expert | typeof buyer) => ({
    id: 40,
    name,
    origin: 'marketplace',
    originPublicRoomId: null,
    sellerId: 5,
    otherParticipant: other,
    hasUnreadMessages: false,
    lastMessage: null,
    lastActivityAt: new Date().toISOString(),
  });

  it("shows a buyer's experts by display name, the avatar lettered by it rather than the hidden username", async () => {
    server.on('GET /api/users/me', () => ({ body: makeUser({ id: 31, username: 'walter', role: 'user' }) }));
    server.on('GET /api/rooms/marketplace-chats', () => ({ body: [marketplaceChat('Dr. Maya Lin', expert)] }));
    renderApp('/my-chats');
    const [row] = await screen.findAllByTestId('chat-row');
    expect(screen.getByText(MY_CHATS_TEXT.subtitle)).toBeInTheDocument();
    expect(row).toHaveTextContent('Dr. Maya Lin');
    expect(within(row).getByText('DM')).toBeInTheDocument();
    expect(within(row).queryByText('X')).not.toBeInTheDocument();
  });

  it('speaks to a seller of their conversations with buyers', async () => {
    server.on('GET /api/users/me', () => ({ body: makeUser({ id: 30, username: 'xq_hidden', role: 'seller' }) }));
    server.on('GET /api/rooms/marketplace-chats', () => ({ body: [marketplaceChat('walter', buyer)] }));
    renderApp('/my-chats');
    const [row] = await screen.findAllByTestId('chat-row');
    expect(screen.getByText(MY_CHATS_TEXT.seller.subtitle)).toBeInTheDocument();
    expect(screen.queryByText(MY_CHATS_TEXT.subtitle)).not.toBeInTheDocument();
    expect(within(row).getByText('W')).toBeInTheDocument();
  });

  it('asks before deleting a chat, and keeps it when the person changes their mind', async () => {
    const user = userEvent.setup();
    const other = { id: 8, username: 'bob', avatar: null, role: 'vip' as const };
    server.on('GET /api/users/me', () => ({ body: makeUser() }));
    server.on('GET /api/rooms/my-chats', () => ({
      body: [{ id: 22, name: 'bob', origin: 'room', originPublicRoomId: 4, sellerId: null, otherParticipant: other, hasUnreadMessages: false, lastMessage: null, lastActivityAt: new Date().toISOString() }],
    }));
    server.on('DELETE /api/rooms/22', () => ({ body: { ok: true } }));
    renderApp('/private-chats');
    const [row] = await screen.findAllByTestId('chat-row');
    await user.click(within(row).getByRole('button', { name: PRIVATE_CHATS_TEXT.delete('bob') }));
    const confirm = await screen.findByRole('alertdialog', { name: PRIVATE_CHATS_TEXT.confirmTitle });
    await user.click(within(confirm).getByRole('button', { name: PRIVATE_CHATS_TEXT.cancelDelete }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getAllByTestId('chat-row')).toHaveLength(1);
    expect(server.requests.some((r) => r.method === 'DELETE')).toBe(false);
  });
});

