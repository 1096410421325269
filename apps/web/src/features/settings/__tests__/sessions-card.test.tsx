import type { SessionInfoDto } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import settingsEnglish from '@/i18n/catalogues/en/settings.json';
import { makeUser } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { startTestServer, type TestServer } from '@/test/test-server';

let server: TestServer;
let sessions: SessionInfoDto[];

const here: SessionInfoDto = {
  id: 'a'.repeat(32),
  browser: 'Chrome',
  os: 'Windows',
  deviceType: 'desktop',
  countryCode: 'IN',
  signedInWith: 'passkey',
  createdAt: '2026-11-02T10:00:00.000Z',
  lastActiveAt: '2026-11-02T10:00:00.000Z',
  current: true,
};
const phone: SessionInfoDto = {
  id: 'b'.repeat(32),
  browser: 'Safari',
  os: 'iOS',
  deviceType: 'mobile',
  countryCode: 'GB',
  signedInWith: 'password',
  createdAt: '2026-11-03T10:00:00.000Z',
  // Relative to the day the test runs: a fixed date reads "… ago" for some weeks, then "last month".
  lastActiveAt: new Date(Date.now() - 3 * 60 * 60 * 1000).toISOString(),
  current: false,
};
const unknown: SessionInfoDto = { ...phone, id: 'c'.repeat(32), browser: null, os: null, deviceType: null, countryCode: null };

beforeEach(async () => {
  server = await startTestServer();
  sessions = [here, phone, unknown];
  const user = makeUser();
  server.on('GET /api/users/me', () => ({ body: user }));
  server.on('GET /api/users/me/settings', () => ({ body: user.settings }));
  server.on('GET /api/users/me/passkeys', () => ({ body: [] }));
  server.on('GET /api/users/me/sessions', () => ({ body: sessions }));
});

afterEach(() => server.close());

async function card() {
  renderApp('/settings');
  return screen.findByRole('region', { name: settingsEnglish['settings.sessions.title'] });
}

describe('Devices in Settings', () => {
  it('lists each session with its device, place, way in and activity, this one marked', async () => {
    const region = await card();
    const rows = await within(region).findAllByTestId('session');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Chrome on WindowsThis deviceIndia · Signed in Nov 2, 2026, \d+:\d\d [AP]M with passkeyActive now$/),
      expect.stringMatching(/^Safari on iOSUnited Kingdom · Signed in Nov 3, 2026, \d+:\d\d [AP]M with passwordLast active .+ago/),
      expect.stringMatching(/^Unknown browserUnknown place · /),
    ]);
    // This device has no sign-out of its own here (the account menu signs it out).
    expect(within(rows[0]).queryByRole('button')).toBeNull();
  });

  it('offers a retry when the list cannot be loaded', async () => {
    server.on('GET /api/users/me/sessions', () => ({ status: 503, body: { error: 'Service Unavailable', code: 'service_unavailable', message: 'Try again' } }));
    const region = await card();
    await within(region).findByText(settingsEnglish['settings.sessions.loadFailed']);
    server.on('GET /api/users/me/sessions', () => ({ body: sessions }));
    await userEvent.click(within(region).getByRole('button', { name: settingsEnglish['settings.sessions.retry'] }));
    expect(await within(region).findAllByTestId('session')).toHaveLength(3);
  });

  it('signs one other device out, with the keyboard', async () => {
    const user = userEvent.setup();
    server.on(`DELETE /api/users/me/sessions/${phone.id}`, () => {
      sessions = [here, unknown];
      return { body: { ok: true } };
    });
    const region = await card();
    const button = await within(region).findByRole('button', { name: 'Sign out Safari on iOS' });
    button.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(within(region).getAllByTestId('session')).toHaveLength(2));
    expect(server.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([`/api/users/me/sessions/${phone.id}`]);
  });

  it('signs out everywhere else, and offers it only while there is somewhere else', async () => {
    server.on('POST /api/users/me/sessions/end-others', () => {
      sessions = [here];
      return { body: { ended: 2 } };
    });
    const region = await card();
    await userEvent.click(await within(region).findByRole('button', { name: settingsEnglish['settings.sessions.signOutOthers'] }));
    expect(await screen.findByText('2 other devices were signed out.')).toBeInTheDocument();
    await waitFor(() => expect(within(region).getAllByTestId('session')).toHaveLength(1));
    expect(within(region).queryByRole('button', { name: settingsEnglish['settings.sessions.signOutOthers'] })).toBeNull();
  });
});
