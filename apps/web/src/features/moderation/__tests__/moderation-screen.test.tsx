import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { startTestServer, type TestServer } from '@/test/test-server';
import { makeSeller } from '@/features/marketplace/__tests__/seller-fixtures';
import { MODERATION_TEXT } from '../moderation-copy';
import settingsEnglish from '@/i18n/catalogues/en/settings.json';

let server: TestServer;

beforeEach(async () => {
  server = await startTestServer();
  server.on('GET /api/users/me', () => ({ body: makeUser({ role: 'moderator', username: 'mod', twoStepEnabled: true, signedInWith: 'password-and-code' }) }));
});

afterEach(() => server.close());

describe('Moderation of seller applications', () => {
  it('is for moderators only', async () => {
    server.on('GET /api/users/me', () => ({ body: makeUser() }));
    renderApp('/moderation');
    expect(await screen.findByRole('heading', { name: MODERATION_TEXT.forbiddenTitle })).toBeInTheDocument();
    expect(server.requests.some((r) => r.path === '/api/sellers/applications')).toBe(false);
  });

  it('sends a moderator without a second factor to the settings instead of the desk', async () => {
    server.on('GET /api/users/me', () => ({ body: makeUser({ role: 'moderator', username: 'mod', twoStepEnabled: false, signedInWith: 'password' }) }));
    renderApp('/moderation');
    const prompt = await screen.findByRole('region', { name: settingsEnglish['settings.twoStep.deskTitle'] });
    expect(within(prompt).getByText(settingsEnglish['settings.twoStep.deskBody'])).toBeInTheDocument();
    expect(within(prompt).getByRole('link', { name: settingsEnglish['settings.twoStep.goToSettings'] })).toHaveAttribute('href', '/settings');
    expect(server.requests.some((r) => r.path === '/api/sellers/applications')).toBe(false);
  });

  it('asks a moderator with a passkey who signed in with the password alone to sign in with it', async () => {
    const user = userEvent.setup();
    server.on('GET /api/users/me', () => ({ body: makeUser({ role: 'moderator', username: 'mod', twoStepEnabled: false, hasPasskey: true, signedInWith: 'password' }) }));
    server.on('POST /api/auth/logout', () => ({ body: { ok: true } }));
    const { router } = renderApp('/moderation');
    const prompt = await screen.findByRole('region', { name: settingsEnglish['settings.twoStep.deskSignInTitle'] });
    expect(within(prompt).getByText(settingsEnglish['settings.twoStep.deskSignInBody'])).toBeInTheDocument();
    expect(server.requests.some((r) => r.path === '/api/sellers/applications')).toBe(false);
    await user.click(within(prompt).getByRole('button', { name: settingsEnglish['settings.twoStep.signInAgain'] }));
    await waitFor(() => expect(server.requests.some((r) => r.path === '/api/auth/logout')).toBe(true));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
  });

  it('opens the desk to a moderator who signed in with a passkey', async () => {
    server.on('GET /api/users/me', () => ({ body: makeUser({ role: 'moderator', username: 'mod', twoStepEnabled: false, hasPasskey: true, signedInWith: 'passkey' }) }));
    server.on('GET /api/sellers/applications', () => ({ body: [] }));
    renderApp('/moderation');
    await waitFor(() => expect(server.requests.some((r) => r.path === '/api/sellers/applications')).toBe(true));
    expect(screen.queryByRole('region', { name: settingsEnglish['settings.twoStep.deskTitle'] })).toBeNull();
    expect(screen.queryByRole('region', { name: settingsEnglish['settings.twoStep.deskSignInTitle'] })).toBeNull();
  });

  it('verifies one application and rejects another with the reason the server needs', async () => {
    const user = userEvent.setup();
    let pending = [
      makeSeller({ id: 1, displayName: 'Ann Coach', isVerified: false, verificationStatus: 'pending' }),
      makeSeller({ id: 2, displayName: 'Bo Guide', isVerified: false, verificationStatus: 'pending' }),
    ];
    server.on('GET /api/sellers/applications', () => ({ body: pending }));
    server.on('POST /api/sellers/1/verify', () => {
      pending = pending.filter((s) => s.id !== 1);
      return { body: makeSeller({ id: 1, isVerified: true, verificationStatus: 'verified' }) };
    });
    server.on('POST /api/sellers/2/reject', ({ body }) => {
      if (!(body as { reason: string }).reason.trim()) {
        return { status: 400, body: { error: 'Bad Request', code: 'validation_failed', message: 'A reason is required', fields: { reason: ['A reason is required'] } } };
      }
      pending = pending.filter((s) => s.id !== 2);
      return { body: makeSeller({ id: 2, verificationStatus: 'rejected' }) };
    });
    renderApp('/moderation');
    expect(await screen.findAllByTestId('application')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Verify Ann Coach' }));
    expect(await screen.findByText(MODERATION_TEXT.verified('Ann Coach'))).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('application')).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Reject Bo Guide' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: MODERATION_TEXT.reject }));
    expect(await within(dialog).findByText('A reason is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(MODERATION_TEXT.reason), 'Please add your qualifications.');
    await user.click(within(dialog).getByRole('button', { name: MODERATION_TEXT.reject }));
    expect(await screen.findByText(MODERATION_TEXT.empty)).toBeInTheDocument();
    expect(server.requests.filter((r) => r.path === '/api/sellers/2/reject').at(-1)?.body).toEqual({ reason: 'Please add your qualifications.' });
  });
});
