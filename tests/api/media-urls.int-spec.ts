import 'reflect-metadata';
import { MediaUrlMessages } from '@app/contracts';
import { uniqueName } from '@app/testing';
import { ApiClient, startAuthStack, type AuthStack } from './auth-stack';

/** A path as media-svc issues it; the profile keeps it as given. */
const STORED = '/media/avatar/0f8e2a4c-1b3d-4e5f-8a9b-0c1d2e3f4a5b.webp';

describe('pictures on profiles', () => {
  let stack: AuthStack;

  beforeAll(async () => {
    stack = await startAuthStack();
  }, 60_000);

  afterAll(async () => {
    await stack?.stop();
  });

  async function member(): Promise<ApiClient> {
    const c = new ApiClient(stack);
    const username = uniqueName();
    await c.register({ username, email: `${username}@example.com` });
    return c;
  }

  it.each([
    'https://tracker.example.com/pixel.png',
    'http://images.example.com/me.png',
    '//evil.example/me.png',
    '/media/avatar/../../../etc/passwd.png',
    '/media/avatar/not-a-key.png',
    `${STORED}?x=https://evil.example`,
  ])('refuses %s as an avatar with a field message and keeps the picture', async (avatar) => {
    const c = await member();
    expect((await c.request('PATCH', '/api/users/me', { avatar: STORED })).status).toBe(200);
    const res = await c.request('PATCH', '/api/users/me', { avatar });
    expect(res.status).toBe(400);
    expect(res.body.fields.avatar).toEqual([MediaUrlMessages.avatar]);
    expect((await c.get('/api/users/me')).body.avatar).toBe(STORED);
  });

  it('accepts a stored picture, and null to clear it', async () => {
    const c = await member();
    const set = await c.request('PATCH', '/api/users/me', { avatar: STORED });
    expect(set.status).toBe(200);
    expect(set.body.avatar).toBe(STORED);
    const cleared = await c.request('PATCH', '/api/users/me', { avatar: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.avatar).toBeNull();
  });
});
