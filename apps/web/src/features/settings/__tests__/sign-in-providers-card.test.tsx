import type { LinkedIdentityDto } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import settingsEnglish from '@/i18n/catalogues/en/settings.json';
import { makeUser } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { startTestServer, type TestServer } from '@/test/test-server';

let server: TestServer;
let identities: LinkedIdentityDto[];
const work: LinkedIdentityDto = { id: 3, provider: 'work', providerName: 'Work SSO', email: 'alice@work.example', linkedAt: '2026-11-02T10:00:00.000Z', lastUsedAt: null };
const lastWayIn = 'This provider is the only way into your account. Set a password or add a passkey before removing it.';

beforeEach(async () => {
  server = await startTestServer();
  identities = [work];
  const user = makeUser();
  server.on('GET /api/users/me', () => ({ body: user }));
  server.on('GET /api/users/me/settings', () => ({ body: user.settings }));
  server.on('GET /api/users/me/passkeys', () => ({ body: [] }));
  server.on('GET /api/users/me/sessions', () => ({ body: [] }));
  server.on('GET /api/users/me/identities', () => ({ body: identities }));
  server.on('GET /api/auth/oidc/providers', () => ({ body: [{ id: 'google', name: 'Google' }, { id: 'work', name: 'Work SSO' }] }));
});

afterEach(() => server.close());

async function card() {
  renderApp('/settings');
  return screen.findByRole('region', { name: settingsEnglish['settings.providers.title'] });
}

describe('Sign-in providers in Settings', () => {
  it('lists the linked providers and offers to link the others', async () => {
    const region = await card();
    const [row] = await within(region).findAllByTestId('linked-provider');
    expect(row).toHaveTextContent(/^Work SSOalice@work\.example · linked Nov 2, 2026Remove$/);
    expect(within(region).getByRole('button', { name: 'Link Google' })).toBeEnabled();
    expect(within(region).queryByRole('button', { name: 'Link Work SSO' })).toBeNull();
  });

  it('removes a provider, and says why the last way in stays', async () => {
    server.on('DELETE /api/users/me/identities/3', () => ({ status: 409, body: { error: 'Conflict', code: 'conflict', message: lastWayIn } }));
    const user = userEvent.setup();
    const region = await card();
    await user.click(await within(region).findByRole('button', { name: 'Remove Work SSO' }));
    expect(await screen.findByText(settingsEnglish['settings.providers.lastWayIn'])).toBeInTheDocument();

    server.on('DELETE /api/users/me/identities/3', () => {
      identities = [];
      return { body: { ok: true } };
    });
    await user.click(within(region).getByRole('button', { name: 'Remove Work SSO' }));
    await waitFor(() => expect(within(region).queryByTestId('linked-provider')).toBeNull());
    expect(within(region).getByText(settingsEnglish['settings.providers.empty'])).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Link Work SSO' })).toBeEnabled();
  });

  it('is left out when no provider is configured or linked', async () => {
    identities = [];
    server.on('GET /api/auth/oidc/providers', () => ({ body: [] }));
    renderApp('/settings');
    await screen.findByRole('region', { name: settingsEnglish['settings.sessions.title'] });
    await waitFor(() => expect(server.requests.some((r) => r.path === '/api/users/me/identities')).toBe(true));
    expect(screen.queryByRole('region', { name: settingsEnglish['settings.providers.title'] })).toBeNull();
  });
});
