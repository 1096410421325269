import WebSocket from 'ws';
import type { ApiClient, AuthStack } from '../auth-stack';
import { TestSocket } from '../chat-stack';

/** A browser tab's socket of this client: signed in with its cookie and authenticated. */
export async function socketOf(stack: Pick<AuthStack, 'baseUrl' | 'origin'>, c: ApiClient, baseUrl = stack.baseUrl): Promise<TestSocket> {
  const me = (await c.get('/api/users/me')).body as { id: number };
  const socket = new TestSocket(new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws`, { headers: { origin: stack.origin, cookie: `sid=${c.sid}` } }));
  await socket.opened;
  socket.send({ type: 'auth', userId: me.id });
  await socket.next('auth_success');
  return socket;
}

/** The room's page is open: a socket of this client has joined it, as one must before sending to a public room. */
export async function enterRoom(stack: Pick<AuthStack, 'baseUrl' | 'origin'>, c: ApiClient, roomId: number, baseUrl?: string): Promise<TestSocket> {
  const socket = await socketOf(stack, c, baseUrl);
  socket.send({ type: 'join_room', roomId });
  await socket.next('room_joined');
  return socket;
}
