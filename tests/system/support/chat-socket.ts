import { ROLE_RANK, type ErrorFrame, type JoinRoomResultDto, type MessageDto, type OnlineUserDto, type ServerFrame } from '@app/contracts';
import WebSocket from 'ws';
import type { Session } from './accounts';

/** A send the server refused (the error frame that echoed its clientId). */
export class SendRefused extends Error {
  constructor(readonly frame: ErrorFrame) {
    super(`${frame.code}: ${frame.message}`);
  }
}

type Waiter = { match: (frame: ServerFrame) => boolean; resolve: (frame: ServerFrame) => void };

/**
 * A browser tab's /ws connection: it keeps every frame it was sent, in order, so a test can
 * read the stream as the user saw it.
 */
export class ChatSocket {
  readonly frames: ServerFrame[] = [];
  private waiters: Waiter[] = [];
  private readonly listeners: Array<(frame: ServerFrame) => void> = [];
  /** Settles when the connection closes, with the code and reason the client was told. */
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(
    private readonly ws: WebSocket,
    readonly session: Session,
  ) {
    ws.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as ServerFrame;
      this.frames.push(frame);
      for (const listener of this.listeners) listener(frame);
      for (const waiter of [...this.waiters]) {
        if (waiter.match(frame)) {
          this.waiters.splice(this.waiters.indexOf(waiter), 1);
          waiter.resolve(frame);
        }
      }
    });
    // A connection that fails is seen through `closed`; an unheard error event would end the run.
    ws.on('error', () => undefined);
    this.closed = new Promise((resolve) => ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  }

  /** Connects with the session cookie from the gateway's own origin and sends the auth frame. */
  static async open(gateway: string, session: Session): Promise<ChatSocket> {
    const ws = new WebSocket(`${gateway.replace(/^http/, 'ws')}/ws`, { headers: { cookie: session.cookie, origin: gateway } });
    const socket = new ChatSocket(ws, session);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const authed = socket.next((f) => f.type === 'auth_success' || f.type === 'error');
    ws.send(JSON.stringify({ type: 'auth', userId: session.user.id }));
    const answer = await authed;
    if (answer.type !== 'auth_success') throw new Error(`auth refused: ${JSON.stringify(answer)}`);
    return socket;
  }

  /** Hears every frame from now on, as it arrives. */
  onFrame(listener: (frame: ServerFrame) => void) {
    this.listeners.push(listener);
  }

  /** The next frame (from now on) that matches. */
  next<T extends ServerFrame = ServerFrame>(match: (frame: ServerFrame) => boolean, timeoutMs = 15_000): Promise<T> {
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        match,
        resolve: (frame) => {
          clearTimeout(timer);
          resolve(frame as T);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        reject(new Error(`No matching frame within ${timeoutMs} ms on ${this.session.user.username}'s socket`));
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  /** join_room, answered by room_joined, room_messages and online_users. */
  async join(roomId: number, lastSeq?: number): Promise<JoinRoomResultDto> {
    const joined = this.next((f) => f.type === 'room_joined' || f.type === 'error');
    const history = this.next((f) => f.type === 'room_messages' && f.roomId === roomId);
    const online = this.next((f) => f.type === 'online_users' && f.roomId === roomId);
    this.send({ type: 'join_room', roomId, ...(lastSeq !== undefined ? { lastSeq } : {}) });
    const answer = await joined;
    if (answer.type !== 'room_joined') throw new Error(`join refused: ${JSON.stringify(answer)}`);
    const [messages, users] = await Promise.all([history, online]);
    if (messages.type !== 'room_messages' || users.type !== 'online_users') throw new Error('unexpected join answer');
    return { room: answer.room, messages: messages.messages, hasMore: messages.hasMore, onlineUsers: users.users };
  }

  /** send_message with a client id; resolves with the acknowledged message, rejects with the refusal. */
  async sendMessage(content: string, clientId: string, timeoutMs = 15_000): Promise<MessageDto> {
    const answer = this.next((f) => (f.type === 'message_ack' || f.type === 'error') && f.clientId === clientId, timeoutMs);
    this.send({ type: 'send_message', content, clientId });
    const frame = await answer;
    if (frame.type === 'error') throw new SendRefused(frame);
    if (frame.type !== 'message_ack') throw new Error('unexpected answer');
    return frame.message;
  }

  /** The new_message frames of a room, in the order they arrived. */
  received(roomId: number): MessageDto[] {
    return this.frames.flatMap((f) => (f.type === 'new_message' && f.roomId === roomId ? [f.message] : []));
  }

  /**
   * The room's online list as a client keeps it: the list it got on joining, then every
   * user_joined and user_left since, in the spec's order (role rank, then who came first).
   */
  onlineNow(roomId: number): OnlineUserDto[] {
    const start = this.frames.findLastIndex((f) => f.type === 'online_users' && f.roomId === roomId);
    if (start < 0) return [];
    const first = this.frames[start];
    const users = new Map((first.type === 'online_users' ? first.users : []).map((u) => [u.id, u]));
    for (const frame of this.frames.slice(start + 1)) {
      if (frame.type === 'user_joined' && frame.roomId === roomId) users.set(frame.user.id, frame.user);
      if (frame.type === 'user_left' && frame.roomId === roomId) users.delete(frame.user.id);
    }
    return [...users.values()].sort((a, b) => ROLE_RANK[a.role] - ROLE_RANK[b.role] || Date.parse(a.joinedAt) - Date.parse(b.joinedAt));
  }

  /** Stops reading from the connection, as a stalled client does (the server's writes pile up). */
  stopReading() {
    this.rawSocket().pause();
  }

  /** A WebSocket ping: no frame for the application, but a write that fails once the server let go. */
  ping() {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.ping();
  }

  private rawSocket(): import('node:net').Socket {
    // ws keeps its TCP socket private; pausing it is the only way to stop reading.
    return (this.ws as unknown as { _socket: import('node:net').Socket })._socket;
  }

  send(frame: object) {
    this.ws.send(JSON.stringify(frame));
  }

  async close(): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return;
    this.ws.close();
    await this.closed;
  }
}
