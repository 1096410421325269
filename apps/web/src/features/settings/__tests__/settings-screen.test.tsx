import type { UserSettings } from '@app/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { startTestServer, type TestServer } from '@/test/test-server';

let server: TestServer;
let saved: UserSettings;

beforeEach(async () => {
  server = await startTestServer();
  saved = makeUser().settings;
  server.on('GET /api/users/me', () => ({ body: makeUser({ settings: saved }) }));
  server.on('GET /api/users/me/settings', () => ({ body: saved }));
});

afterEach(() => {
  document.documentElement.classList.remove('dark');
  return server.close();
});

describe('Settings screen', () => {
  it('shows Authentication Required when signed out', async () => {
    server.on('GET /api/users/me', () => ({
      status: 401,
      body: { error: 'Unauthorized', code: 'unauthenticated', message: 'Authentication required' },
    }));
    renderApp('/settings');
    expect(await screen.findByRole('heading', { name: 'Authentication Required' })).toBeInTheDocument();
  });

  it('saves each preference on the server', async () => {
    const user = userEvent.setup();
    server.on('PUT /api/users/me/settings', ({ body }) => {
      saved = body as UserSettings;
      return { body: saved };
    });
    renderApp('/settings');
    const sound = await screen.findByRole('switch', { name: 'Message sound' });
    expect(sound).toBeChecked();
    await user.click(sound);
    await waitFor(() => expect(saved.notifications.messageSound).toBe(false));
    expect(screen.getByRole('switch', { name: 'Message sound' })).not.toBeChecked();

    await user.click(screen.getByRole('radio', { name: 'Dark' }));
    await waitFor(() => expect(saved.chat.theme).toBe('dark'));
    await waitFor(() => expect(document.documentElement).toHaveClass('dark'));
    expect(saved.notifications.messageSound).toBe(false);
  });

  it('puts a refused change back and says so', async () => {
    const user = userEvent.setup();
    server.on('PUT /api/users/me/settings', () => ({
      status: 503,
      body: { error: 'Service Unavailable', code: 'service_unavailable', message: 'Accounts are unavailable' },
    }));
    renderApp('/settings');
    const dms = await screen.findByRole('switch', { name: 'Allow direct messages' });
    await user.click(dms);
    expect(await screen.findByText('Failed to save settings.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Allow direct messages' })).toBeChecked());
  });
});
