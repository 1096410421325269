import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { addNotification } from '../notifications-slice';
import { NOTIFICATIONS_TEXT } from '../notifications-strings';

let server: TestServer;

beforeEach(async () => {
  server = await startTestServer();
  server.on('GET /api/users/me', () => ({ body: makeUser() }));
});

afterEach(() => server.close());

it('lists notifications kept on this device and marks them read', async () => {
  const user = userEvent.setup();
  const { store } = renderApp('/notifications');
  expect(await screen.findByText(NOTIFICATIONS_TEXT.empty)).toBeInTheDocument();
  act(() => {
    store.dispatch(addNotification({ type: 'message', title: 'New message', content: 'Hi there', sender: 'bob', avatar: null }));
    store.dispatch(addNotification({ type: 'seller', title: 'Expert replied', content: 'See you at 5', sender: null, avatar: null }));
  });
  expect(screen.getByText('2 unread')).toBeInTheDocument();
  expect(screen.getByText('Hi there')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: NOTIFICATIONS_TEXT.markAllRead }));
  expect(screen.getByText('0 unread')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: NOTIFICATIONS_TEXT.clearAll }));
  expect(screen.getByText(NOTIFICATIONS_TEXT.empty)).toBeInTheDocument();
});
