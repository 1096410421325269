import { RecoveryMessages } from '@app/contracts/browser';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser } from '@/test/fixtures';
import { switchLanguage } from '@/i18n/i18n';
import { renderApp, settleRenderedApps } from '@/test/render';
import { startTestServer, type TestServer } from '@/test/test-server';
import { AUTH_TEXT } from '../auth-copy';
import { RECOVERY_TEXT } from '../recovery-copy';
import { powChallenge } from '@/test/pow-worker';

const TOKEN = 'a'.repeat(43);
let server: TestServer;

beforeEach(async () => {
  server = await startTestServer();
  server.on('GET /api/users/me', () => ({ status: 401, body: { error: 'Unauthorized', code: 'unauthenticated', message: 'Authentication required' } }));
  server.on('GET /api/auth/captcha', () => ({ body: { id: 'c1', question: '1 + 10 = ?', pow: powChallenge() } }));
  server.on('GET /api/messages/recent', () => ({ body: [] }));
  server.on('GET /api/stats', () => ({ body: { totalUsers: 0, rating: 0 } }));
  server.on('GET /api/sellers', () => ({ body: [] }));
});

afterEach(async () => {
  await settleRenderedApps();
  await server.close();
});

describe('Forgot password', () => {
  it('is reached from the sign-in form and shows the server answer for any address', async () => {
    const user = userEvent.setup();
    server.on('POST /api/auth/forgot-password', () => ({ body: { ok: true, message: RecoveryMessages.resetRequested } }));
    renderApp('/auth');
    const signIn = screen.getByRole('form', { name: AUTH_TEXT.signInTab });
    await user.click(within(signIn).getByRole('link', { name: AUTH_TEXT.forgotPassword }));

    const form = await screen.findByRole('form', { name: RECOVERY_TEXT.forgotTitle });
    await user.type(within(form).getByLabelText(RECOVERY_TEXT.email), ' nobody@example.com ');
    await user.click(within(form).getByRole('button', { name: RECOVERY_TEXT.sendLink }));

    expect(await screen.findByText(RecoveryMessages.resetRequested)).toBeInTheDocument();
    const sent = server.requests.filter((r) => r.path === '/api/auth/forgot-password');
    expect(sent.map((r) => r.body)).toEqual([{ email: 'nobody@example.com' }]);
  });

  it('shows the refusal when asked too often', async () => {
    const user = userEvent.setup();
    const message = 'Too many requests. Please try again in 59 minutes.';
    server.on('POST /api/auth/forgot-password', () => ({ status: 429, body: { error: 'rate_limit', code: 'rate_limit', message } }));
    renderApp('/forgot-password');
    const form = await screen.findByRole('form', { name: RECOVERY_TEXT.forgotTitle });
    await user.type(within(form).getByLabelText(RECOVERY_TEXT.email), 'a@example.com');
    await user.click(within(form).getByRole('button', { name: RECOVERY_TEXT.sendLink }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(message);
  });
});

describe('Reset password', () => {
  it('sets the new password with the link token and then offers sign-in', async () => {
    const user = userEvent.setup();
    server.on('POST /api/auth/reset-password', () => ({ body: { ok: true, message: RecoveryMessages.passwordChanged } }));
    renderApp(`/reset-password?token=${TOKEN}`);
    const form = await screen.findByRole('form', { name: RECOVERY_TEXT.resetTitle });
    await user.type(within(form).getByLabelText(RECOVERY_TEXT.newPassword), 'Brand-New-Secret-9');
    await user.type(within(form).getByLabelText(RECOVERY_TEXT.confirmPassword), 'Brand-New-Secret-9');
    await user.click(within(form).getByRole('button', { name: RECOVERY_TEXT.savePassword }));

    const done = await screen.findByText(RecoveryMessages.passwordChanged);
    expect(within(done.parentElement!).getByRole('link', { name: RECOVERY_TEXT.signIn })).toHaveAttribute('href', '/auth');
    const sent = server.requests.filter((r) => r.path === '/api/auth/reset-password');
    expect(sent.map((r) => r.body)).toEqual([{ token: TOKEN, password: 'Brand-New-Secret-9', confirmPassword: 'Brand-New-Secret-9' }]);
  });

  it('shows the server field errors under their fields and an invalid link as such', async () => {
    const user = userEvent.setup();
    const tooShort = 'Password must be at least 8 characters';
    server.on('POST /api/auth/reset-password', () => ({
      status: 400,
      body: { error: 'Bad Request', code: 'validation_failed', message: tooShort, fields: { password: [tooShort] } },
    }));
    renderApp(`/reset-password?token=${TOKEN}`);
    const form = await screen.findByRole('form', { name: RECOVERY_TEXT.resetTitle });
    const password = within(form).getByLabelText(RECOVERY_TEXT.newPassword);
    await user.type(password, 'short');
    await user.type(within(form).getByLabelText(RECOVERY_TEXT.confirmPassword), 'short');
    await user.click(within(form).getByRole('button', { name: RECOVERY_TEXT.savePassword }));
    expect(await within(form).findByText(tooShort)).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');

    server.on('POST /api/auth/reset-password', () => ({
      status: 400,
      body: { error: 'Bad Request', code: 'validation_failed', message: RecoveryMessages.resetLinkInvalid, fields: { token: [RecoveryMessages.resetLinkInvalid] } },
    }));
    await user.click(within(form).getByRole('button', { name: RECOVERY_TEXT.savePassword }));
    expect(await within(form).findByText(RecoveryMessages.resetLinkInvalid)).toBeInTheDocument();
    expect(within(form).getByRole('link', { name: RECOVERY_TEXT.askNewLink })).toHaveAttribute('href', '/forgot-password');
  });

  it('does not send passwords that differ', async () => {
    const user = userEvent.setup();
    renderApp(`/reset-password?token=${TOKEN}`);
    const form = await screen.findByRole('form', { name: RECOVERY_TEXT.resetTitle });
    await user.type(within(form).getByLabelText(RECOVERY_TEXT.newPassword), 'Brand-New-Secret-9');
    await user.type(within(form).getByLabelText(RECOVERY_TEXT.confirmPassword), 'Brand-New-Secret-8');
    await user.click(within(form).getByRole('button', { name: RECOVERY_TEXT.savePassword }));
    expect(await within(form).findByText(RECOVERY_TEXT.passwordMismatch)).toBeInTheDocument();
    expect(server.requests.filter((r) => r.path === '/api/auth/reset-password')).toHaveLength(0);
  });
});

describe('Verify email', () => {
  it('sends the token once as the page opens and says the address is verified', async () => {
    server.on('POST /api/auth/verify-email', () => ({ body: makeUser({ isVerified: true }) }));
    renderApp(`/verify-email?token=${TOKEN}`);
    expect(await screen.findByText(RECOVERY_TEXT.verified)).toBeInTheDocument();
    expect(server.requests.filter((r) => r.path === '/api/auth/verify-email').map((r) => r.body)).toEqual([{ token: TOKEN }]);
  });

  it('shows the server error for a used or expired link', async () => {
    server.on('POST /api/auth/verify-email', () => ({
      status: 400,
      body: { error: 'Bad Request', code: 'validation_failed', message: RecoveryMessages.verifyLinkInvalid, fields: { token: [RecoveryMessages.verifyLinkInvalid] } },
    }));
    renderApp(`/verify-email?token=${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(RecoveryMessages.verifyLinkInvalid);
  });
});

describe('Verification banner', () => {
  it('asks an unverified member to verify and resends the link', async () => {
    const user = userEvent.setup();
    server.on('GET /api/users/me', () => ({ body: makeUser({ isVerified: false }) }));
    server.on('POST /api/auth/verification-email', () => ({ body: { ok: true, message: RecoveryMessages.verificationSent } }));
    renderApp('/');
    const banner = await screen.findByRole('region', { name: RECOVERY_TEXT.bannerText });
    await user.click(within(banner).getByRole('button', { name: RECOVERY_TEXT.resend }));
    expect(await within(banner).findByText(RecoveryMessages.verificationSent)).toBeInTheDocument();
    expect(server.requests.filter((r) => r.path === '/api/auth/verification-email')).toHaveLength(1);
  });

  it('is not shown to verified members', async () => {
    server.on('GET /api/users/me', () => ({ body: makeUser({ isVerified: true }) }));
    renderApp('/');
    await screen.findByRole('button', { name: /account menu/i });
    expect(screen.queryByText(RECOVERY_TEXT.bannerText)).not.toBeInTheDocument();
  });
});

describe('In Hindi', () => {
  afterEach(() => act(() => switchLanguage('en')));

  it('words a link without its token in English as the server words a bad one', async () => {
    renderApp('/reset-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(RecoveryMessages.resetLinkInvalid);
    expect(RECOVERY_TEXT.missingVerifyToken).toBe(RecoveryMessages.verifyLinkInvalid);
  });

  it('asks for a reset link in Hindi', async () => {
    await act(() => switchLanguage('hi'));
    renderApp('/forgot-password');
    const form = await screen.findByRole('form', { name: 'पासवर्ड भूल गए?' });
    expect(within(form).getByLabelText('ईमेल')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'रीसेट लिंक भेजें' })).toBeDisabled();
    expect(within(form).getByRole('link', { name: 'साइन इन पर वापस जाएँ' })).toHaveAttribute('href', '/auth');
    expect(document.title).toBe('पासवर्ड भूल गए? | ChatMarket');
  });

  it("shows the server's answer in Hindi by its code", async () => {
    const user = userEvent.setup();
    await act(() => switchLanguage('hi'));
    server.on('POST /api/auth/forgot-password', () => ({
      body: { ok: true, message: RecoveryMessages.resetRequested, messageCode: { code: 'recovery_reset_requested' } },
    }));
    renderApp('/forgot-password');
    const form = await screen.findByRole('form', { name: 'पासवर्ड भूल गए?' });
    await user.type(within(form).getByLabelText('ईमेल'), 'nobody@example.com');
    await user.click(within(form).getByRole('button', { name: 'रीसेट लिंक भेजें' }));
    expect(await screen.findByText('अगर इस ईमेल से कोई खाता जुड़ा है, तो हमने उस पर नया पासवर्ड चुनने का लिंक भेज दिया है। यह लिंक 1 घंटे तक काम करेगा।')).toBeInTheDocument();
    expect(screen.queryByText(RecoveryMessages.resetRequested)).not.toBeInTheDocument();
  });

  it('says in Hindi that a link came without its token', async () => {
    await act(() => switchLanguage('hi'));
    renderApp('/verify-email');
    expect(await screen.findByRole('heading', { level: 1, name: 'अपना ईमेल पता सत्यापित करें' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('सत्यापन का यह लिंक सही नहीं है');
    expect(screen.getByRole('link', { name: 'आगे बढ़ें' })).toHaveAttribute('href', '/');
  });

  it('refuses differing passwords in Hindi', async () => {
    const user = userEvent.setup();
    await act(() => switchLanguage('hi'));
    renderApp(`/reset-password?token=${TOKEN}`);
    const form = await screen.findByRole('form', { name: 'नया पासवर्ड चुनें' });
    await user.type(within(form).getByLabelText('नया पासवर्ड'), 'Password1!');
    await user.type(within(form).getByLabelText('नया पासवर्ड दोबारा लिखें'), 'Password2!');
    await user.click(within(form).getByRole('button', { name: 'नया पासवर्ड सेट करें' }));
    expect(await within(form).findByText('दोनों पासवर्ड एक जैसे नहीं हैं')).toBeInTheDocument();
    expect(server.requests.filter((r) => r.path === '/api/auth/reset-password')).toHaveLength(0);
  });
});
