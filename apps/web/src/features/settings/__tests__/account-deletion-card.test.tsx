import type { AccountDeletionStatusDto } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import settingsEnglish from '@/i18n/catalogues/en/settings.json';
import { makeUser } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { startTestServer, type TestServer } from '@/test/test-server';

let server: TestServer;
let signedIn: boolean;

const none: AccountDeletionStatusDto = { state: 'none', requestedAt: null, scheduledFor: null };
const scheduled: AccountDeletionStatusDto = { state: 'scheduled', requestedAt: '2026-11-02T10:00:00.000Z', scheduledFor: '2026-11-09T10:00:00.000Z' };
const text = settingsEnglish;

function serve(twoStepEnabled = false, extra: Parameters<typeof makeUser>[0] = {}) {
  const user = makeUser({ username: 'kim_lee', twoStepEnabled, ...extra });
  signedIn = true;
  server.on('GET /api/users/me', () => (signedIn ? { body: user } : { status: 401, body: { error: 'Unauthorized', code: 'unauthenticated', message: 'Authentication required' } }));
  server.on('GET /api/users/me/settings', () => ({ body: user.settings }));
  server.on('GET /api/users/me/passkeys', () => ({ body: [] }));
  server.on('GET /api/users/me/sessions', () => ({ body: [] }));
  server.on('GET /api/users/me/export', () => ({ body: { state: 'none', askedAt: null, readyAt: null, expiresAt: null, downloadUrl: null, nextAskAt: null } }));
  server.on('GET /api/users/me/deletion', () => ({ body: none }));
}

beforeEach(async () => {
  server = await startTestServer();
});

afterEach(() => server.close());

async function openForm() {
  renderApp('/settings');
  const region = await screen.findByRole('region', { name: text['settings.deletion.title'] });
  expect(within(region).getByText(/^Deleting your account signs you out on every device\. 7 days later/)).toBeInTheDocument();
  await userEvent.click(within(region).getByRole('button', { name: text['settings.deletion.start'] }));
  return region;
}

describe('Delete account in Settings', () => {
  it('asks the password and the username typed, then shows the date and that the page is signed out', async () => {
    serve();
    server.on('POST /api/users/me/deletion', () => {
      signedIn = false;
      return { status: 202, body: scheduled };
    });
    const region = await openForm();
    const submit = within(region).getByRole('button', { name: text['settings.deletion.submit'] });
    await userEvent.type(within(region).getByLabelText(text['settings.deletion.password']), 'blue-tangerine-42');
    await userEvent.type(within(region).getByLabelText('Type your username, kim_lee, to confirm'), 'kim_le');
    // Only the exact name lets it go.
    expect(submit).toBeDisabled();
    await userEvent.type(within(region).getByLabelText('Type your username, kim_lee, to confirm'), 'e');
    await userEvent.click(submit);

    const notice = await screen.findByRole('region', { name: text['settings.deletion.scheduledTitle'] });
    expect(within(notice).getByTestId('deletion-date')).toHaveTextContent(/^Your account will be deleted on Nov 9, 2026/);
    expect(within(notice).getByText(text['settings.deletion.signedOut'])).toBeInTheDocument();
    expect(within(notice).getByRole('link', { name: text['settings.deletion.signIn'] })).toHaveAttribute('href', '/auth');
    expect(server.requests.filter((r) => r.method === 'POST').map((r) => [r.path, r.body])).toEqual([
      ['/api/users/me/deletion', { password: 'blue-tangerine-42', confirmation: 'kim_lee' }],
    ]);
    expect(screen.queryByRole('region', { name: text['settings.deletion.title'] })).toBeNull();
  });

  it('asks a code too when two-step sign-in is on, and shows a wrong password under its field', async () => {
    serve(true);
    server.on('POST /api/users/me/deletion', () => ({
      status: 403,
      body: { error: 'Forbidden', code: 'forbidden', message: 'That password is not right.', fields: { password: ['That password is not right.'] } },
    }));
    const region = await openForm();
    await userEvent.type(within(region).getByLabelText(text['settings.deletion.password']), 'not-it');
    await userEvent.type(within(region).getByLabelText(text['settings.deletion.code']), '123456');
    await userEvent.type(within(region).getByLabelText('Type your username, kim_lee, to confirm'), 'KIM_LEE');
    await userEvent.click(within(region).getByRole('button', { name: text['settings.deletion.submit'] }));
    expect(await within(region).findByText(text['settings.deletion.passwordWrong'])).toBeInTheDocument();
    expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({ password: 'not-it', confirmation: 'KIM_LEE', code: '123456' });
    // Still signed in, the card still there.
    expect(screen.getByRole('region', { name: text['settings.deletion.title'] })).toBeInTheDocument();
  });

  it('says to end the call first when the server refuses for a call in progress', async () => {
    serve();
    server.on('POST /api/users/me/deletion', () => ({
      status: 409,
      body: { error: 'Conflict', code: 'in_call', message: 'You are in a call. End the call before deleting your account.' },
    }));
    const region = await openForm();
    await userEvent.type(within(region).getByLabelText(text['settings.deletion.password']), 'blue-tangerine-42');
    await userEvent.type(within(region).getByLabelText('Type your username, kim_lee, to confirm'), 'kim_lee');
    await userEvent.click(within(region).getByRole('button', { name: text['settings.deletion.submit'] }));
    expect(await within(region).findByRole('alert')).toHaveTextContent(text['settings.deletion.inCall']);
    await userEvent.click(within(region).getByRole('button', { name: text['settings.deletion.keep'] }));
    expect(within(region).queryByLabelText(text['settings.deletion.password'])).toBeNull();
  });

  it('asks an account without a password to sign in again with its provider, then takes that sign-in in its place', async () => {
    const signedInAt = new Date(Date.now() - 11 * 60 * 1000).toISOString();
    serve(false, { hasPassword: false, signedInWith: 'provider', signedInAt });
    server.on('GET /api/users/me/identities', () => ({
      body: [{ id: 3, provider: 'local', providerName: 'Local provider', email: null, linkedAt: signedInAt, lastUsedAt: signedInAt }],
    }));
    server.on('GET /api/auth/oidc/providers', () => ({ body: [{ id: 'local', name: 'Local provider' }] }));
    const region = await openForm();
    expect(within(region).queryByLabelText(text['settings.deletion.password'])).toBeNull();
    expect(within(region).getByText(text['settings.proof.providerStale'])).toBeInTheDocument();
    expect(await within(region).findByRole('button', { name: 'Sign in again with Local provider' })).toBeEnabled();
    await userEvent.type(within(region).getByLabelText('Type your username, kim_lee, to confirm'), 'kim_lee');
    // Nothing to send until the provider sign-in is fresh.
    expect(within(region).getByRole('button', { name: text['settings.deletion.submit'] })).toBeDisabled();

    // Off to the provider, asking nothing of Remember me: the server keeps the choice of the session it renews.
    server.on('POST /api/auth/oidc/local/start', () => ({ body: { url: `${window.location.href.split('#')[0]}#at-the-provider` } }));
    await userEvent.click(within(region).getByRole('button', { name: 'Sign in again with Local provider' }));
    await waitFor(() => expect(server.requests.find((r) => r.path === '/api/auth/oidc/local/start')?.body).toEqual({ returnTo: 'settings' }));
  });

  it('sends a fresh provider sign-in in place of the password', async () => {
    serve(false, { hasPassword: false, signedInWith: 'provider', signedInAt: new Date().toISOString() });
    server.on('POST /api/users/me/deletion', () => {
      signedIn = false;
      return { status: 202, body: scheduled };
    });
    const region = await openForm();
    expect(within(region).getByText(text['settings.proof.providerRecent'])).toBeInTheDocument();
    await userEvent.type(within(region).getByLabelText('Type your username, kim_lee, to confirm'), 'kim_lee');
    await userEvent.click(within(region).getByRole('button', { name: text['settings.deletion.submit'] }));
    await screen.findByRole('region', { name: text['settings.deletion.scheduledTitle'] });
    expect(server.requests.find((r) => r.path === '/api/users/me/deletion' && r.method === 'POST')?.body).toEqual({ providerSignIn: true, confirmation: 'kim_lee' });
  });
});
