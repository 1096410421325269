import { act, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { LANDING_TEXT } from '@/features/landing/landing-copy';
import { disconnectSocket } from '@/lib/socket';
import { switchLanguage } from '@/i18n/i18n';
import { renderLandingPage } from '@/prerender';
import { startTestServer, type TestServer } from '@/test/test-server';
import { AppRoot, PRERENDERED_PATH } from '../root';
import { makeStore } from '../store';

let server: TestServer;

beforeEach(async () => {
  server = await startTestServer();
  server.on('GET /api/users/me', () => ({ status: 401, body: { error: 'Unauthorized', code: 'unauthenticated', message: 'Authentication required' } }));
  server.on('GET /api/stats', () => ({ body: { totalUsers: 12_400, rating: 4.8 } }));
  server.on('GET /api/messages/recent', () => ({ body: [] }));
  server.on('GET /api/sellers/featured', () => ({ body: [] }));
  server.on('GET /api/sellers/categories', () => ({ body: [] }));
});

afterEach(async () => {
  await act(() => switchLanguage('en'));
  return server.close();
});

it('renders the landing page at build time as the browser first draws it, so hydrating it keeps every element', async () => {
  const container = document.body.appendChild(document.createElement('div'));
  container.innerHTML = await renderLandingPage('en');
  const heading = screen.getByRole('heading', { level: 1, name: LANDING_TEXT.heroTitle });
  expect(screen.getByRole('button', { name: 'Open menu' })).toBeInTheDocument();
  // Who is signed in is not known when the page is built: neither Sign In nor an account menu.
  expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();

  const problems: unknown[] = [];
  const store = makeStore();
  const root = await act(async () => hydrateRoot(container, <AppRoot store={store} location={PRERENDERED_PATH} />, { onRecoverableError: (error) => problems.push(error) }));
  try {
    expect(await screen.findByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    expect(await screen.findByText('12K+')).toBeInTheDocument();
    expect(problems).toEqual([]);
    expect(screen.getByRole('heading', { level: 1, name: LANDING_TEXT.heroTitle })).toBe(heading);
  } finally {
    act(() => root.unmount());
    store.dispatch(disconnectSocket());
    container.remove();
  }
});

it('renders the landing page in Hindi too, which hydrates in Hindi without a mismatch', async () => {
  const container = document.body.appendChild(document.createElement('div'));
  container.innerHTML = await act(() => renderLandingPage('hi'));
  const title = 'खुलकर चैट करें। विशेषज्ञों से बात करें।';
  const heading = screen.getByRole('heading', { level: 1, name: title });

  const problems: unknown[] = [];
  const store = makeStore();
  const root = await act(async () => hydrateRoot(container, <AppRoot store={store} location={PRERENDERED_PATH} />, { onRecoverableError: (error) => problems.push(error) }));
  try {
    expect(await screen.findByRole('link', { name: 'साइन इन करें' })).toBeInTheDocument();
    expect(problems).toEqual([]);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBe(heading);
  } finally {
    act(() => root.unmount());
    store.dispatch(disconnectSocket());
    container.remove();
  }
});
