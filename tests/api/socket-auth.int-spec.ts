/* eslint-disable @typescript-eslint/no-explicit-any -- tests read JSON bodies loosely and let the assertions check their shape */
import 'reflect-metadata';
import { AuthPatterns, WS_CLOSE_SESSION_ENDED } from '@app/contracts';
import { eventually, uniqueName } from '@app/testing';
import { connect } from 'nats';
import WebSocket from 'ws';
import { hashToken, SessionService } from '@app/gateway/src/common/session.service';
import { SocketRegistry } from '@app/gateway/src/realtime/socket-registry';
import { ApiClient, startAuthStack, type AuthStack } from './auth-stack';

interface Opened {
  socket: WebSocket;
  frames: Record<string, any>[];
  closed: Promise<{ code: number; reason: string }>;
}

describe('/ws authentication', () => {
  let stack: AuthStack;
  let member: ApiClient;
  let memberId: number;

  const wsUrl = () => `${stack.baseUrl.replace('http', 'ws')}/ws`;

  /** Opens a socket; resolves once open, or rejects with the HTTP status of a refused upgrade. */
  function open(headers: Record<string, string>): Promise<Opened> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(wsUrl(), { headers });
      const frames: Record<string, any>[] = [];
      socket.on('message', (data) => frames.push(JSON.parse(data.toString())));
      const closed = new Promise<{ code: number; reason: string }>((done) =>
        socket.on('close', (code, reason) => done({ code, reason: reason.toString() })),
      );
      socket.once('open', () => resolve({ socket, frames, closed }));
      socket.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
      socket.once('error', reject);
    });
  }

  /** The next frame the socket received; undefined when it closed without one. */
  function nextFrame(opened: Opened): Promise<Record<string, any> | undefined> {
    return eventually(() => {
      const frame = opened.frames.shift();
      if (frame || opened.socket.readyState === WebSocket.CLOSED) return frame;
      throw new Error('no frame arrived');
    });
  }

  beforeAll(async () => {
    stack = await startAuthStack();
    member = new ApiClient(stack);
    const username = uniqueName('Sock');
    const res = await member.register({ username, email: `${username}@example.com` });
    memberId = res.body.user.id;
  }, 60_000);

  afterAll(async () => {
    await stack?.stop();
  });

  it('refuses an upgrade from a foreign origin, even with a live session', async () => {
    await expect(open({ origin: 'https://evil.example', cookie: `sid=${member.sid}` })).rejects.toThrow(/upgrade refused: 401/);
  });

  it('refuses an upgrade without an Origin', async () => {
    await expect(open({ cookie: `sid=${member.sid}` })).rejects.toThrow(/upgrade refused/);
  });

  it('closes a socket that has no session cookie', async () => {
    const opened = await open({ origin: stack.origin });
    expect((await opened.closed).code).toBe(WS_CLOSE_SESSION_ENDED);
  });

  it('closes a socket whose cookie names no live session', async () => {
    const opened = await open({ origin: stack.origin, cookie: 'sid=not-a-session' });
    expect((await opened.closed).code).toBe(WS_CLOSE_SESSION_ENDED);
  });

  it('answers auth with the session user as auth_success', async () => {
    const opened = await open({ origin: stack.origin, cookie: `sid=${member.sid}` });
    opened.socket.send(JSON.stringify({ type: 'auth', userId: memberId }));
    const frame = await nextFrame(opened);
    expect(frame).toMatchObject({ type: 'auth_success', user: { id: memberId, role: 'user' } });
    opened.socket.close(1000);
  });

  it('answers auth naming somebody else with an error frame', async () => {
    const opened = await open({ origin: stack.origin, cookie: `sid=${member.sid}` });
    opened.socket.send(JSON.stringify({ type: 'auth', userId: memberId + 1000 }));
    const frame = await nextFrame(opened);
    expect(frame).toMatchObject({ type: 'error', code: 'forbidden', message: 'userId does not match your session', messageCode: { code: 'frame_user_mismatch' } });
    opened.socket.close(1000);
  });

  it('ends the socket of a session that signed out', async () => {
    const c = new ApiClient(stack);
    const username = uniqueName('Leaver');
    const { body } = await c.register({ username, email: `${username}@example.com` });
    const opened = await open({ origin: stack.origin, cookie: `sid=${c.sid}` });
    opened.socket.send(JSON.stringify({ type: 'auth', userId: body.user.id }));
    expect((await nextFrame(opened))?.type).toBe('auth_success');

    expect((await c.post('/api/auth/logout')).status).toBe(200);
    // The logout event reaches the gateway asynchronously: until it has, the session still
    // answers; the first auth frame after it finds the session gone and ends the socket.
    const answers: string[] = [];
    await eventually(async () => {
      opened.socket.send(JSON.stringify({ type: 'auth', userId: body.user.id }));
      const frame = await nextFrame(opened);
      if (frame) answers.push(frame.type);
      expect(opened.socket.readyState).toBe(WebSocket.CLOSED);
    });
    expect((await opened.closed).code).toBe(WS_CLOSE_SESSION_ENDED);
    expect(answers.filter((type) => type !== 'auth_success')).toEqual([]);
  });

  it('asks auth-svc nothing more for a socket whose session stands, however many frames it sends', async () => {
    const c = new ApiClient(stack);
    const username = uniqueName('Chatty');
    const { body } = await c.register({ username, email: `${username}@example.com` });
    const opened = await open({ origin: stack.origin, cookie: `sid=${c.sid}` });
    opened.socket.send(JSON.stringify({ type: 'auth', userId: body.user.id }));
    expect((await nextFrame(opened))?.type).toBe('auth_success');

    const nc = await connect({ servers: stack.infra.natsUrl });
    try {
      let lookups = 0;
      nc.subscribe(AuthPatterns.ResolveSessions, { callback: () => (lookups += 1) });
      await nc.flush();
      for (let i = 0; i < 5; i++) {
        // As if the gateway's short look-up cache had lapsed between two messages of a slow writer.
        stack.gateway.get(SessionService).invalidate(body.user.id);
        opened.socket.send(JSON.stringify({ type: 'auth', userId: body.user.id }));
        expect((await nextFrame(opened))?.type).toBe('auth_success');
      }
      await nc.flush();
      expect(lookups).toBe(0);
    } finally {
      await nc.close();
      opened.socket.close();
    }
  });

  it('closes the socket of a session that lapsed unheard of once a frame finds its check due, answering that frame meanwhile', async () => {
    const c = new ApiClient(stack);
    const username = uniqueName('Lapsed');
    const { body } = await c.register({ username, email: `${username}@example.com` });
    const opened = await open({ origin: stack.origin, cookie: `sid=${c.sid}` });
    opened.socket.send(JSON.stringify({ type: 'auth', userId: body.user.id }));
    expect((await nextFrame(opened))?.type).toBe('auth_success');

    // The session goes from auth's store with no event, as one that expired; the socket's check falls due.
    await stack.redis.del(`session:${hashToken(c.sid as string)}`);
    stack.gateway.get(SessionService).invalidate(body.user.id);
    const [held] = stack.gateway.get(SocketRegistry).socketsOf(body.user.id);
    held.sessionCheckedUntil = Date.now() - 1;

    opened.socket.send(JSON.stringify({ type: 'auth', userId: body.user.id }));
    expect((await nextFrame(opened))?.type).toBe('auth_success');
    expect((await opened.closed).code).toBe(WS_CLOSE_SESSION_ENDED);
  });

  it('answers as the new username once a profile change is heard, though frames no longer look the session up', async () => {
    const c = new ApiClient(stack);
    const username = uniqueName('Renamer');
    const { body } = await c.register({ username, email: `${username}@example.com` });
    const opened = await open({ origin: stack.origin, cookie: `sid=${c.sid}` });
    opened.socket.send(JSON.stringify({ type: 'auth', userId: body.user.id }));
    expect((await nextFrame(opened))?.user.username).toBe(body.user.username);

    const renamed = await c.request('PATCH', '/api/users/me', { username: uniqueName('Renamed') });
    expect(renamed.status).toBe(200);
    await eventually(async () => {
      opened.socket.send(JSON.stringify({ type: 'auth', userId: body.user.id }));
      expect((await nextFrame(opened))?.user.username).toBe(renamed.body.username);
    });
    opened.socket.close();
  });
});
