import type { PasskeyDto } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import settingsEnglish from '@/i18n/catalogues/en/settings.json';
import { makeUser } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { startTestServer, type TestServer } from '@/test/test-server';

let server: TestServer;
let passkeys: PasskeyDto[];

const laptop: PasskeyDto = { id: 7, name: 'Work laptop', createdAt: '2026-11-02T10:00:00.000Z', lastUsedAt: '2026-11-20T10:00:00.000Z', transports: ['internal'] };
const phone: PasskeyDto = { id: 9, name: 'Phone', createdAt: '2026-11-03T10:00:00.000Z', lastUsedAt: null, transports: ['hybrid'] };

beforeEach(async () => {
  server = await startTestServer();
  passkeys = [laptop, phone];
  const user = makeUser();
  server.on('GET /api/users/me', () => ({ body: user }));
  server.on('GET /api/users/me/settings', () => ({ body: user.settings }));
  server.on('GET /api/users/me/passkeys', () => ({ body: passkeys }));
});

afterEach(() => server.close());

async function card() {
  renderApp('/settings');
  return screen.findByRole('region', { name: settingsEnglish['settings.passkeys.title'] });
}

describe('Passkeys in Settings', () => {
  it('lists each passkey with when it was added and last used', async () => {
    const region = await card();
    const rows = await within(region).findAllByTestId('passkey');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Work laptopAdded Nov 2, 2026 · last used Nov 20, 2026/),
      expect.stringMatching(/^PhoneAdded Nov 3, 2026 · not used yet/),
    ]);
  });

  it('says when there is none', async () => {
    passkeys = [];
    const region = await card();
    expect(await within(region).findByText(settingsEnglish['settings.passkeys.empty'])).toBeInTheDocument();
  });

  it('offers a retry when the list cannot be loaded', async () => {
    server.on('GET /api/users/me/passkeys', () => ({ status: 503, body: { error: 'Service Unavailable', code: 'service_unavailable', message: 'Try again' } }));
    const region = await card();
    await within(region).findByText(settingsEnglish['settings.passkeys.loadFailed']);
    server.on('GET /api/users/me/passkeys', () => ({ body: passkeys }));
    await userEvent.click(within(region).getByRole('button', { name: settingsEnglish['settings.passkeys.retry'] }));
    expect(await within(region).findAllByTestId('passkey')).toHaveLength(2);
  });

  it('renames one in place, with the keyboard', async () => {
    const user = userEvent.setup();
    server.on('PATCH /api/users/me/passkeys/7', ({ body }) => {
      passkeys = [{ ...laptop, name: (body as { name: string }).name }, phone];
      return { body: passkeys[0] };
    });
    const region = await card();
    await user.click(await within(region).findByRole('button', { name: 'Rename Work laptop' }));
    const field = within(region).getByLabelText(settingsEnglish['settings.passkeys.nameLabel'], { selector: 'input:not([placeholder])' });
    expect(field).toHaveFocus();
    await user.clear(field);
    await user.type(field, 'Old laptop{Enter}');
    await waitFor(() => expect(server.requests.find((r) => r.method === 'PATCH')?.body).toEqual({ name: 'Old laptop' }));
    expect(await within(region).findByText('Old laptop')).toBeInTheDocument();
  });

  it('removes one only once the person confirms', async () => {
    const user = userEvent.setup();
    server.on('DELETE /api/users/me/passkeys/9', () => {
      passkeys = [laptop];
      return { body: { ok: true } };
    });
    const region = await card();
    await user.click(await within(region).findByRole('button', { name: 'Remove Phone' }));
    let dialog = await screen.findByRole('dialog', { name: settingsEnglish['settings.passkeys.removeTitle'] });
    await user.click(within(dialog).getByRole('button', { name: settingsEnglish['settings.passkeys.cancel'] }));
    expect(server.requests.some((r) => r.method === 'DELETE')).toBe(false);

    await user.click(within(region).getByRole('button', { name: 'Remove Phone' }));
    dialog = await screen.findByRole('dialog', { name: settingsEnglish['settings.passkeys.removeTitle'] });
    expect(dialog).toHaveTextContent('“Phone” will no longer sign you in.');
    await user.click(within(dialog).getByRole('button', { name: settingsEnglish['settings.passkeys.removeConfirm'] }));
    await waitFor(() => expect(within(region).getAllByTestId('passkey')).toHaveLength(1));
    expect(server.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/api/users/me/passkeys/9']);
  });

  it('says so where the browser cannot make passkeys', async () => {
    const region = await card();
    expect(within(region).getByText(settingsEnglish['settings.passkeys.unsupported'])).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: settingsEnglish['settings.passkeys.add'] })).toBeNull();
  });
});
