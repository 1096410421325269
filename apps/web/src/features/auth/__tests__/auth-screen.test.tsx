import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import authEnglish from '@/i18n/catalogues/en/auth.json';
import { makeUser } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { startTestServer, type TestServer } from '@/test/test-server';
import { AUTH_TEXT, CAPTCHA_TEXT } from '../auth-copy';
import type { PowChallengeDto } from '@app/contracts';
import { holdPowSolutions, powChallenge, solvePow } from '@/test/pow-worker';

let server: TestServer;
let challenges: number;

/** The server's captcha: questions numbered in turn, each answered by its own number + 10 and its proof of work. */
function serveCaptcha() {
  challenges = 0;
  const works = new Map<string, PowChallengeDto>();
  server.on('GET /api/auth/captcha', () => {
    challenges += 1;
    const pow = powChallenge();
    works.set(`c${challenges}`, pow);
    return { body: { id: `c${challenges}`, question: `${challenges} + 10 = ?`, pow } };
  });
  server.on('POST /api/auth/captcha/verify', ({ body }) => {
    const { challengeId, answer, pow } = body as { challengeId: string; answer: number; pow: string };
    const work = works.get(challengeId);
    const worked = work !== undefined && solvePow(work) === pow;
    return worked && Number(challengeId.slice(1)) + 10 === answer
      ? { body: { token: `token-${challengeId}`, expiresInSeconds: 300 } }
      : { status: 400, body: { error: 'Bad Request', code: 'captcha_invalid', message: 'Wrong answer, 2 tries left' } };
  });
}

beforeEach(async () => {
  server = await startTestServer();
  server.on('GET /api/users/me', () => ({ status: 401, body: { error: 'Unauthorized', code: 'unauthenticated', message: 'Authentication required' } }));
  server.on('GET /api/messages/recent', () => ({ body: [] }));
  server.on('GET /api/stats', () => ({ body: { totalUsers: 0, rating: 0 } }));
  server.on('GET /api/sellers', () => ({ body: [] }));
  serveCaptcha();
});

afterEach(() => server.close());

function signInForm() {
  return screen.getByRole('form', { name: AUTH_TEXT.signInTab });
}

async function solveCaptcha(form: HTMLElement, user: ReturnType<typeof userEvent.setup>) {
  const question = await within(form).findByText(/\d+ \+ 10 = \?/);
  const first = Number(/(\d+) \+/.exec(question.textContent ?? '')![1]);
  await user.type(within(form).getByPlaceholderText(CAPTCHA_TEXT.answerLabel), String(first + 10));
  await user.click(within(form).getByRole('button', { name: CAPTCHA_TEXT.verify }));
  await within(form).findByText(CAPTCHA_TEXT.verified);
}

describe('Auth screen', () => {
  it('shows the captcha verified only after the server accepted the typed answer', async () => {
    const user = userEvent.setup();
    renderApp('/auth');
    const form = signInForm();
    await within(form).findByText(/\d+ \+ 10 = \?/);

    await user.type(within(form).getByPlaceholderText(CAPTCHA_TEXT.answerLabel), '999');
    await user.click(within(form).getByRole('button', { name: CAPTCHA_TEXT.verify }));
    expect(await within(form).findByText('Wrong answer, 2 tries left')).toBeInTheDocument();
    expect(within(form).queryByText(CAPTCHA_TEXT.verified)).not.toBeInTheDocument();

    await user.clear(within(form).getByPlaceholderText(CAPTCHA_TEXT.answerLabel));
    await solveCaptcha(form, user);
    const verifications = server.requests.filter((r) => r.path === '/api/auth/captcha/verify');
    expect(verifications.map((r) => (r.body as { answer: number }).answer)).toHaveLength(2);
  });

  it('says it is checking the browser while the proof of work runs, and sends the answer with it once found', async () => {
    const release = holdPowSolutions();
    const user = userEvent.setup();
    renderApp('/auth');
    const form = signInForm();
    const question = await within(form).findByText(/\d+ \+ 10 = \?/);
    const first = Number(/(\d+) \+/.exec(question.textContent ?? '')![1]);
    await user.type(within(form).getByPlaceholderText(CAPTCHA_TEXT.answerLabel), String(first + 10));
    await user.click(within(form).getByRole('button', { name: CAPTCHA_TEXT.verify }));

    expect(await within(form).findByRole('button', { name: CAPTCHA_TEXT.checking })).toBeDisabled();
    expect(server.requests.filter((r) => r.path === '/api/auth/captcha/verify')).toHaveLength(0);
    release();
    await within(form).findByText(CAPTCHA_TEXT.verified);
    const [verification] = server.requests.filter((r) => r.path === '/api/auth/captcha/verify');
    expect((verification.body as { pow: string }).pow).toEqual(expect.any(String));
  });

  it('warns after three refreshes of the question', async () => {
    const user = userEvent.setup();
    renderApp('/auth');
    const form = signInForm();
    await within(form).findByText(/\d+ \+ 10 = \?/);
    const refresh = within(form).getByRole('button', { name: CAPTCHA_TEXT.refresh });
    await user.click(refresh);
    await user.click(refresh);
    expect(within(form).queryByText(CAPTCHA_TEXT.manyRefreshes)).not.toBeInTheDocument();
    await user.click(refresh);
    expect(await within(form).findByText(CAPTCHA_TEXT.manyRefreshes)).toBeInTheDocument();
  });

  it('refuses to sign in before the captcha is solved', async () => {
    const user = userEvent.setup();
    renderApp('/auth');
    const form = signInForm();
    await user.type(within(form).getByLabelText(AUTH_TEXT.emailOrUsername), 'alice');
    await user.type(within(form).getByLabelText(AUTH_TEXT.password), 'correct horse battery');
    await user.click(within(form).getByRole('button', { name: AUTH_TEXT.signInButton }));
    expect(await screen.findByText('Captcha Required')).toBeInTheDocument();
    expect(screen.getByText('Please complete the security verification')).toBeInTheDocument();
    expect(server.requests.some((r) => r.path === '/api/auth/login')).toBe(false);
  });

  it('shows the server message when login fails and asks a new question', async () => {
    const user = userEvent.setup();
    server.on('POST /api/auth/login', () => ({
      status: 401,
      body: { error: 'Unauthorized', code: 'unauthenticated', message: 'Invalid email/username or password' },
    }));
    renderApp('/auth');
    const form = signInForm();
    await user.type(within(form).getByLabelText(AUTH_TEXT.emailOrUsername), 'alice');
    await user.type(within(form).getByLabelText(AUTH_TEXT.password), 'wrong password');
    await solveCaptcha(form, user);
    await user.click(within(form).getByRole('button', { name: AUTH_TEXT.signInButton }));
    expect(await screen.findByText('Login Failed')).toBeInTheDocument();
    expect(screen.getByText('Invalid email/username or password')).toBeInTheDocument();
    await waitFor(() => expect(within(form).queryByText(CAPTCHA_TEXT.verified)).not.toBeInTheDocument());
  });

  it('signs in with the captcha token and shows the role badge at home', async () => {
    const user = userEvent.setup();
    const alice = makeUser();
    server.on('POST /api/auth/login', ({ body }) => {
      const { captchaResponse, email, rememberMe } = body as { captchaResponse: string; email: string; rememberMe: boolean };
      return captchaResponse.startsWith('token-') && email === 'alice' && rememberMe
        ? { body: { user: alice } }
        : { status: 400, body: { error: 'Bad Request', code: 'captcha_invalid', message: 'Bad request' } };
    });
    const { router } = renderApp('/auth');
    const form = signInForm();
    await user.type(within(form).getByLabelText(AUTH_TEXT.emailOrUsername), 'alice');
    await user.type(within(form).getByLabelText(AUTH_TEXT.password), 'correct horse battery');
    await user.click(within(form).getByLabelText(AUTH_TEXT.rememberMe));
    await solveCaptcha(form, user);
    await user.click(within(form).getByRole('button', { name: AUTH_TEXT.signInButton }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByTestId('role-badge')).toHaveTextContent('USER');
  });

  it('tells a person whose sign-in cancelled the deletion of their account', async () => {
    const user = userEvent.setup();
    server.on('POST /api/auth/login', () => ({ body: { user: makeUser(), deletionCancelled: true } }));
    const { router } = renderApp('/auth');
    const form = signInForm();
    await user.type(within(form).getByLabelText(AUTH_TEXT.emailOrUsername), 'alice');
    await user.type(within(form).getByLabelText(AUTH_TEXT.password), 'correct horse battery');
    await solveCaptcha(form, user);
    await user.click(within(form).getByRole('button', { name: AUTH_TEXT.signInButton }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText(authEnglish['auth.deletionCancelled.title'])).toBeInTheDocument();
    expect(screen.getByText(authEnglish['auth.deletionCancelled.description'])).toBeInTheDocument();
  });

  it('shows the password toggle and hides the text again', async () => {
    const user = userEvent.setup();
    renderApp('/auth');
    const input = within(signInForm()).getByLabelText(AUTH_TEXT.password);
    expect(input).toHaveAttribute('type', 'password');
    await user.click(within(signInForm()).getByRole('button', { name: AUTH_TEXT.showPassword }));
    expect(input).toHaveAttribute('type', 'text');
    await user.click(within(signInForm()).getByRole('button', { name: AUTH_TEXT.hidePassword }));
    expect(input).toHaveAttribute('type', 'password');
  });

  it('offers the device\'s passkeys among the username field\'s suggestions', () => {
    renderApp('/auth');
    // Conditional mediation lists passkeys only in a field that asks for them.
    expect(within(signInForm()).getByLabelText(AUTH_TEXT.emailOrUsername)).toHaveAttribute('autocomplete', 'username webauthn');
  });

  describe('sign up', () => {
    async function openSignUp(user: ReturnType<typeof userEvent.setup>) {
      renderApp('/auth');
      await user.click(screen.getByRole('tab', { name: AUTH_TEXT.signUpTab }));
      return screen.getByRole('form', { name: AUTH_TEXT.signUpTab });
    }

    async function fill(form: HTMLElement, user: ReturnType<typeof userEvent.setup>, confirm = 'a long passphrase') {
      await user.type(within(form).getByLabelText(AUTH_TEXT.username), 'New_User!');
      await user.type(within(form).getByLabelText(AUTH_TEXT.email), 'new@example.com');
      await user.type(within(form).getByLabelText(AUTH_TEXT.password), 'a long passphrase');
      await user.type(within(form).getByLabelText(AUTH_TEXT.confirmPassword), confirm);
    }

    it('keeps the username to letters, digits and underscore, lowercased, and says when it is taken', async () => {
      const user = userEvent.setup();
      server.on('GET /api/auth/check-username', ({ query }) => ({ body: { available: query.get('username') !== 'new_user' } }));
      const form = await openSignUp(user);
      await user.type(within(form).getByLabelText(AUTH_TEXT.username), 'New_User!');
      expect(within(form).getByLabelText(AUTH_TEXT.username)).toHaveValue('new_user');
      expect(await within(form).findByText(AUTH_TEXT.usernameTaken)).toBeInTheDocument();
      const checks = server.requests.filter((r) => r.path === '/api/auth/check-username');
      expect(checks.map((r) => r.query.get('username'))).toEqual(['new_user']);
    });

    it('opens the terms and the privacy policy in a new tab, leaving the form being filled in where it is', async () => {
      const user = userEvent.setup();
      server.on('GET /api/auth/check-username', () => ({ body: { available: true } }));
      const { router } = renderApp('/auth');
      await user.click(screen.getByRole('tab', { name: AUTH_TEXT.signUpTab }));
      const form = screen.getByRole('form', { name: AUTH_TEXT.signUpTab });
      await user.type(within(form).getByLabelText(AUTH_TEXT.username), 'new_user');
      for (const [name, href] of [[AUTH_TEXT.termsLink, '/terms-of-use'], [AUTH_TEXT.privacyLink, '/privacy-policy']]) {
        const link = within(form).getByRole('link', { name });
        expect(link).toHaveAttribute('href', href);
        expect(link).toHaveAttribute('target', '_blank');
        await user.click(link);
      }
      expect(router.state.location.pathname).toBe('/auth');
      expect(within(form).getByLabelText(AUTH_TEXT.username)).toHaveValue('new_user');
    });

    it('stops on mismatched passwords and on unticked terms', async () => {
      const user = userEvent.setup();
      server.on('GET /api/auth/check-username', () => ({ body: { available: true } }));
      const form = await openSignUp(user);
      await fill(form, user, 'another passphrase');
      await solveCaptcha(form, user);
      await user.click(within(form).getByRole('button', { name: AUTH_TEXT.signUpButton }));
      expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();

      await user.clear(within(form).getByLabelText(AUTH_TEXT.confirmPassword));
      await user.type(within(form).getByLabelText(AUTH_TEXT.confirmPassword), 'a long passphrase');
      await user.click(within(form).getByRole('button', { name: AUTH_TEXT.signUpButton }));
      expect(await screen.findByText('Please accept the terms and conditions')).toBeInTheDocument();
      expect(server.requests.some((r) => r.path === '/api/auth/register')).toBe(false);
    });

    it('shows the server message when registration is refused', async () => {
      const user = userEvent.setup();
      server.on('GET /api/auth/check-username', () => ({ body: { available: true } }));
      server.on('POST /api/auth/register', () => ({
        status: 409,
        body: { error: 'Conflict', code: 'conflict', message: 'An account with this email already exists' },
      }));
      const form = await openSignUp(user);
      await fill(form, user);
      await user.click(within(form).getByLabelText(/I agree to the/));
      await solveCaptcha(form, user);
      await user.click(within(form).getByRole('button', { name: AUTH_TEXT.signUpButton }));
      expect(await screen.findByText('Registration Failed')).toBeInTheDocument();
      expect(screen.getByText('An account with this email already exists')).toBeInTheDocument();
      const sent = server.requests.find((r) => r.path === '/api/auth/register')!.body as Record<string, unknown>;
      expect(sent).toMatchObject({ username: 'new_user', email: 'new@example.com', confirmPassword: 'a long passphrase' });
      expect(sent.captchaResponse).toMatch(/^token-/);
    });
  });

  it('enters as a guest with the captcha token', async () => {
    const user = userEvent.setup();
    server.on('POST /api/auth/guest', () => ({ status: 503, body: { error: 'Service Unavailable', code: 'service_unavailable', message: 'Try again soon' } }));
    renderApp('/auth');
    await user.click(screen.getByRole('button', { name: AUTH_TEXT.guestButton }));
    expect(await screen.findByText('Captcha Required')).toBeInTheDocument();
    await solveCaptcha(signInForm(), user);
    await user.click(screen.getByRole('button', { name: AUTH_TEXT.guestButton }));
    expect(await screen.findByText('Guest Login Failed')).toBeInTheDocument();
    expect(screen.getByText('Try again soon')).toBeInTheDocument();
  });
});
