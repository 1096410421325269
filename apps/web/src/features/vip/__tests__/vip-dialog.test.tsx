import type { UserRole } from '@app/contracts';
import { act, screen } from '@testing-library/react';
import { makeUser } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { startTestServer, type TestServer } from '@/test/test-server';
import { openVipDialog } from '../vip-slice';

let server: TestServer;

beforeEach(async () => {
  server = await startTestServer();
});

afterEach(() => server.close());

it.each<UserRole>(['seller', 'moderator'])('tells a %s they already have premium access', async (role) => {
  server.on('GET /api/users/me', () => ({ body: makeUser({ role }) }));
  const { store } = renderApp('/settings');
  await screen.findByTestId('role-badge');
  act(() => void store.dispatch(openVipDialog()));
  expect(await screen.findByText('You already have premium access')).toBeInTheDocument();
  expect(screen.getByText('Close', { selector: 'button' })).toBeInTheDocument();
  expect(screen.queryByText('Contact via WhatsApp')).not.toBeInTheDocument();
});
