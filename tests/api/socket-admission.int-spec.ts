/* eslint-disable @typescript-eslint/no-explicit-any -- tests read JSON frames loosely and let the assertions check their shape */
import 'reflect-metadata';
import { AuthPatterns, WS_CLOSE_TRY_AGAIN } from '@app/contracts';
import { eventually, uniqueName } from '@app/testing';
import { connect, type NatsConnection } from 'nats';
import WebSocket from 'ws';
import { SessionStore } from '@app/auth-svc/src/sessions/session.store';
import { ApiClient, startAuthStack, type AuthStack } from './auth-stack';

const LOOKUPS_IN_FLIGHT = 4;
const SOCKETS = 300;

/**
 * A gateway that restarted gets every socket back at once. It asks auth-svc for their sessions
 * a few requests at a time, in order, so that each answer comes in time, instead of all at once;
 * the sessions that wait meanwhile go together in the next request.
 */
describe('/ws admission of many sockets at once', () => {
  let stack: AuthStack;
  let nc: NatsConnection;
  let userId: number;
  const tokens: string[] = [];

  beforeAll(async () => {
    // The herd is one person's: their sockets are capped per account, which is not what this measures.
    stack = await startAuthStack({ SESSION_LOOKUPS_IN_FLIGHT: String(LOOKUPS_IN_FLIGHT), WS_SOCKETS_PER_ACCOUNT: String(SOCKETS) });
    const member = new ApiClient(stack);
    const username = uniqueName('Herd');
    const { body } = await member.register({ username, email: `${username}@example.com` });
    userId = body.user.id;
    // One person with as many live sessions as sockets (tabs and devices): each socket is its own look-up.
    const sessions = stack.auth.get(SessionStore, { strict: false });
    for (let i = 0; i < SOCKETS; i++) tokens.push((await sessions.create(userId, 3600, 'password')).token);
    nc = await connect({ servers: stack.infra.natsUrl });
  }, 120_000);

  afterAll(async () => {
    await nc?.close();
    await stack?.stop();
  });

  it('signs in every socket of a herd, none told to try again, in batches, with no more look-ups under way than the limit', async () => {
    // Every look-up request and every answer, as NATS carries them: under way = asked, not yet answered.
    const underWay = new Set<string>();
    let mostUnderWay = 0;
    let requests = 0;
    let asked = 0;
    let largestBatch = 0;
    nc.subscribe(AuthPatterns.ResolveSessions, {
      callback: (_error, msg) => {
        if (!msg.reply) return;
        const batch = (msg.json() as { data: { tokens: string[] } }).data.tokens.length;
        requests += 1;
        asked += batch;
        largestBatch = Math.max(largestBatch, batch);
        underWay.add(msg.reply);
        mostUnderWay = Math.max(mostUnderWay, underWay.size);
      },
    });
    nc.subscribe('_INBOX.>', { callback: (_error, msg) => underWay.delete(msg.subject) });
    await nc.flush();

    const wsUrl = `${stack.baseUrl.replace('http', 'ws')}/ws`;
    const closeCodes: number[] = [];
    const signedIn = new Set<number>();
    const sockets = tokens.map((token, i) => {
      const socket = new WebSocket(wsUrl, { headers: { origin: stack.origin, cookie: `sid=${token}` } });
      socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', userId })));
      socket.on('message', (data) => {
        const frame = JSON.parse(data.toString()) as Record<string, any>;
        if (frame.type === 'auth_success' && frame.user.id === userId) signedIn.add(i);
      });
      socket.on('close', (code) => closeCodes.push(code));
      return socket;
    });
    try {
      await eventually(() => expect(signedIn.size + closeCodes.length).toBe(SOCKETS), { timeoutMs: 60_000 });
      expect(closeCodes.filter((code) => code === WS_CLOSE_TRY_AGAIN)).toEqual([]);
      expect(closeCodes).toEqual([]);
      expect(signedIn.size).toBe(SOCKETS);
      expect(asked).toBeGreaterThanOrEqual(SOCKETS);
      // Those that waited for a turn went together: fewer requests than sockets.
      expect(largestBatch).toBeGreaterThan(1);
      expect(requests).toBeLessThan(SOCKETS);
      expect(mostUnderWay).toBeLessThanOrEqual(LOOKUPS_IN_FLIGHT);
      expect(mostUnderWay).toBeGreaterThan(1);
    } finally {
      for (const socket of sockets) socket.close(1000);
    }
  }, 90_000);
});
