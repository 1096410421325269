import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COOKIE_PREFERENCES_KEY } from '../../features/legal/cookie-preferences';
import { switchLanguage } from '../../i18n/i18n';
import { renderApp } from '../../test/render';
import { startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;

beforeEach(async () => {
  server = await startTestServer();
  server.on('GET /api/users/me', () => ({
    status: 401,
    body: { error: 'Unauthorized', code: 'unauthenticated', message: 'Authentication required' },
  }));
  localStorage.clear();
});

afterEach(() => server.close());

it('answers an unknown path with the 404 page and its hint', async () => {
  renderApp('/no/such/page');
  expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
  expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
});

it('answers an unknown path in the language spoken', async () => {
  await act(() => switchLanguage('hi'));
  try {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: '404 पेज नहीं मिला' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'होम पर वापस जाएँ' })).toHaveAttribute('href', '/');
    expect(document.title).toBe('पेज नहीं मिला | ChatMarket');
    // The share tags follow the language, as the server writes them for a Hindi page.
    expect(document.head.querySelector('meta[property="og:locale"]')).toHaveAttribute('content', 'hi_IN');
  } finally {
    await act(() => switchLanguage('en'));
  }
});

it.each([
  ['/privacy-policy', 'Privacy Policy'],
  ['/terms-of-use', 'Terms of Use'],
  ['/refund-policy', 'Refund Policy'],
  ['/cookie-policy', 'Cookie Policy'],
  ['/community-guidelines', 'Community Guidelines'],
])('renders %s with its title in the page and the document', async (path, title) => {
  renderApp(path);
  expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  expect(document.title).toBe(`${title} | ChatMarket`);
});

it('links the terms to the community guidelines and states the VIP price', async () => {
  renderApp('/terms-of-use');
  const article = await screen.findByRole('article');
  expect(within(article).getByRole('link', { name: 'Community Guidelines' })).toHaveAttribute('href', '/community-guidelines');
  expect(screen.getByText(/\$9\.99 per month/)).toBeInTheDocument();
});

it('tells in the guidelines what the filter and blocking do', async () => {
  renderApp('/community-guidelines');
  const article = await screen.findByRole('article');
  expect(within(article).getByText(/automatic filter masks offensive words in public rooms/)).toBeInTheDocument();
  expect(within(article).getByText(/at most two links in public rooms every ten minutes/)).toBeInTheDocument();
  expect(within(article).getByText(/They are not told\./)).toBeInTheDocument();
});

it('keeps cookie choices on this device with essential locked on', async () => {
  const user = userEvent.setup();
  renderApp('/cookie-policy');
  expect(await screen.findByRole('switch', { name: 'Essential' })).toBeDisabled();
  expect(screen.getByRole('switch', { name: 'Marketing' })).not.toBeChecked();
  await user.click(screen.getByRole('switch', { name: 'Marketing' }));
  await user.click(screen.getByRole('switch', { name: 'Analytics' }));
  await user.click(screen.getByRole('button', { name: 'Save preferences' }));
  expect(JSON.parse(localStorage.getItem(COOKIE_PREFERENCES_KEY)!)).toEqual({
    essential: true,
    analytics: false,
    marketing: true,
    preferences: true,
  });
});

it('gates the notifications screen when signed out', async () => {
  renderApp('/notifications');
  expect(await screen.findByRole('heading', { name: 'Authentication Required' })).toBeInTheDocument();
});
