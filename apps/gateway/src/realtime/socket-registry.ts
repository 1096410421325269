import { Injectable, Logger } from '@nestjs/common';
import type { UserDto } from '@app/contracts';
import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import { Metrics } from '@app/server';
import { GatewayEnv } from '../config/gateway-env';

export interface ClientSocket extends WebSocket {
  id: string;
  user: UserDto;
  sessionToken: string;
  /** Set once the client's auth frame matched its session. */
  authenticated: boolean;
  isAlive: boolean;
  /** The room this socket joined (one at a time). */
  roomId?: number;
  /** The newest room sequence number this socket was sent: later frames below it are duplicates. */
  roomSeq: number;
  /** Between join_room and its answer, stream frames wait so they follow the catch-up. */
  joining: boolean;
  /** Senders whose room messages this socket's user does not see (the people they blocked); shared by the user's sockets. */
  hiddenSenders?: ReadonlySet<number>;
}

export type FrameHandler = (socket: ClientSocket, frame: Record<string, unknown>) => Promise<void> | void;

/**
 * Sockets on this gateway instance, by user, and the handlers of each client frame type.
 * Feature modules register their frame handlers here instead of editing the socket server.
 */
const FRAME_TYPE = /^\{"type":"([a-z_]{1,40})"/;

@Injectable()
export class SocketRegistry {
  private readonly logger = new Logger(SocketRegistry.name);
  private readonly maxBufferedBytes: number;
  private readonly handlers = new Map<string, FrameHandler>();
  private readonly byUser = new Map<number, Set<ClientSocket>>();
  private readonly closeListeners: Array<(socket: ClientSocket) => void> = [];
  private readonly addListeners: Array<(socket: ClientSocket) => void> = [];
  /**
   * Set once this gateway shuts down and closes every socket: what the sockets leave behind in
   * the services is cleared for the whole instance at once (chat-svc's DropInstance), not one
   * request per socket, which would queue ahead of the same people rejoining through another gateway.
   */
  draining = false;

  constructor(env: GatewayEnv) {
    this.maxBufferedBytes = env.WS_MAX_BUFFERED_BYTES;
  }

  registerFrame(type: string, handler: FrameHandler) {
    if (this.handlers.has(type)) throw new Error(`Frame type ${type} already has a handler`);
    this.handlers.set(type, handler);
  }

  handlerFor(type: string): FrameHandler | undefined {
    return this.handlers.get(type);
  }

  /** Every client frame type with a handler: the socket's whole input surface. */
  frameTypes(): string[] {
    return [...this.handlers.keys()];
  }

  onClose(listener: (socket: ClientSocket) => void) {
    this.closeListeners.push(listener);
  }

  onAdd(listener: (socket: ClientSocket) => void) {
    this.addListeners.push(listener);
  }

  add(socket: ClientSocket, user: UserDto, sessionToken: string) {
    socket.id = randomUUID();
    socket.user = user;
    socket.sessionToken = sessionToken;
    socket.authenticated = false;
    socket.isAlive = true;
    socket.roomSeq = 0;
    socket.joining = false;
    let set = this.byUser.get(user.id);
    if (!set) this.byUser.set(user.id, (set = new Set()));
    set.add(socket);
    Metrics.wsConnections.inc();
    for (const listener of this.addListeners) listener(socket);
  }

  remove(socket: ClientSocket) {
    const set = this.byUser.get(socket.user?.id);
    set?.delete(socket);
    if (set && set.size === 0) this.byUser.delete(socket.user.id);
    if (set) Metrics.wsConnections.dec();
    for (const listener of this.closeListeners) listener(socket);
  }

  socketsOf(userId: number): ClientSocket[] {
    return [...(this.byUser.get(userId) ?? [])];
  }

  all(): ClientSocket[] {
    return [...this.byUser.values()].flatMap((set) => [...set]);
  }

  send(socket: ClientSocket, frame: object) {
    this.sendRaw(socket, JSON.stringify(frame));
  }

  /** For fan-out: a frame serialised once and written to many sockets. */
  sendRaw(socket: ClientSocket, raw: string) {
    if (socket.readyState !== socket.OPEN) return;
    // A client that stopped reading is cut off before its backlog grows further; a close frame
    // would wait behind that backlog, so the connection is simply ended.
    if (socket.bufferedAmount > this.maxBufferedBytes) {
      this.logger.warn(`Cut off user ${socket.user?.id}'s socket: ${socket.bufferedAmount} bytes unread`);
      Metrics.wsSlowConsumers.inc();
      socket.terminate();
      return;
    }
    socket.send(raw);
    // Frames are written type first; reading it back costs less than another parameter everywhere.
    Metrics.wsFrames.inc({ direction: 'out', type: FRAME_TYPE.exec(raw)?.[1] ?? 'other' });
  }
}
