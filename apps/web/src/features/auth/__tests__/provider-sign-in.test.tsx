import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import authEnglish from '@/i18n/catalogues/en/auth.json';
import { makeUser } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { startTestServer, type TestServer } from '@/test/test-server';

let server: TestServer;

beforeEach(async () => {
  server = await startTestServer();
  server.on('GET /api/users/me', () => ({ status: 401, body: { error: 'Unauthorized', code: 'unauthenticated', message: 'Authentication required' } }));
  server.on('GET /api/messages/recent', () => ({ body: [] }));
  server.on('GET /api/stats', () => ({ body: { totalUsers: 0, rating: 0 } }));
  server.on('GET /api/sellers', () => ({ body: [] }));
});

afterEach(() => {
  server.close();
  window.location.hash = '';
});

describe('sign-in providers on the sign-in screen', () => {
  it('shows no provider button while none is configured, and no placeholders', async () => {
    server.on('GET /api/auth/oidc/providers', () => ({ body: [] }));
    renderApp('/auth');
    await screen.findByRole('button', { name: authEnglish['auth.guest.submit'] });
    await waitFor(() => expect(server.requests.some((r) => r.path === '/api/auth/oidc/providers')).toBe(true));
    expect(screen.queryByText(authEnglish['auth.orContinueWith'])).toBeNull();
    expect(screen.queryByRole('button', { name: /google|facebook/i })).toBeNull();
  });

  it('offers a button for each configured provider', async () => {
    server.on('GET /api/auth/oidc/providers', () => ({ body: [{ id: 'google', name: 'Google' }, { id: 'work', name: 'Work SSO' }] }));
    renderApp('/auth');
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Continue with Work SSO' })).toBeEnabled();
  });

  it('carries the sign-in form\'s Remember me to the provider\'s sign-in', async () => {
    server.on('GET /api/auth/oidc/providers', () => ({ body: [{ id: 'google', name: 'Google' }] }));
    server.on('POST /api/auth/oidc/google/start', () => ({ body: { url: `${window.location.origin}/auth#at-the-provider` } }));
    const user = userEvent.setup();
    renderApp('/auth');
    await user.click(await screen.findByRole('checkbox', { name: authEnglish['auth.rememberMe'] }));
    // The providers come by their own request: wait for the button rather than read it at once.
    await user.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(server.requests.find((r) => r.path === '/api/auth/oidc/google/start')?.body).toEqual({ rememberMe: true }));
  });
});

describe('the landing page after a provider', () => {
  it('asks a new account for its username, with the rules and messages of sign-up, then signs in', async () => {
    window.location.hash = '#sign-up=T0KEN&provider=google';
    const taken = 'Username is already taken';
    server.on('GET /api/auth/check-username', () => ({ body: { available: true } }));
    server.on('POST /api/auth/oidc/sign-up', ({ body }) => {
      const { username } = body as { username: string };
      return username === 'asha'
        ? { status: 409, body: { error: 'Conflict', code: 'conflict', message: taken, fields: { username: [taken] } } }
        : { status: 201, body: { user: makeUser({ username }) } };
    });
    const user = userEvent.setup();
    const { router } = renderApp('/auth/provider');
    expect(await screen.findByRole('heading', { name: authEnglish['auth.provider.chooseUsername'] })).toBeInTheDocument();
    const field = screen.getByLabelText(authEnglish['auth.field.username']);
    await user.type(field, 'asha');
    await user.click(screen.getByRole('button', { name: authEnglish['auth.signUp.submit'] }));
    expect(await screen.findByText(taken)).toBeInTheDocument();

    await user.type(field, '_k');
    await user.click(screen.getByRole('button', { name: authEnglish['auth.signUp.submit'] }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const sent = server.requests.filter((r) => r.path === '/api/auth/oidc/sign-up').map((r) => r.body);
    expect(sent).toEqual([expect.objectContaining({ token: 'T0KEN', username: 'asha' }), expect.objectContaining({ token: 'T0KEN', username: 'asha_k', language: 'en' })]);
  });

  it('says why a provider sign-in did not work', async () => {
    window.location.hash = '#error=oidc_refused';
    renderApp('/auth/provider');
    expect(await screen.findByRole('alert')).toHaveTextContent(authEnglish['auth.provider.error.refused']);
    expect(screen.getByRole('link', { name: authEnglish['auth.recovery.backToSignIn'] })).toHaveAttribute('href', '/auth');
  });

  it('asks for the two-step code of an account that has it on', async () => {
    window.location.hash = '#two-step=CHALLENGE';
    server.on('POST /api/auth/login/two-step', () => ({ body: { user: makeUser() } }));
    const user = userEvent.setup();
    const { router } = renderApp('/auth/provider');
    await user.type(await screen.findByLabelText(authEnglish['auth.twoStep.code']), '123456');
    await user.click(screen.getByRole('button', { name: authEnglish['auth.twoStep.submit'] }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(server.requests.find((r) => r.path === '/api/auth/login/two-step')?.body).toEqual({ challenge: 'CHALLENGE', code: '123456' });
  });
});
