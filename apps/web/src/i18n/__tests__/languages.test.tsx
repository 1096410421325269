import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authApi } from '@/features/auth/api/auth-api';
import { makeUser } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { startTestServer, type TestServer } from '@/test/test-server';
import { activeLanguage, formatLocale, startingLanguage, switchLanguage } from '../i18n';

let server: TestServer;

const visitor = () => server.on('GET /api/users/me', () => ({ body: null }));

beforeEach(async () => {
  server = await startTestServer();
  server.on('GET /api/messages/recent', () => ({ body: [] }));
  server.on('GET /api/stats', () => ({ body: { totalUsers: 12_400, rating: 4.8 } }));
  server.on('GET /api/sellers/featured', () => ({ body: [] }));
  server.on('GET /api/sellers/categories', () => ({ body: [{ category: 'career', count: 2 }] }));
});

afterEach(async () => {
  await server.close();
  await act(() => switchLanguage('en'));
  document.cookie = 'lang=; path=/; max-age=0';
  document.documentElement.lang = 'en';
});

describe('the language a page starts in', () => {
  it('is the one chosen in this browser, else the one the server served the page in, else English', () => {
    document.documentElement.lang = 'hi';
    expect(startingLanguage()).toBe('hi');
    document.cookie = 'lang=en; path=/';
    expect(startingLanguage()).toBe('en');
    document.cookie = 'lang=xx; path=/';
    document.documentElement.lang = 'fr';
    expect(startingLanguage()).toBe('en');
  });

  it('writes numbers for the browser\'s region when it asks for the language spoken, in the language with its region otherwise', () => {
    const languages = jest.spyOn(window.navigator, 'languages', 'get');
    languages.mockReturnValue(['hi-IN', 'en-GB']);
    expect(formatLocale('hi')).toBe('hi-IN');
    expect(formatLocale('en')).toBe('en-GB');
    languages.mockReturnValue(['hi-IN']);
    expect(formatLocale('en')).toBe('en-IN');
    languages.mockReturnValue(['fr']);
    expect(formatLocale('hi')).toBe('hi');
    languages.mockRestore();
  });
});

describe('the landing page in Hindi', () => {
  it('speaks Hindi, with Hindi plurals, and switches to English and back from the footer', async () => {
    visitor();
    const languages = jest.spyOn(window.navigator, 'languages', 'get').mockReturnValue(['hi-IN']);
    try {
      await act(() => switchLanguage('hi'));
      const user = userEvent.setup();
      renderApp('/');
      expect(await screen.findByRole('heading', { level: 1, name: 'खुलकर चैट करें। विशेषज्ञों से बात करें।' })).toBeInTheDocument();
      expect(document.documentElement.lang).toBe('hi');
      expect(await screen.findByText('12 हज़ार+')).toBeInTheDocument();
      await waitFor(() => expect(screen.getByTestId('category-count-career')).toHaveTextContent('2 विशेषज्ञ'));
      expect(await screen.findByRole('link', { name: 'साइन इन करें' })).toHaveAttribute('href', '/auth');

      const footer = screen.getByRole('contentinfo');
      const switcher = within(footer).getByRole('group', { name: 'भाषा' });
      expect(within(switcher).getByRole('button', { name: 'हिन्दी' })).toHaveAttribute('aria-pressed', 'true');
      await user.click(within(switcher).getByRole('button', { name: 'English' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Chat freely. Talk to experts.' })).toBeInTheDocument();
      expect(document.documentElement.lang).toBe('en');
      expect(document.cookie).toMatch(/(^|; )lang=en(;|$)/);
      expect(screen.getByText('12K+')).toBeInTheDocument();

      await user.click(within(screen.getByRole('group', { name: 'Language' })).getByRole('button', { name: 'हिन्दी' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'खुलकर चैट करें। विशेषज्ञों से बात करें।' })).toBeInTheDocument();
      expect(document.cookie).toMatch(/(^|; )lang=hi(;|$)/);
      // A visitor has no account to save the choice to.
      expect(server.requests.filter((r) => r.path === '/api/users/me/language')).toEqual([]);
    } finally {
      languages.mockRestore();
    }
  });
});

describe("a person's language", () => {
  it('is spoken as soon as the account is known, and a choice in Settings is saved to it', async () => {
    let saved = 'hi';
    server.on('GET /api/users/me', () => ({ body: makeUser({ language: saved as 'hi' }) }));
    server.on('GET /api/users/me/settings', () => ({ body: makeUser().settings }));
    server.on('GET /api/push/subscriptions', () => ({ body: [] }));
    server.on('GET /api/blocks', () => ({ body: [] }));
    server.on('PUT /api/users/me/language', (request) => {
      saved = (request.body as { language: string }).language;
      return { body: { language: saved } };
    });
    const user = userEvent.setup();
    renderApp('/settings');
    const group = await screen.findByRole('radiogroup', { name: 'भाषा' });
    expect(activeLanguage()).toBe('hi');
    expect(document.documentElement.lang).toBe('hi');
    expect(document.cookie).toMatch(/(^|; )lang=hi(;|$)/);

    await user.click(within(group).getByRole('radio', { name: 'English' }));
    await waitFor(() => expect(saved).toBe('en'));
    expect(await screen.findByRole('radiogroup', { name: 'Language' })).toBeInTheDocument();
    expect(within(screen.getByRole('radiogroup', { name: 'Language' })).getByRole('radio', { name: 'English' })).toHaveAttribute('aria-checked', 'true');
    expect(document.cookie).toMatch(/(^|; )lang=en(;|$)/);
  });

  it('goes back to the saved one, and says so, when the server refuses the change', async () => {
    server.on('GET /api/users/me', () => ({ body: makeUser({ language: 'en' }) }));
    server.on('GET /api/users/me/settings', () => ({ body: makeUser().settings }));
    server.on('GET /api/push/subscriptions', () => ({ body: [] }));
    server.on('GET /api/blocks', () => ({ body: [] }));
    server.on('PUT /api/users/me/language', () => ({ status: 503, body: { error: 'Service Unavailable', code: 'service_unavailable', message: 'Try again soon' } }));
    const user = userEvent.setup();
    renderApp('/settings');
    await user.click(within(await screen.findByRole('radiogroup', { name: 'Language' })).getByRole('radio', { name: 'हिन्दी' }));
    expect(await screen.findByText('Your language could not be saved. Please try again.')).toBeInTheDocument();
    expect(activeLanguage()).toBe('en');
    expect(within(screen.getByRole('radiogroup', { name: 'Language' })).getByRole('radio', { name: 'English' })).toHaveAttribute('aria-checked', 'true');
  });

  it('is the one a new account starts in, asked for on the sign-up screen in that language', async () => {
    visitor();
    server.on('POST /api/auth/guest', () => ({ status: 503, body: { error: 'Service Unavailable', code: 'service_unavailable', message: 'Try again soon' } }));
    server.on('POST /api/auth/register', () => ({ status: 503, body: { error: 'Service Unavailable', code: 'service_unavailable', message: 'Try again soon' } }));
    await act(() => switchLanguage('hi'));
    const user = userEvent.setup();
    const { store } = renderApp('/auth');
    expect(await screen.findByRole('heading', { level: 1, name: 'ChatMarket में आपका स्वागत है' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'साइन अप' }));
    const form = screen.getByRole('form', { name: 'साइन अप' });
    expect(within(form).getByRole('link', { name: 'उपयोग की शर्तों' })).toHaveAttribute('href', '/terms-of-use');
    expect(within(form).getByRole('checkbox', { name: 'मैं उपयोग की शर्तों और गोपनीयता नीति से सहमत हूँ' })).toBeInTheDocument();

    await act(() => store.dispatch(authApi.endpoints.guest.initiate({ captchaResponse: 'token-1' })));
    await act(() => store.dispatch(authApi.endpoints.register.initiate({ username: 'naya', email: 'naya@example.com', password: 'a long passphrase', confirmPassword: 'a long passphrase', rememberMe: false, captchaResponse: 'token-2' })));
    expect(server.requests.find((r) => r.path === '/api/auth/guest')?.body).toMatchObject({ language: 'hi' });
    expect(server.requests.find((r) => r.path === '/api/auth/register')?.body).toMatchObject({ username: 'naya', language: 'hi' });
  });
});

describe('switching', () => {
  it("ends in the language asked for last, though an earlier one's catalogue arrives after it", async () => {
    // A page that has not had Hindi yet: its catalogue is still to be fetched when English is asked for.
    await jest.isolateModulesAsync(async () => {
      const fresh = await import('../i18n');
      const hindi = fresh.switchLanguage('hi');
      const english = fresh.switchLanguage('en');
      await Promise.all([hindi, english]);
      expect(fresh.activeLanguage()).toBe('en');
      expect(document.documentElement.lang).toBe('en');
    });
  });
});
