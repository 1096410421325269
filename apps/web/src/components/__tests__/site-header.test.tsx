import type { UserRole } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { startTestServer, type TestServer } from '@/test/test-server';

let server: TestServer;

beforeEach(async () => {
  server = await startTestServer();
  server.on('GET /api/messages/recent', () => ({ body: [] }));
  server.on('GET /api/stats', () => ({ body: { totalUsers: 0, rating: 0 } }));
  server.on('GET /api/sellers', () => ({ body: [] }));
});

afterEach(() => server.close());

function signedInAs(role: UserRole) {
  server.on('GET /api/users/me', () => ({ body: makeUser({ role, username: `${role}_one`, email: `${role}@example.com` }) }));
}

async function openMenu(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Account menu' }));
  return screen.findByRole('menu');
}

function entries(menu: HTMLElement) {
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent?.trim());
}

describe('Site header', () => {
  it('offers Sign In when signed out', async () => {
    server.on('GET /api/users/me', () => ({ status: 401, body: { error: 'Unauthorized', code: 'unauthenticated', message: 'Authentication required' } }));
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
    expect(screen.queryByTestId('role-badge')).not.toBeInTheDocument();
  });

  it('offers a visitor the main places and, on the landing page only, its anchors', async () => {
    server.on('GET /api/users/me', () => ({ status: 401, body: { error: 'Unauthorized', code: 'unauthenticated', message: 'Authentication required' } }));
    renderApp('/');
    await screen.findByRole('link', { name: 'Sign In' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Marketplace', '/marketplace'],
      ['Public Rooms', '/public-rooms'],
      ['Features', '#features'],
      ['How It Works', '#how-it-works'],
      ['Safety', '#safety'],
    ]);
  });

  it('takes someone signed in from any page to the main places, My Chats included, without the landing anchors', async () => {
    const user = userEvent.setup();
    signedInAs('user');
    server.on('GET /api/rooms/my-chats', () => ({ body: [] }));
    server.on('GET /api/rooms/marketplace-chats', () => ({ body: [] }));
    const { router } = renderApp('/settings');
    await screen.findByTestId('role-badge');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['Marketplace', 'Public Rooms', 'My Chats']);
    await user.click(within(nav).getByRole('link', { name: 'My Chats' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-chats'));
    expect(within(nav).getByRole('link', { name: 'My Chats' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(nav).getByRole('link', { name: 'Marketplace' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/marketplace'));
  });

  it('shows a regular user the badge, name, email and every entry incl. Upgrade to VIP and Become a Seller', async () => {
    const user = userEvent.setup();
    signedInAs('user');
    renderApp('/');
    expect(await screen.findByTestId('role-badge')).toHaveTextContent('USER');
    const menu = await openMenu(user);
    expect(within(menu).getByText('user_one')).toBeInTheDocument();
    expect(within(menu).getByText('user@example.com')).toBeInTheDocument();
    expect(entries(menu)).toEqual([
      'Profile',
      'My Chats',
      'Private Chats',
      'Search Messages',
      'Settings',
      'Notifications',
      'Media Test',
      'Upgrade to VIP',
      'Become a Seller',
      'Log out',
    ]);
  });

  it('sends sellers to their seller profile and offers them no upgrade', async () => {
    const user = userEvent.setup();
    signedInAs('seller');
    renderApp('/');
    expect(await screen.findByTestId('role-badge')).toHaveTextContent('EXPERT');
    const menu = await openMenu(user);
    expect(entries(menu)).toEqual(['Seller Profile', 'My Chats', 'Private Chats', 'Search Messages', 'Calls', 'Settings', 'Notifications', 'Media Test', 'Log out']);
  });

  it('offers guests Upgrade to VIP but not Become a Seller', async () => {
    const user = userEvent.setup();
    signedInAs('guest');
    renderApp('/');
    const menu = await openMenu(user);
    expect(entries(menu)).toContain('Upgrade to VIP');
    expect(entries(menu)).not.toContain('Become a Seller');
  });

  it('opens the VIP dialog with both plans and a WhatsApp link that asks to buy VIP', async () => {
    const user = userEvent.setup();
    signedInAs('user');
    renderApp('/');
    const menu = await openMenu(user);
    await user.click(within(menu).getByText('Upgrade to VIP'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Regular User')).toBeInTheDocument();
    expect(within(dialog).getByText('Free')).toBeInTheDocument();
    expect(within(dialog).getByText('VIP Member')).toBeInTheDocument();
    expect(within(dialog).getByText('$9.99/month')).toBeInTheDocument();
    expect(within(dialog).getByText('30 second message cooldown')).toBeInTheDocument();
    const link = within(dialog).getByRole('link', { name: 'Contact via WhatsApp' });
    expect(link).toHaveAttribute('target', '_blank');
    const url = new URL(link.getAttribute('href')!);
    expect(url.origin + url.pathname).toBe('https://wa.me/15550100100');
    expect(url.searchParams.get('text')).toMatch(/buy VIP status.*user_one/);
    await user.click(within(dialog).getByRole('button', { name: 'Maybe Later' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('logs out, goes home and shows Sign In even when the server fails', async () => {
    const user = userEvent.setup();
    signedInAs('user');
    server.on('POST /api/auth/logout', () => ({ status: 500, body: { error: 'Internal Server Error', code: 'internal', message: 'boom' } }));
    const { router } = renderApp('/settings');
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const menu = await openMenu(user);
    await user.click(within(menu).getByText('Log out'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('500: '));
    warn.mockRestore();
  });

  it('lists the main places, anchors and account entries in the mobile drawer', async () => {
    const user = userEvent.setup();
    signedInAs('user');
    renderApp('/');
    await screen.findByTestId('role-badge');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog');
    for (const label of ['Home', 'Marketplace', 'Public Rooms', 'Features', 'How It Works', 'Safety', 'Profile', 'Upgrade to VIP', 'Log out']) {
      expect(within(drawer).getAllByText(label).length).toBeGreaterThan(0);
    }
  });
});
