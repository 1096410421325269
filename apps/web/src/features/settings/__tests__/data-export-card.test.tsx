import type { DataExportStatusDto } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import settingsEnglish from '@/i18n/catalogues/en/settings.json';
import { makeUser } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { startTestServer, type TestServer } from '@/test/test-server';

let server: TestServer;
let status: DataExportStatusDto;

const none: DataExportStatusDto = { state: 'none', askedAt: null, readyAt: null, expiresAt: null, downloadUrl: null, nextAskAt: null };
const asked: DataExportStatusDto = { ...none, state: 'asked', askedAt: '2026-11-02T10:00:00.000Z', nextAskAt: '2026-11-03T10:00:00.000Z' };
const ready: DataExportStatusDto = {
  ...asked,
  state: 'ready',
  readyAt: '2026-11-02T10:01:00.000Z',
  expiresAt: '2026-11-09T10:01:00.000Z',
  downloadUrl: '/api/users/me/export/download?token=abc',
};

beforeEach(async () => {
  server = await startTestServer();
  status = none;
  const user = makeUser();
  server.on('GET /api/users/me', () => ({ body: user }));
  server.on('GET /api/users/me/settings', () => ({ body: user.settings }));
  server.on('GET /api/users/me/passkeys', () => ({ body: [] }));
  server.on('GET /api/users/me/sessions', () => ({ body: [] }));
  server.on('GET /api/users/me/export', () => ({ body: status }));
});

afterEach(() => server.close());

async function card() {
  renderApp('/settings');
  return screen.findByRole('region', { name: settingsEnglish['settings.export.title'] });
}

describe('Your data in Settings', () => {
  it('asks for an export by keyboard, says it is being made, and offers the link once it is ready', async () => {
    const user = userEvent.setup();
    server.on('POST /api/users/me/export', () => {
      status = asked;
      return { status: 202, body: asked };
    });
    const region = await card();
    const button = await within(region).findByRole('button', { name: settingsEnglish['settings.export.ask'] });
    button.focus();
    await user.keyboard('{Enter}');
    expect(await within(region).findByText(settingsEnglish['settings.export.asked'])).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: settingsEnglish['settings.export.ask'] })).toBeNull();
    expect(server.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual(['/api/users/me/export']);

    // The card follows the job until it is done.
    status = ready;
    const link = await within(region).findByRole('link', { name: settingsEnglish['settings.export.download'] }, { timeout: 8_000 });
    expect(link).toHaveAttribute('href', ready.downloadUrl);
  }, 15_000);

  it('shows the link with its expiry and when another export may be asked', async () => {
    status = ready;
    const region = await card();
    expect(await within(region).findByRole('link', { name: settingsEnglish['settings.export.download'] })).toHaveAttribute('href', ready.downloadUrl);
    expect(within(region).getByText(/^The link works until Nov 9, 2026, \d+:\d\d [AP]M, only while you are signed in/)).toBeInTheDocument();
    expect(within(region).getByText(/^You can ask for one export a day\. Ask again after Nov 3, 2026/)).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: settingsEnglish['settings.export.ask'] })).toBeNull();
  });

  it('words the daily limit with the time the server gives', async () => {
    status = { ...none, state: 'failed', askedAt: '2026-11-02T10:00:00.000Z' };
    server.on('POST /api/users/me/export', () => ({
      status: 429,
      body: { error: 'Too Many Requests', code: 'too_many_requests', message: 'You can ask for one export a day.', retryAfterSeconds: 3600, nextAskAt: '2026-11-03T10:00:00.000Z' },
    }));
    const region = await card();
    expect(await within(region).findByText(settingsEnglish['settings.export.failed'])).toBeInTheDocument();
    await userEvent.click(await within(region).findByRole('button', { name: settingsEnglish['settings.export.ask'] }));
    expect(await within(region).findByRole('alert')).toHaveTextContent(/^You can ask for one export a day\. Ask again after Nov 3, 2026/);
  });

  it('offers a retry when the state cannot be loaded', async () => {
    server.on('GET /api/users/me/export', () => ({ status: 503, body: { error: 'Service Unavailable', code: 'service_unavailable', message: 'Try again' } }));
    const region = await card();
    await within(region).findByText(settingsEnglish['settings.export.loadFailed']);
    server.on('GET /api/users/me/export', () => ({ body: status }));
    await userEvent.click(within(region).getByRole('button', { name: settingsEnglish['settings.export.retry'] }));
    await waitFor(() => expect(within(region).getByRole('button', { name: settingsEnglish['settings.export.ask'] })).toBeInTheDocument());
  });
});
