import 'reflect-metadata';
import { startMetricsServer } from '@app/server';
import { freePort, uniqueName } from '@app/testing';
import type { Server } from 'node:http';
import WebSocket from 'ws';
import { ApiClient, startAuthStack, type AuthStack } from './auth-stack';
import { TestSocket } from './chat-stack';

describe('metrics for operators', () => {
  let stack: AuthStack;
  let metrics: Server | undefined;
  let metricsUrl: string;

  beforeAll(async () => {
    stack = await startAuthStack({ LOG_LEVEL: 'silent' });
    const port = await freePort();
    metrics = await startMetricsServer(port, '127.0.0.1');
    metricsUrl = `http://127.0.0.1:${port}/metrics`;
  }, 60_000);
  afterAll(async () => {
    await new Promise((resolve) => metrics?.close(resolve));
    await stack?.stop();
  });

  const scrape = async () => (await fetch(metricsUrl)).text();
  const sample = (text: string, line: RegExp) => Number(text.split('\n').find((l) => line.test(l))?.split(' ').pop() ?? NaN);

  it('counts HTTP requests by route pattern and status, RPC calls by pattern, sockets and frames', async () => {
    const member = new ApiClient(stack);
    const username = uniqueName('metric');
    await member.register({ username, email: `${username}@example.com` });
    const socket = new TestSocket(
      new WebSocket(`${stack.baseUrl.replace('http', 'ws')}/ws`, { headers: { origin: stack.origin, cookie: `sid=${member.sid}` } }),
    );
    await socket.opened;
    const me = (await member.get('/api/users/me')).body;
    socket.send({ type: 'auth', userId: me.id });
    await socket.next('auth_success');
    await member.get('/api/rooms/12345');

    const text = await scrape();
    expect(sample(text, /^http_request_duration_seconds_count\{method="POST",route="\/api\/auth\/register",status="201"\}/)).toBeGreaterThanOrEqual(1);
    // The route is the pattern: no id reaches a label.
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/rooms\/:id",status="\d+"\}/);
    expect(text).not.toContain('12345');
    expect(sample(text, /^rpc_client_duration_seconds_count\{pattern="auth\.user\.register",status="200"\}/)).toBeGreaterThanOrEqual(1);
    expect(sample(text, /^rpc_handled_duration_seconds_count\{pattern="auth\.user\.register",status="200"\}/)).toBeGreaterThanOrEqual(1);
    expect(sample(text, /^ws_connections /)).toBeGreaterThanOrEqual(1);
    expect(sample(text, /^ws_frames_total\{direction="in",type="auth"\}/)).toBeGreaterThanOrEqual(1);
    expect(sample(text, /^ws_frames_total\{direction="out",type="auth_success"\}/)).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    expect(text).toMatch(/^db_pool_connections_in_use /m);

    socket.ws.close();
    expect((await fetch(metricsUrl.replace('/metrics', '/other'))).status).toBe(404);
  });
});
