import { Injectable, Logger } from '@nestjs/common';
import type { UserDto } from '@app/contracts';
import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';
import { Metrics } from '@app/server';
import { GatewayEnv } from '../config/gateway-env';

/** sessionCheckedUntil of a socket whose session must be looked up before its next frame is handled (an event about it could not be checked). */
export const SESSION_UNCHECKED = 0;

export interface ClientSocket extends WebSocket {
  id: string;
  user: UserDto;
  sessionToken: string;
  /** Set once the client's auth frame matched its session. */
  authenticated: boolean;
  isAlive: boolean;
  /** Until when its session stands without asking auth-svc again (events refresh it meanwhile). */
  sessionCheckedUntil: number;
  /** Counted in the sockets of its person and session across gateways (connected-sockets), to be taken off at its close. */
  counted?: boolean;
  /** The room this socket joined (one at a time). */
  roomId?: number;
  /** The newest room sequence number this socket was sent: later frames below it are duplicates. */
  roomSeq: number;
  /** The room whose join_room awaits its answer: that room's stream frames wait so they follow the catch-up. */
  joining?: number;
  /** Senders whose room messages this socket's user does not see (the people they blocked); shared by the user's sockets. */
  hiddenSenders?: ReadonlySet<number>;
}

export type FrameHandler = (socket: ClientSocket, frame: Record<string, unknown>) => Promise<void> | void;

const FRAME_TYPE = /^\{"type":"([a-z_]{1,40})"/;

/** A frame serialised, encoded and counted by type once, however many sockets it is written to. */
export class OutgoingFrame {
  readonly data: Buffer;
  readonly type: string;
  constructor(text: string) {
    this.data = Buffer.from(text);
    // Frames are written type first; reading it back costs less than another parameter everywhere.
    this.type = FRAME_TYPE.exec(text)?.[1] ?? 'other';
  }
}

/**
 * Sockets on this gateway instance, by user, and the handlers of each client frame type.
 * Feature modules register their frame handlers here instead of editing the socket server.
 */
@Injectable()
export class SocketRegistry {
  private readonly logger = new Logger(SocketRegistry.name);
  private readonly maxBufferedBytes: number;
  private readonly handlers = new Map<string, FrameHandler>();
  private readonly byUser = new Map<number, Set<ClientSocket>>();
  private readonly closeListeners: Array<(socket: ClientSocket) => void> = [];
  private readonly addListeners: Array<(socket: ClientSocket) => void> = [];
  /** Connections written to in this turn of the event loop, held corked until its end (see sendRaw). */
  private readonly corked = new Set<Socket>();
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
    socket.joining = undefined;
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

  /** For fan-out: a frame serialised once (an OutgoingFrame: encoded once too) and written to many sockets. */
  sendRaw(socket: ClientSocket, frame: string | OutgoingFrame) {
    if (socket.readyState !== socket.OPEN) return;
    // A client that stopped reading is cut off before its backlog grows further; a close frame
    // would wait behind that backlog, so the connection is simply ended.
    if (socket.bufferedAmount > this.maxBufferedBytes) {
      this.logger.warn(`Cut off user ${socket.user?.id}'s socket: ${socket.bufferedAmount} bytes unread`);
      Metrics.wsSlowConsumers.inc();
      socket.terminate();
      return;
    }
    const out = typeof frame === 'string' ? new OutgoingFrame(frame) : frame;
    this.corkUntilTurnEnds(socket);
    socket.send(out.data, { binary: false });
    Metrics.wsFrames.inc({ direction: 'out', type: out.type });
  }

  /**
   * Every frame a connection gets in one turn of the event loop leaves in one write: under load
   * the messages of a room arrive several to a read from NATS, and a system call per frame and
   * socket was most of the gateway's time. When the turn is done, everything corked is written.
   */
  private corkUntilTurnEnds(socket: ClientSocket) {
    // ws has no public accessor for the TCP connection under a socket; _socket is the one it writes to.
    const connection = (socket as unknown as { _socket?: Socket })._socket;
    if (!connection || this.corked.has(connection)) return;
    connection.cork();
    this.corked.add(connection);
    if (this.corked.size === 1) setImmediate(() => this.uncorkAll());
  }

  private uncorkAll() {
    for (const connection of this.corked) connection.uncork();
    this.corked.clear();
  }
}
