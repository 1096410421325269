/* eslint-disable @typescript-eslint/no-explicit-any -- tests read JSON bodies loosely and let the assertions check their shape */
import 'reflect-metadata';
import { uniqueName } from '@app/testing';
import WebSocket from 'ws';
import { allowedOrigins, loopbackAliases } from '@app/gateway/src/common/origins';
import { gatewayEnv } from '@app/gateway/src/config/gateway-env';
import { ApiClient, startAuthStack, type AuthStack } from './auth-stack';

/**
 * The site served on loopback answers under both loopback names (localhost, 127.0.0.1) on its
 * own port and scheme; every other origin is still a cross-site request.
 */
describe('allowed origins', () => {
  let stack: AuthStack;
  let port: string;
  const PASSWORD = 'blue-tangerine-42';

  beforeAll(async () => {
    stack = await startAuthStack();
    port = new URL(stack.origin).port;
  }, 60_000);

  afterAll(async () => {
    await stack?.stop();
  });

  /** A browser on the given origin. */
  const browserAt = (origin: string) => new ApiClient({ ...stack, origin });

  it('the configured origin is localhost', () => {
    expect(stack.origin).toBe(`http://localhost:${port}`);
  });

  it('signs up and signs in from a page opened at http://127.0.0.1 on the same port', async () => {
    const origin = `http://127.0.0.1:${port}`;
    const username = uniqueName('Loop');
    const registered = await browserAt(origin).register({ username, email: `${username}@example.com`, password: PASSWORD });
    expect(registered.status).toBe(201);
    const signedIn = await browserAt(origin).login(username, PASSWORD);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.id).toBe(registered.body.user.id);
  });

  it.each([
    ['another port on loopback', () => `http://127.0.0.1:${Number(port) + 1}`],
    ['another scheme', () => `https://127.0.0.1:${port}`],
    ['a name that starts like localhost', () => `http://localhost.evil.example:${port}`],
    ['another loopback address', () => `http://127.0.0.2:${port}`],
    ['an IPv6 loopback address, which no Content-Security-Policy source can name', () => `http://[::1]:${port}`],
    ['a foreign site', () => 'https://evil.example'],
  ])('refuses a sign-in from %s', async (_what, origin) => {
    const res = await browserAt(origin()).post('/api/auth/login', { email: 'nobody', password: PASSWORD, captchaResponse: 'x' });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Cross-site request refused');
  });

  /** Resolves with the first frame of an opened socket, or rejects with the refused upgrade's status. */
  function firstFrameOf(origin: string, cookie: string, userId: number): Promise<Record<string, any>> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(`${stack.baseUrl.replace('http', 'ws')}/ws`, { headers: { origin, cookie } });
      socket.once('open', () => socket.send(JSON.stringify({ type: 'auth', userId })));
      socket.once('message', (data) => {
        resolve(JSON.parse(data.toString()));
        socket.close(1000);
      });
      socket.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
      socket.once('error', reject);
    });
  }

  it('opens a socket from the loopback alias, and refuses one from another port', async () => {
    const member = browserAt(`http://127.0.0.1:${port}`);
    const username = uniqueName('Sock');
    const registered = await member.register({ username, email: `${username}@example.com`, password: PASSWORD });
    const cookie = `sid=${member.sid}`;
    const frame = await firstFrameOf(`http://127.0.0.1:${port}`, cookie, registered.body.user.id);
    expect(frame).toMatchObject({ type: 'auth_success', user: { id: registered.body.user.id } });
    await expect(firstFrameOf(`http://127.0.0.1:${Number(port) + 1}`, cookie, registered.body.user.id)).rejects.toThrow(/upgrade refused: 401/);
  });
});

describe('loopback aliases of the configured origins', () => {
  const saved = { PUBLIC_ORIGIN: process.env.PUBLIC_ORIGIN, EXTRA_ORIGINS: process.env.EXTRA_ORIGINS };

  afterEach(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    gatewayEnv.reset();
  });

  const configure = (publicOrigin: string, extra = '') => {
    process.env.PUBLIC_ORIGIN = publicOrigin;
    process.env.EXTRA_ORIGINS = extra;
    gatewayEnv.reset();
    return [...allowedOrigins()].sort();
  };

  it('adds the other loopback names, same scheme and port', () => {
    expect(configure('http://localhost:3000')).toEqual(['http://127.0.0.1:3000', 'http://localhost:3000']);
    expect(loopbackAliases('http://127.0.0.1:8080')).toEqual(['http://localhost:8080', 'http://127.0.0.1:8080']);
    // A browser leaves the default port out of its Origin.
    expect(loopbackAliases('https://localhost:443')).toEqual(['https://localhost', 'https://127.0.0.1']);
  });

  it('adds nothing to an origin beyond loopback', () => {
    expect(configure('https://chat.example.com', 'https://admin.example.com')).toEqual([
      'https://admin.example.com',
      'https://chat.example.com',
    ]);
    expect(loopbackAliases('http://localhost.example.com:3000')).toEqual([]);
    expect(loopbackAliases('http://192.168.1.10:3000')).toEqual([]);
    expect(loopbackAliases('not an origin')).toEqual([]);
  });

  it('aliases the extra origins too (the Vite dev server)', () => {
    expect(configure('https://chat.example.com', 'http://localhost:5173')).toEqual([
      'http://127.0.0.1:5173',
      'http://localhost:5173',
      'https://chat.example.com',
    ]);
  });
});
