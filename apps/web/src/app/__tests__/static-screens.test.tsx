import { ACCOUNT_DELETION_GRACE_DAYS, PLATFORM_COMMISSION_PERCENT } from '@app/contracts/browser';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COOKIE_PREFERENCES_KEY } from '@/features/legal/cookie-preferences';
import { switchLanguage } from '@/i18n/i18n';
import { renderApp } from '@/test/render';
import { startTestServer, type TestServer } from '@/test/test-server';

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

/** Each legal page's English as the product states it: its headings, paragraphs and list items. */
const LEGAL_PAGES = [
  [
    '/privacy-policy',
    9,
    14,
    ['1. Information we collect', '2. How we use it', '3. Sharing', '4. Public and private content', '5. Retention', '6. Security', '7. Your rights', '8. Deleting your account', '9. Children', '10. Changes'],
  ],
  ['/terms-of-use', 9, 5, ['1. Accounts', '2. Roles and what they may do', '3. VIP membership', '4. The expert marketplace', '5. Conduct', '6. Your content', '7. Termination', '8. Disclaimers and liability', '9. Contact']],
  ['/refund-policy', 2, 10, ['1. VIP membership', '2. Expert calls', '3. How refunds are paid', '4. Not refundable', '5. Ask for a refund']],
  ['/cookie-policy', 10, 4, ['1. Essential', '2. Analytics', '3. Marketing', '4. Preferences', '5. Managing cookies', 'Cookie preferences']],
  [
    '/community-guidelines',
    6,
    19,
    ['1. Our core values', '2. Encouraged', '3. Prohibited', '4. Rules by category', 'Dating', 'Career', 'Emotional support', '5. Reporting', '6. Consequences', '7. Appeals', 'In crisis?'],
  ],
] as const;

const outline = (article: HTMLElement) => ({
  headings: [...article.querySelectorAll('h2, h3')].map((heading) => heading.textContent),
  paragraphs: article.querySelectorAll('p').length,
  items: article.querySelectorAll('li').length,
});

it.each(LEGAL_PAGES)('keeps the English of %s: %i paragraphs, %i list items and its headings', async (path, paragraphs, items, headings) => {
  renderApp(path);
  expect(outline(await screen.findByRole('article'))).toEqual({ headings, paragraphs, items });
});

it.each(LEGAL_PAGES)('draws %s in Hindi with the same outline', async (path, paragraphs, items, headings) => {
  await act(() => switchLanguage('hi'));
  try {
    renderApp(path);
    const shown = outline(await screen.findByRole('article'));
    expect({ ...shown, headings: shown.headings.length }).toEqual({ headings: headings.length, paragraphs, items });
    expect(shown.headings.filter((heading) => /[A-Za-z]{3,}/.test((heading ?? '').replace('VIP', '')))).toEqual([]);
  } finally {
    await act(() => switchLanguage('en'));
  }
});

it('states in the privacy policy the grace before an account is erased, and what stays', async () => {
  renderApp('/privacy-policy');
  const policy = await screen.findByRole('article');
  expect(within(policy).getByText(new RegExp(`erased ${ACCOUNT_DELETION_GRACE_DAYS} days later; signing in again before then cancels the deletion\\.$`))).toBeInTheDocument();
  expect(within(policy).getByText(/because accounting law requires us to keep them\.$/)).toBeInTheDocument();
});

it('speaks the privacy policy in Hindi, its title and description included', async () => {
  await act(() => switchLanguage('hi'));
  try {
    renderApp('/privacy-policy');
    expect(await screen.findByRole('heading', { level: 1, name: 'गोपनीयता नीति' })).toBeInTheDocument();
    expect(document.title).toBe('गोपनीयता नीति | ChatMarket');
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(/^ChatMarket आपकी निजी जानकारी/);
    expect(screen.getByRole('heading', { level: 2, name: '1. हम कौन-सी जानकारी इकट्ठा करते हैं' })).toBeInTheDocument();
    expect(within(screen.getByRole('article')).getByRole('link', { name: 'support@example.com' })).toHaveAttribute('href', 'mailto:support@example.com');
  } finally {
    await act(() => switchLanguage('en'));
  }
});

it('states the terms in Hindi with their links and values', async () => {
  await act(() => switchLanguage('hi'));
  try {
    renderApp('/terms-of-use');
    const terms = await screen.findByRole('article');
    expect(within(terms).getByRole('link', { name: 'कम्युनिटी दिशानिर्देशों' })).toHaveAttribute('href', '/community-guidelines');
    expect(within(terms).getByRole('link', { name: 'रिफ़ंड नीति' })).toHaveAttribute('href', '/refund-policy');
    expect(within(terms).getByText(/\$9\.99 प्रति माह/)).toBeInTheDocument();
    expect(within(terms).getByText(new RegExp(`${PLATFORM_COMMISSION_PERCENT}% प्लेटफ़ॉर्म कमीशन`))).toBeInTheDocument();
  } finally {
    await act(() => switchLanguage('en'));
  }
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
