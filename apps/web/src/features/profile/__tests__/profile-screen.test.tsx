import type { UserDto } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { startTestServer, type TestServer } from '@/test/test-server';
import { PROFILE_TEXT } from '../profile-copy';

let server: TestServer;
let me: UserDto;

beforeEach(async () => {
  server = await startTestServer();
  me = makeUser({ bio: 'Hello there' });
  server.on('GET /api/users/me', () => ({ body: me }));
});

afterEach(() => server.close());

describe('Profile screen', () => {
  it('asks a signed-out visitor to sign in', async () => {
    server.on('GET /api/users/me', () => ({
      status: 401,
      body: { error: 'Unauthorized', code: 'unauthenticated', message: 'Authentication required' },
    }));
    renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Authentication Required' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
  });

  it('saves an edited bio on the server and shows the refreshed profile', async () => {
    const user = userEvent.setup();
    server.on('PATCH /api/users/me', ({ body }) => {
      me = { ...me, ...(body as Partial<UserDto>) };
      return { body: me };
    });
    renderApp('/profile');
    expect(await screen.findByTestId('profile-bio')).toHaveTextContent('Hello there');
    await user.click(screen.getByRole('button', { name: PROFILE_TEXT.edit }));
    const bio = screen.getByLabelText(PROFILE_TEXT.bio);
    await user.clear(bio);
    await user.type(bio, 'I like chess');
    await user.click(screen.getByRole('button', { name: PROFILE_TEXT.save }));
    await waitFor(() => expect(screen.getByTestId('profile-bio')).toHaveTextContent('I like chess'));
    const patch = server.requests.find((r) => r.method === 'PATCH');
    expect(patch?.body).toEqual({ bio: 'I like chess' });
  });

  it('shows the server\'s refusal of another site\'s picture under the avatar field, and no such picture anywhere', async () => {
    const user = userEvent.setup();
    const refusal = 'Avatar must be an image uploaded here; links to other sites are not accepted';
    server.on('PATCH /api/users/me', () => ({
      status: 400,
      body: { error: 'Bad Request', code: 'validation_failed', message: refusal, fields: { avatar: [refusal] } },
    }));
    renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: PROFILE_TEXT.edit }));
    const avatar = screen.getByLabelText(PROFILE_TEXT.avatar);
    await user.type(avatar, 'https://tracker.example.com/pixel.png');
    expect(document.querySelector('img[src^="https://tracker"]')).toBeNull();
    await user.click(screen.getByRole('button', { name: PROFILE_TEXT.save }));
    const error = await screen.findByText(refusal, { selector: 'p[role="alert"]' });
    expect(avatar).toHaveAttribute('aria-describedby', error.id);
    expect(avatar).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: PROFILE_TEXT.save })).toBeInTheDocument();
  });

  it('leaves the profile as it was on cancel', async () => {
    const user = userEvent.setup();
    renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: PROFILE_TEXT.edit }));
    await user.type(screen.getByLabelText(PROFILE_TEXT.bio), ' and more');
    await user.click(screen.getByRole('button', { name: PROFILE_TEXT.cancel }));
    expect(screen.getByTestId('profile-bio')).toHaveTextContent('Hello there');
    expect(server.requests.some((r) => r.method === 'PATCH')).toBe(false);
  });

  it('keeps editing and explains when the server refuses', async () => {
    const user = userEvent.setup();
    server.on('PATCH /api/users/me', () => ({
      status: 409,
      body: { error: 'Conflict', code: 'conflict', message: 'This username is already taken' },
    }));
    renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: PROFILE_TEXT.edit }));
    const username = screen.getByLabelText(PROFILE_TEXT.username);
    await user.clear(username);
    await user.type(username, 'bob');
    await user.click(screen.getByRole('button', { name: PROFILE_TEXT.save }));
    expect(await screen.findByText(PROFILE_TEXT.updateFailed)).toBeInTheDocument();
    expect(screen.getByText('This username is already taken')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: PROFILE_TEXT.save })).toBeEnabled());
  });
});
