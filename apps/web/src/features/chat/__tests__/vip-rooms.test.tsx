import { ChatMessages, VIP_ROOM_ERROR_CODE } from '@app/contracts/browser';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { startTestServer, type TestServer } from '@/test/test-server';
import { VIP_TEXT } from '@/features/vip/vip-copy';
import { CREATE_ROOM_TEXT, ROOMS_TEXT, VIP_ROOM_TEXT } from '../chat-copy';
import { makeRoom } from './fixtures';

let server: TestServer;

beforeEach(async () => {
  server = await startTestServer();
  sessionStorage.clear();
});

afterEach(() => server.close());

const lounge = makeRoom({ id: 12, name: 'VIP Lounge', vipOnly: true });
const open = makeRoom({ id: 4, name: 'General Lounge' });
const vipRefusal = { status: 403, body: { error: 'Forbidden', code: VIP_ROOM_ERROR_CODE, message: ChatMessages.VipRoom } };

describe('VIP rooms in the public list', () => {
  it.each(['user', 'guest'] as const)('shows a VIP room locked to a %s, and Join opens the VIP offer instead of the room', async (role) => {
    const user = userEvent.setup();
    server.on('GET /api/users/me', () => ({ body: makeUser({ role }) }));
    server.on('GET /api/rooms', () => ({ body: [open, lounge] }));
    const { router } = renderApp('/public-rooms');

    const locked = await screen.findByRole('button', { name: VIP_ROOM_TEXT.openLocked('VIP Lounge') });
    const card = locked.closest('[data-testid="room-card"]') as HTMLElement;
    expect(within(card).getByTestId('vip-room-badge')).toHaveTextContent(VIP_ROOM_TEXT.badge);
    expect(screen.getByRole('button', { name: `${ROOMS_TEXT.join}: General Lounge` })).toBeInTheDocument();

    await user.click(locked);
    const offer = await screen.findByRole('dialog', { name: VIP_TEXT.title });
    expect(within(offer).getByRole('button', { name: VIP_TEXT.maybeLater })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/public-rooms');
  });

  it('lets a vip into a VIP room from the list, marked but not locked', async () => {
    const user = userEvent.setup();
    server.on('GET /api/users/me', () => ({ body: makeUser({ role: 'vip' }) }));
    server.on('GET /api/rooms', () => ({ body: [lounge] }));
    server.on('GET /api/rooms/12', () => ({ body: lounge }));
    server.on('GET /api/rooms/12/private-chats', () => ({ body: [] }));
    const { router } = renderApp('/public-rooms');
    const join = await screen.findByRole('button', { name: `${ROOMS_TEXT.join}: VIP Lounge` });
    expect(screen.getByTestId('vip-room-badge')).toBeInTheDocument();
    await user.click(join);
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat/12'));
  });

  it('sends "VIP members only" from the create room dialog', async () => {
    const user = userEvent.setup();
    server.on('GET /api/users/me', () => ({ body: makeUser({ role: 'seller' }) }));
    server.on('GET /api/rooms', () => ({ body: [] }));
    server.on('POST /api/rooms', ({ body }) => ({ status: 201, body: makeRoom({ id: 31, ...(body as object) }) }));
    server.on('GET /api/rooms/31', () => ({ body: makeRoom({ id: 31, name: 'Inner Circle', vipOnly: true }) }));
    server.on('GET /api/rooms/31/private-chats', () => ({ body: [] }));
    renderApp('/public-rooms');
    await user.click(await screen.findByRole('button', { name: 'Create Room' }));
    const form = await screen.findByRole('form', { name: CREATE_ROOM_TEXT.title });
    await user.type(within(form).getByLabelText(CREATE_ROOM_TEXT.name), 'Inner Circle');
    const vipOnly = within(form).getByRole('switch', { name: new RegExp(VIP_ROOM_TEXT.vipOnly) });
    expect(vipOnly).toHaveAttribute('aria-checked', 'false');
    vipOnly.focus();
    await user.keyboard(' ');
    expect(vipOnly).toHaveAttribute('aria-checked', 'true');
    await user.click(within(form).getByRole('button', { name: CREATE_ROOM_TEXT.submit }));
    await waitFor(() => expect(server.requests.find((r) => r.method === 'POST' && r.path === '/api/rooms')?.body).toMatchObject({ name: 'Inner Circle', vipOnly: true }));
  });
});

describe('a VIP room opened by its address', () => {
  it.each([
    ['a regular user', () => ({ body: makeUser({ role: 'user' }) })],
    ['a signed-out visitor', () => ({ status: 401, body: { error: 'Unauthorized', code: 'unauthenticated', message: 'Authentication required' } })],
  ])('shows %s the room locked with the VIP offer, not an error page', async (_who, me) => {
    const user = userEvent.setup();
    server.on('GET /api/users/me', me);
    server.on('GET /api/rooms/12', () => vipRefusal);
    server.on('GET /api/rooms/12/private-chats', () => vipRefusal);
    renderApp('/chat/12');
    // The offer opens by itself over the locked room.
    const offer = await screen.findByRole('dialog', { name: VIP_TEXT.title });
    await user.click(within(offer).getByRole('button', { name: VIP_TEXT.maybeLater }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const locked = screen.getByTestId('vip-room-locked');
    expect(within(locked).getByRole('heading', { name: VIP_ROOM_TEXT.lockedTitle })).toBeInTheDocument();
    expect(within(locked).getByRole('link', { name: 'Browse Rooms' })).toHaveAttribute('href', '/public-rooms');
    await user.click(within(locked).getByRole('button', { name: VIP_ROOM_TEXT.upgrade }));
    expect(await screen.findByRole('dialog', { name: VIP_TEXT.title })).toBeInTheDocument();
  });
});
