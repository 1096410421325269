/**
 * @jest-environment-options {"customExportConditions": ["node", "require", "default"]}
 */
// The stand-in gateway below is the real `ws` server, whose Node build this file needs.
import { configureStore } from '@reduxjs/toolkit';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import { connectSocket, createSocketMiddleware, disconnectSocket, sendSocketFrame, socketSlice } from '@/lib/socket';

async function until(check: () => boolean, timeoutMs = 3000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('Timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

it('sends call frames on the signed-in socket only, dropping those made before (heartbeats repeat)', async () => {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const frames: Array<Record<string, unknown>> = [];
  let answerAuth: (() => void) | null = null;
  server.on('connection', (socket) => {
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as Record<string, unknown>;
      frames.push(frame);
      if (frame.type === 'auth') answerAuth = () => socket.send(JSON.stringify({ type: 'auth_success', user: { id: frame.userId } }));
    });
  });
  const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const store = configureStore({
    reducer: { socket: socketSlice.reducer },
    middleware: (getDefault) => getDefault().concat(createSocketMiddleware({ url: () => url })),
  });
  try {
    const heartbeat = { type: 'call_heartbeat', sessionId: 5, media: 'connecting' } as const;
    store.dispatch(sendSocketFrame(heartbeat));
    store.dispatch(connectSocket({ userId: 9 }));
    await until(() => answerAuth !== null);
    // Open but not signed in yet: the server would refuse it, so it is not sent.
    store.dispatch(sendSocketFrame({ ...heartbeat, media: 'connected' }));
    answerAuth!();
    await until(() => store.getState().socket.status === 'online');
    store.dispatch(sendSocketFrame({ type: 'call_offer', sessionId: 5, sdp: 'v=0' }));
    store.dispatch(sendSocketFrame({ ...heartbeat, media: 'connected' }));
    await until(() => frames.length === 3);
    expect(frames).toEqual([
      { type: 'auth', userId: 9 },
      { type: 'call_offer', sessionId: 5, sdp: 'v=0' },
      { type: 'call_heartbeat', sessionId: 5, media: 'connected' },
    ]);
  } finally {
    store.dispatch(disconnectSocket());
    server.clients.forEach((client) => client.terminate());
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
