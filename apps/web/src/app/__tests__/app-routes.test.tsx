import { APP_ROUTE_PATHS, APP_ROUTE_REDIRECTS } from '@app/contracts/browser';
import { screen, waitFor } from '@testing-library/react';
import { ROOMS_TEXT } from '@/features/chat/chat-copy';
import { renderApp } from '@/test/render';
import { startTestServer, type TestServer } from '@/test/test-server';
import { routes } from '../router';

let server: TestServer;

beforeEach(async () => {
  server = await startTestServer();
  server.on('GET /api/users/me', () => ({ status: 401, body: { error: 'Unauthorized', code: 'unauthenticated', message: 'Authentication required' } }));
  server.on('GET /api/rooms', () => ({ body: [] }));
});

afterEach(() => server.close());

describe('App routes', () => {
  it('are exactly the paths the server knows as pages, so every other path is answered 404', () => {
    const known = [...APP_ROUTE_PATHS, ...Object.keys(APP_ROUTE_REDIRECTS), '*'];
    expect(routes.map((route) => route.path).sort()).toEqual(known.sort());
  });

  it('send /rooms on to the public rooms, keeping the search', async () => {
    const { router } = renderApp('/rooms?q=career');
    expect(await screen.findByRole('heading', { name: ROOMS_TEXT.title })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/public-rooms'));
    expect(router.state.location.search).toBe('?q=career');
  });
});
