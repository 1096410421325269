import type { BlockedUserDto, PinnedMessageDto } from '@app/contracts';
import { SafetyMessages } from '@app/contracts/browser';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { socketFrameReceived } from '@/lib/socket';
import { makeUser } from '@/test/fixtures';
import { renderApp, renderWithStore, settleRenderedApps } from '@/test/render';
import { startTestServer, type TestServer } from '@/test/test-server';
import { makeMessage, makeRoom } from '@/features/chat/__tests__/fixtures';
import { Composer } from '@/features/chat/components/composer';
import { PERSON_MENU_TEXT, PIN_TEXT, ROOM_INFO_TEXT } from '@/features/chat/chat-copy';
import { REPORT_TEXT } from '@/features/moderation/report-copy';
import { BLOCK_TEXT } from '../safety-copy';

let server: TestServer;
const bob = { id: 8, username: 'bob', avatar: null, role: 'user' as const };
const alice = makeUser({ id: 7, username: 'alice', isVerified: true });

beforeEach(async () => {
  server = await startTestServer();
  sessionStorage.clear();
  server.on('GET /api/users/me', () => ({ body: alice }));
  server.on('GET /api/moderation/notices', () => ({ body: { notices: [], mute: null } }));
});

afterEach(async () => {
  await settleRenderedApps();
  await server.close();
});

describe('Blocking', () => {
  it('blocks a message author from the message menu and stops showing their messages', async () => {
    const user = userEvent.setup();
    let blocked: BlockedUserDto[] = [];
    server.on('GET /api/blocks', () => ({ body: blocked }));
    server.on('POST /api/blocks', () => {
      blocked = [{ user: bob, blockedAt: new Date().toISOString() }];
      return { status: 201, body: blocked[0] };
    });
    server.on('GET /api/rooms/4', () => ({ body: makeRoom() }));
    server.on('GET /api/rooms/4/private-chats', () => ({ body: [] }));
    const carol = { id: 9, username: 'carol', avatar: null, role: 'user' as const };
    const { store } = renderApp('/chat/4');
    await screen.findByText(/Connecting/i);
    act(() => {
      store.dispatch(socketFrameReceived({ type: 'room_joined', room: makeRoom() }));
      store.dispatch(socketFrameReceived({ type: 'room_messages', roomId: 4, messages: [makeMessage(1, bob, { content: 'from bob' }), makeMessage(2, carol, { content: 'from carol' })], hasMore: false }));
    });
    await screen.findByText('from bob');

    await user.click(screen.getByRole('button', { name: PERSON_MENU_TEXT.message('bob') }));
    await user.click(await screen.findByRole('menuitem', { name: BLOCK_TEXT.block('bob') }));

    expect(await screen.findByText(BLOCK_TEXT.blocked('bob'))).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('from bob')).not.toBeInTheDocument());
    expect(screen.getByText('from carol')).toBeInTheDocument();
    expect(server.requests.find((r) => r.method === 'POST' && r.path === '/api/blocks')?.body).toEqual({ userId: 8 });
  });

  it("leaves out a blocked person's join and leave notices, those from before the block too", async () => {
    const user = userEvent.setup();
    let blocked: BlockedUserDto[] = [];
    server.on('GET /api/blocks', () => ({ body: blocked }));
    server.on('POST /api/blocks', () => {
      blocked = [{ user: bob, blockedAt: new Date().toISOString() }];
      return { status: 201, body: blocked[0] };
    });
    server.on('GET /api/rooms/4', () => ({ body: makeRoom() }));
    server.on('GET /api/rooms/4/private-chats', () => ({ body: [] }));
    const carol = { id: 9, username: 'carol', avatar: null, role: 'user' as const };
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
    const { store } = renderApp('/chat/4');
    await screen.findByText(/Connecting/i);
    act(() => {
      store.dispatch(socketFrameReceived({ type: 'room_joined', room: makeRoom() }));
      store.dispatch(socketFrameReceived({ type: 'room_messages', roomId: 4, messages: [], hasMore: false }));
      store.dispatch(socketFrameReceived({ type: 'online_users', roomId: 4, users: [{ ...alice, joinedAt: at(9) }] }));
      store.dispatch(socketFrameReceived({ type: 'user_joined', roomId: 4, user: { ...bob, joinedAt: at(5) }, timestamp: at(5) }));
    });
    expect(await screen.findByText('bob joined the room')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /^Online users: / }));
    await user.click(await screen.findByRole('button', { name: PERSON_MENU_TEXT.person('bob') }));
    await user.click(await screen.findByRole('menuitem', { name: BLOCK_TEXT.block('bob') }));
    expect(await screen.findByText(BLOCK_TEXT.blocked('bob'))).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('bob joined the room')).not.toBeInTheDocument());

    act(() => {
      store.dispatch(socketFrameReceived({ type: 'user_left', roomId: 4, user: bob, timestamp: at(2) }));
      store.dispatch(socketFrameReceived({ type: 'user_joined', roomId: 4, user: { ...carol, joinedAt: at(1) }, timestamp: at(1) }));
    });
    expect(await screen.findByText('carol joined the room')).toBeInTheDocument();
    expect(screen.queryByText('bob left the room')).not.toBeInTheDocument();
    expect(screen.getAllByTestId('room-notice')).toHaveLength(1);
  });

  it('offers no Block on a moderator, and Report still', async () => {
    const user = userEvent.setup();
    server.on('GET /api/blocks', () => ({ body: [] }));
    server.on('GET /api/rooms/4', () => ({ body: makeRoom() }));
    server.on('GET /api/rooms/4/private-chats', () => ({ body: [] }));
    const mod = { id: 10, username: 'mod', avatar: null, role: 'moderator' as const };
    const { store } = renderApp('/chat/4');
    await screen.findByText(/Connecting/i);
    act(() => {
      store.dispatch(socketFrameReceived({ type: 'room_joined', room: makeRoom() }));
      store.dispatch(socketFrameReceived({ type: 'room_messages', roomId: 4, messages: [makeMessage(1, mod, { content: 'rules apply' })], hasMore: false }));
    });
    await user.click(await screen.findByRole('button', { name: PERSON_MENU_TEXT.message('mod') }));
    expect(await screen.findByRole('menuitem', { name: REPORT_TEXT.reportUser('mod') })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: BLOCK_TEXT.block('mod') })).not.toBeInTheDocument();
  });

  it("leaves a blocked person's pins out of the pinned bar and the room's information, as their messages", async () => {
    const user = userEvent.setup();
    const carol = { id: 9, username: 'carol', avatar: null, role: 'user' as const };
    const pinOf = (seq: number, sender: typeof bob, text: string): PinnedMessageDto => ({
      message: { id: 1000 + seq, seq, sender, type: 'text', text },
      pinnedBy: { id: 3, username: 'owner', avatar: null, role: 'vip' },
      pinnedAt: new Date(Date.now() - seq * 1000).toISOString(),
    });
    server.on('GET /api/blocks', () => ({ body: [{ user: bob, blockedAt: '2026-01-02T10:00:00Z' }] }));
    server.on('GET /api/rooms/4', () => ({ body: makeRoom() }));
    server.on('GET /api/rooms/4/private-chats', () => ({ body: [] }));
    // Newest first: bob's pin is the newest of the room.
    server.on('GET /api/rooms/4/pins', () => ({ body: [pinOf(2, bob, 'buy my course'), pinOf(1, carol, 'Welcome, be kind')] }));
    renderApp('/chat/4');

    const bar = await screen.findByTestId('pinned-bar');
    await waitFor(() => expect(bar).toHaveTextContent('carol: Welcome, be kind'));
    expect(bar).not.toHaveTextContent('buy my course');
    expect(bar).not.toHaveTextContent(PIN_TEXT.count(2));

    await user.click(screen.getByRole('button', { name: ROOM_INFO_TEXT.open }));
    const pins = await within(await screen.findByTestId('room-info')).findByTestId('room-pins');
    expect(within(pins).getAllByRole('button', { name: /^Go to the pinned message by / }).map((b) => b.textContent)).toEqual(['carol: Welcome, be kind']);
  });

  it('lists blocked people in settings and unblocks one', async () => {
    const user = userEvent.setup();
    let blocked: BlockedUserDto[] = [{ user: bob, blockedAt: '2026-01-02T10:00:00Z' }];
    server.on('GET /api/users/me/settings', () => ({ body: alice.settings }));
    server.on('GET /api/blocks', () => ({ body: blocked }));
    server.on('DELETE /api/blocks/8', () => {
      blocked = [];
      return { body: { ok: true } };
    });
    renderApp('/settings');
    const list = await screen.findByRole('region', { name: BLOCK_TEXT.listTitle });
    await user.click(await within(list).findByRole('button', { name: BLOCK_TEXT.unblock('bob') }));
    expect(await within(list).findByText(BLOCK_TEXT.listEmpty)).toBeInTheDocument();
    expect(screen.getByText(BLOCK_TEXT.unblocked('bob'))).toBeInTheDocument();
  });
});

describe('A private chat with a block', () => {
  const participants = [
    { id: 7, username: 'alice', avatar: null, role: 'user' as const },
    { id: 8, username: 'bob', avatar: null, role: 'user' as const },
  ];

  it('is read-only for the one who blocked, naming the other', () => {
    renderWithStore(<Composer room={makeRoom({ type: 'private', name: 'bob', participants, canReply: false, blockedByYou: true })} me={alice} disabled={false} />);
    expect(screen.getByTestId('composer-read-only')).toHaveTextContent(SafetyMessages.youBlocked('bob'));
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
  });

  it('blocks the other person from the header, and the chat turns read-only at once', async () => {
    const user = userEvent.setup();
    let blocked: BlockedUserDto[] = [];
    const room = makeRoom({ type: 'private', name: 'bob', participants, canReply: true, blockedByYou: false });
    server.on('GET /api/blocks', () => ({ body: blocked }));
    server.on('POST /api/blocks', () => {
      blocked = [{ user: participants[1], blockedAt: new Date().toISOString() }];
      return { status: 201, body: blocked[0] };
    });
    server.on('GET /api/rooms/4', () => ({ body: room }));
    const { store } = renderApp('/chat/4');
    await screen.findByText(/Connecting/i);
    act(() => {
      store.dispatch(socketFrameReceived({ type: 'room_joined', room }));
      store.dispatch(socketFrameReceived({ type: 'room_messages', roomId: 4, messages: [], hasMore: false }));
    });
    expect(await screen.findByRole('textbox', { name: 'Message' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: PERSON_MENU_TEXT.person('bob') }));
    expect(await screen.findByRole('menuitem', { name: REPORT_TEXT.reportUser('bob') })).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: BLOCK_TEXT.block('bob') }));
    expect(await screen.findByTestId('composer-read-only')).toHaveTextContent(SafetyMessages.youBlocked('bob'));
  });

  it('is read-only for the other without saying why', () => {
    renderWithStore(<Composer room={makeRoom({ type: 'private', name: 'bob', participants, canReply: false, blockedByYou: false })} me={alice} disabled={false} />);
    expect(screen.getByTestId('composer-read-only')).toHaveTextContent(SafetyMessages.CannotReply);
  });

  it('stays writable when nobody blocked anyone', () => {
    renderWithStore(<Composer room={makeRoom({ type: 'private', name: 'bob', participants, canReply: true, blockedByYou: false })} me={alice} disabled={false} />);
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeInTheDocument();
  });
});
