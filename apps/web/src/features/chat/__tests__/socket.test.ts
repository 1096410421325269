/**
 * @jest-environment-options {"customExportConditions": ["node", "require", "default"]}
 */
// The stand-in gateway below is the real `ws` server, whose Node build this file needs.
import { configureStore } from '@reduxjs/toolkit';
import { WebSocketServer, type WebSocket as ServerSocket } from 'ws';
import type { AddressInfo } from 'node:net';
import {
  connectSocket,
  createSocketMiddleware,
  disconnectSocket,
  joinRoom,
  leaveRoom,
  MAX_RECONNECT_ATTEMPTS,
  reconnectDelay,
  retrySocket,
  selectSocketRefusal,
  selectSocketStatus,
  socketSlice,
} from '@/lib/socket';

/** A real socket server standing in for the gateway: it records frames and answers as told. */
async function startWsServer(options: { refuse?: () => boolean } = {}) {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1', verifyClient: () => !options.refuse?.() });
  await new Promise((resolve) => server.once('listening', resolve));
  const frames: Array<Record<string, unknown>> = [];
  const sockets: ServerSocket[] = [];
  let handshakes = 0;
  server.on('headers', () => (handshakes += 1));
  server.on('connection', (socket) => {
    sockets.push(socket);
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as Record<string, unknown>;
      frames.push(frame);
      if (frame.type === 'auth') socket.send(JSON.stringify({ type: 'auth_success', user: { id: frame.userId } }));
    });
  });
  return {
    url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}`,
    frames,
    sockets,
    attempts: () => handshakes,
    close: () => new Promise<void>((resolve) => {
      server.clients.forEach((c) => c.terminate());
      server.close(() => resolve());
    }),
  };
}

function storeFor(url: string, delay = (attempt: number) => 5 * 2 ** attempt) {
  return configureStore({
    reducer: { socket: socketSlice.reducer },
    middleware: (getDefault) => getDefault().concat(createSocketMiddleware({ url: () => url, delay })),
  });
}

async function until(check: () => boolean, timeoutMs = 3000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('Timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

const message = (seq: number) => ({ id: seq + 100, roomId: 4, seq, content: `m${seq}`, type: 'text', createdAt: new Date().toISOString() });

it('waits 1 s × 2^attempt between reconnects, never more than 30 s', () => {
  expect([0, 1, 2, 3, 4].map(reconnectDelay)).toEqual([1000, 2000, 4000, 8000, 16000]);
  expect(reconnectDelay(5)).toBe(30_000);
  expect(reconnectDelay(9)).toBe(30_000);
  expect(MAX_RECONNECT_ATTEMPTS).toBe(5);
});

it('authenticates, joins, and after a dropped connection rejoins from the last message it saw', async () => {
  const server = await startWsServer();
  const store = storeFor(server.url);
  try {
    store.dispatch(joinRoom({ roomId: 4 }));
    store.dispatch(connectSocket({ userId: 9 }));
    await until(() => server.frames.some((f) => f.type === 'join_room'));
    expect(server.frames.slice(0, 2)).toEqual([{ type: 'auth', userId: 9 }, { type: 'join_room', roomId: 4 }]);
    expect(selectSocketStatus(store.getState())).toBe('online');

    server.sockets[0].send(JSON.stringify({ type: 'room_messages', roomId: 4, messages: [message(1), message(2)], hasMore: false }));
    server.sockets[0].send(JSON.stringify({ type: 'new_message', roomId: 4, message: message(3) }));
    await new Promise((r) => setTimeout(r, 50));
    server.sockets[0].terminate();

    await until(() => server.frames.filter((f) => f.type === 'join_room').length === 2);
    expect(server.frames.filter((f) => f.type === 'join_room')[1]).toEqual({ type: 'join_room', roomId: 4, lastSeq: 3 });
    expect(selectSocketStatus(store.getState())).toBe('online');
  } finally {
    store.dispatch(disconnectSocket());
    await server.close();
  }
});

it('does not reconnect after a normal close', async () => {
  const server = await startWsServer();
  const store = storeFor(server.url);
  try {
    store.dispatch(connectSocket({ userId: 9 }));
    await until(() => selectSocketStatus(store.getState()) === 'online');
    server.sockets[0].close(1000, 'bye');
    await until(() => selectSocketStatus(store.getState()) === 'offline');
    await new Promise((r) => setTimeout(r, 200));
    expect(server.attempts()).toBe(1);
  } finally {
    store.dispatch(disconnectSocket());
    await server.close();
  }
});

it('stops at once, saying why, when the server refuses the socket for too many open, and tries again when the person asks', async () => {
  const server = await startWsServer();
  const store = storeFor(server.url);
  const statuses: string[] = [];
  store.subscribe(() => statuses.push(selectSocketStatus(store.getState())));
  try {
    store.dispatch(connectSocket({ userId: 9 }));
    await until(() => selectSocketStatus(store.getState()) === 'online');
    const reason = 'This browser has 20 connections open already. Close some tabs and try again.';
    server.sockets[0].close(4008, reason);
    await until(() => selectSocketStatus(store.getState()) === 'offline');
    // Straight from online to offline: no attempt on a timer in between.
    expect(statuses.slice(statuses.lastIndexOf('online'))).toEqual(['online', 'offline']);
    expect(selectSocketRefusal(store.getState())).toBe(reason);

    store.dispatch(retrySocket());
    await until(() => selectSocketStatus(store.getState()) === 'online');
    expect(server.attempts()).toBe(2);
    expect(selectSocketRefusal(store.getState())).toBeNull();
  } finally {
    store.dispatch(disconnectSocket());
    await server.close();
  }
});

it('gives up after five failed reconnects', async () => {
  let accept = true;
  const server = await startWsServer({ refuse: () => !accept });
  const store = storeFor(server.url, () => 5);
  try {
    store.dispatch(connectSocket({ userId: 9 }));
    await until(() => selectSocketStatus(store.getState()) === 'online');
    accept = false;
    server.sockets[0].terminate();
    await until(() => selectSocketStatus(store.getState()) === 'offline');
    // One connection that worked, then five refused retries.
    expect(server.attempts()).toBe(1);
    expect(store.getState().socket.attempt).toBe(MAX_RECONNECT_ATTEMPTS);
  } finally {
    store.dispatch(disconnectSocket());
    await server.close();
  }
});

it('a screen that re-mounts (leave and join in one go) neither leaves nor joins twice; a real leave is sent', async () => {
  const server = await startWsServer();
  const store = storeFor(server.url);
  try {
    store.dispatch(connectSocket({ userId: 9 }));
    store.dispatch(joinRoom({ roomId: 4 }));
    await until(() => server.frames.some((f) => f.type === 'join_room'));
    store.dispatch(leaveRoom({ roomId: 4 }));
    store.dispatch(joinRoom({ roomId: 4 }));
    await new Promise((r) => setTimeout(r, 100));
    expect(server.frames.map((f) => f.type)).toEqual(['auth', 'join_room']);

    store.dispatch(leaveRoom({ roomId: 4 }));
    await until(() => server.frames.some((f) => f.type === 'leave_room'));
    expect(server.frames[2]).toEqual({ type: 'leave_room', roomId: 4 });
  } finally {
    store.dispatch(disconnectSocket());
    await server.close();
  }
});
