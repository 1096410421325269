import { SessionMessages } from '@app/contracts/browser';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import settingsEnglish from '@/i18n/catalogues/en/settings.json';
import { renderApp } from '@/test/render';
import { startTestServer, type TestServer } from '@/test/test-server';

let server: TestServer;

beforeEach(async () => {
  server = await startTestServer();
  server.on('GET /api/users/me', () => ({ body: null }));
});

afterEach(() => server.close());

describe('The link of a new-device mail', () => {
  it('asks first, then ends the session with the token, signed in or not', async () => {
    server.on('POST /api/auth/sessions/end-by-link', () => ({ body: { ended: true } }));
    renderApp('/end-session?token=abc.def');
    const confirm = await screen.findByRole('button', { name: settingsEnglish['settings.sessions.link.confirm'] });
    // Opening the page (as a mail scanner does) spends nothing.
    expect(server.requests.some((r) => r.path === '/api/auth/sessions/end-by-link')).toBe(false);
    await userEvent.click(confirm);
    expect(await screen.findByText(settingsEnglish['settings.sessions.link.done'])).toBeInTheDocument();
    await waitFor(() => expect(server.requests.find((r) => r.path === '/api/auth/sessions/end-by-link')?.body).toEqual({ token: 'abc.def' }));
    expect(screen.getByRole('link', { name: settingsEnglish['settings.sessions.link.changePassword'] })).toHaveAttribute('href', '/forgot-password');
  });

  it("says why a link is refused, and when it has no token at all", async () => {
    server.on('POST /api/auth/sessions/end-by-link', () => ({
      status: 400,
      body: { error: 'Bad Request', code: 'validation_failed', message: SessionMessages.linkUsed, fields: { token: [SessionMessages.linkUsed] } },
    }));
    const { unmount } = renderApp('/end-session?token=abc.def');
    await userEvent.click(await screen.findByRole('button', { name: settingsEnglish['settings.sessions.link.confirm'] }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SessionMessages.linkUsed);
    unmount();

    renderApp('/end-session');
    expect(await screen.findByRole('alert')).toHaveTextContent(settingsEnglish['settings.sessions.link.missing']);
  });
});
