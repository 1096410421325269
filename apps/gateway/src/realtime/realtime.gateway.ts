import { Logger, OnModuleDestroy } from '@nestjs/common';
import { OnGatewayConnection, OnGatewayDisconnect, WebSocketGateway } from '@nestjs/websockets';
import {
  ErrorCode,
  fieldErrors,
  fieldMessage,
  TooManySocketsText,
  WS_CLOSE_SERVICE_RESTART,
  WS_CLOSE_SESSION_ENDED,
  WS_CLOSE_TOO_MANY_SOCKETS,
  WS_CLOSE_TRY_AGAIN,
  type ErrorFrame,
} from '@app/contracts';
import { inspectInput, Metrics, newRequestId, requestContext } from '@app/server';
import type { IncomingMessage } from 'node:http';
import type { RawData } from 'ws';
import { toHttpError } from '../common/http-exception.filter';
import { allowedOrigins } from '../common/origins';
import { sessionTokenFrom } from '../common/session.middleware';
import { SessionService } from '../common/session.service';
import { GatewayEnv } from '../config/gateway-env';
import { ConnectedSockets } from './connected-sockets.service';
import { frameRefusal } from './frame-errors';
import { FrameLimits, frameRateRefusal } from './frame-limits';
import { ClientSocket, SESSION_UNCHECKED, SocketRegistry } from './socket-registry';

const MAX_FRAME_BYTES = 16 * 1024;
const PING_INTERVAL_MS = 25_000;
/** How long a shutting-down gateway waits for its clients to answer the close before it goes. */
const DRAIN_TIMEOUT_MS = 3_000;
/**
 * How long a socket's session stands without asking auth-svc again. A sign-out, a sanction, a
 * role or profile change reaches the socket at once by event (SessionSocketsController); this
 * bound only catches what no event tells (a session that lapsed, an event lost), at the next
 * frame after it. Asking at every frame cost a look-up per message of everyone sending less
 * often than the look-up cache keeps an answer, which is most people in private chats.
 */
export const SOCKET_SESSION_RECHECK_MS = 60_000;

/** Sockets whose session check fell due are looked up together, this often. */
const SESSION_RECHECK_GATHER_MS = 2_000;

/**
 * When a socket next asks, somewhere in the half of the bound before it. Sockets that connect
 * together (every socket of a gateway that restarted) would otherwise all ask in the same
 * second a minute later, a burst of look-ups auth-svc pays at once.
 */
export function nextSessionCheck(now: number, random: () => number = Math.random): number {
  return now + SOCKET_SESSION_RECHECK_MS * (0.5 + random() / 2);
}

/**
 * The /ws server. A socket is accepted only from our origins and with a live session cookie;
 * the spec's `auth` frame is then checked against that session (its userId is never trusted).
 */
@WebSocketGateway({
  path: '/ws',
  maxPayload: MAX_FRAME_BYTES,
  verifyClient: (info: { origin?: string }) => !!info.origin && allowedOrigins().has(info.origin),
})
export class RealtimeGateway implements OnGatewayConnection, OnGatewayDisconnect, OnModuleDestroy {
  private readonly logger = new Logger(RealtimeGateway.name);
  private readonly pinger = setInterval(() => this.pingAll(), PING_INTERVAL_MS).unref();
  /** Sockets whose session check fell due since the last look-up (recheckSession). */
  private readonly dueChecks = new Set<ClientSocket>();
  private readonly rechecker = setInterval(() => void this.recheckDue(), SESSION_RECHECK_GATHER_MS).unref();
  private draining = false;

  constructor(
    private readonly sessions: SessionService,
    private readonly registry: SocketRegistry,
    private readonly frameLimits: FrameLimits,
    private readonly connected: ConnectedSockets,
    private readonly env: GatewayEnv,
  ) {
    registry.registerFrame('auth', (socket, frame) => this.onAuth(socket, frame));
  }

  async handleConnection(socket: ClientSocket, request: IncomingMessage) {
    // Only the token is kept: a closure below that named the upgrade request would hold it
    // (headers, socket, parser state) for as long as the connection lives.
    const token = sessionTokenFrom(request.headers.cookie);
    const asked = this.sessions.mark();
    // Frames are handled one after another per socket (join before send); ones that arrive
    // while the session is being resolved wait in the same chain.
    let chain: Promise<void> = this.sessions.resolve(token, () => socket.readyState === socket.OPEN).then(
      async (user) => {
        // Closed while waiting for its look-up: its disconnect has passed, so registering it would leak it.
        if (socket.readyState !== socket.OPEN) return;
        if (!user || !token) return socket.close(WS_CLOSE_SESSION_ENDED, 'Authentication required');
        if (this.draining) return socket.close(WS_CLOSE_SERVICE_RESTART, 'Server restarting');
        const admission = await this.connected.admit(user.id, token);
        if (socket.readyState !== socket.OPEN) {
          if (admission === 'admitted') this.connected.release(user.id, token);
          return;
        }
        if (admission === 'account') return socket.close(WS_CLOSE_TOO_MANY_SOCKETS, TooManySocketsText.account(this.env.WS_SOCKETS_PER_ACCOUNT));
        if (admission === 'session') return socket.close(WS_CLOSE_TOO_MANY_SOCKETS, TooManySocketsText.session(this.env.WS_SOCKETS_PER_SESSION));
        socket.counted = admission === 'admitted';
        socket.sessionCheckedUntil = nextSessionCheck(Date.now());
        this.registry.add(socket, user, token);
        // Ended while it was looked up: the event found no socket here to close, so look again.
        if (this.sessions.invalidatedSince(asked, token, user.id)) this.recheckSession(socket);
      },
      // The session could not be looked up (auth-svc or Redis away): that is no sign-out, so the client tries again.
      () => socket.close(WS_CLOSE_TRY_AGAIN, 'Try again later'),
    );
    socket.on('pong', () => (socket.isAlive = true));
    socket.on('message', (data, isBinary) => {
      // Over the socket's rate a frame is refused before it is read or queued.
      const { waitMs, answer } = this.frameLimits.take(socket, 'any');
      if (waitMs > 0) {
        // A refused send is answered with its client id, so the sender's outbox shows it failed
        // rather than waiting for an answer that never comes; other frames get one refusal.
        const clientId = sendClientId(data, isBinary);
        if (clientId) return this.sendError(socket, { ...frameRateRefusal(waitMs), clientId });
        return answer ? this.sendError(socket, answer) : undefined;
      }
      chain = chain.then(() => (socket.user ? this.onMessage(socket, data.toString(), isBinary) : undefined));
    });
    await chain;
  }

  handleDisconnect(socket: ClientSocket) {
    if (!socket.user) return;
    this.registry.remove(socket);
    if (socket.counted) this.connected.release(socket.user.id, socket.sessionToken);
  }

  /**
   * Shutting down (SIGTERM) drains: every client is told the server restarts (1012), which
   * sends it to another gateway where it rejoins with its last sequence and misses nothing. A
   * send whose answer is lost here is sent again with its clientId and stored once.
   */
  async onModuleDestroy() {
    clearInterval(this.pinger);
    clearInterval(this.rechecker);
    this.draining = true;
    this.registry.draining = true;
    const sockets = this.registry.all();
    const closed = sockets.map((socket) => new Promise((resolve) => (socket.readyState === socket.CLOSED ? resolve(undefined) : socket.once('close', resolve))));
    for (const socket of sockets) socket.close(WS_CLOSE_SERVICE_RESTART, 'Server restarting');
    await Promise.race([Promise.all(closed), new Promise((resolve) => setTimeout(resolve, DRAIN_TIMEOUT_MS).unref())]);
  }

  private async onMessage(socket: ClientSocket, raw: string, isBinary: boolean) {
    let frame: Record<string, unknown>;
    try {
      frame = JSON.parse(raw);
      if (isBinary || typeof frame !== 'object' || frame === null || typeof frame.type !== 'string') throw new Error();
    } catch {
      return this.sendError(socket, frameRefusal(ErrorCode.ValidationFailed, fieldMessage('frame_not_object')));
    }
    const found = inspectInput(frame);
    if (found) {
      const { field, problem } = found;
      return this.sendError(socket, { type: 'error', code: ErrorCode.ValidationFailed, message: problem.message, ...fieldErrors({ [field]: [problem] }) });
    }
    const handler = this.registry.handlerFor(frame.type as string);
    Metrics.wsFrames.inc({ direction: 'in', type: handler ? (frame.type as string) : 'unknown' });
    if (!handler) {
      return this.sendError(socket, frameRefusal(ErrorCode.ValidationFailed, fieldMessage('frame_type_unknown', { type: String(frame.type) })));
    }
    const kind = FrameLimits.classOf(frame.type as string);
    const limited = kind ? this.frameLimits.take(socket, kind) : null;
    if (limited?.answer) return this.sendError(socket, limited.answer);
    if (frame.type !== 'auth' && !socket.authenticated) {
      return this.sendError(socket, frameRefusal(ErrorCode.Unauthenticated, fieldMessage('frame_auth_first')));
    }
    await requestContext.run({ requestId: newRequestId(), userId: socket.user.id }, async () => {
      try {
        if (socket.sessionCheckedUntil === SESSION_UNCHECKED) {
          const user = await this.sessions.resolve(socket.sessionToken);
          if (!user) return socket.close(WS_CLOSE_SESSION_ENDED, 'Session ended');
          socket.user = user;
          socket.sessionCheckedUntil = nextSessionCheck(Date.now());
        } else if (Date.now() >= socket.sessionCheckedUntil) {
          this.recheckSession(socket);
        }
        await handler(socket, frame);
      } catch (error) {
        const { status, body } = toHttpError(error, this.logger);
        const { error: name, ...rest } = body;
        this.sendError(socket, {
          ...rest,
          // A refused send carries the spec's error (rate_limit, rate_limit_duplicate) and waitTime.
          ...(status === 429 ? { error: name } : {}),
          type: 'error',
          ...(typeof frame.clientId === 'string' ? { clientId: frame.clientId } : {}),
        } as ErrorFrame);
      }
    });
  }

  /**
   * A session that ended unheard of (it lapsed, its event was lost) closes the socket once a frame
   * found its check due. The frame is not held for the look-up: waiting on auth-svc put a round
   * trip into one send in nine of someone writing every few seconds, most of the p99 of private
   * chats. The sockets due are looked up together every SESSION_RECHECK_GATHER_MS, one query for
   * many rather than one each. Every ending that matters (sign-out, sanction, password or role
   * change) reaches the socket by event at once; what this bound catches may carry the frames
   * of those seconds.
   */
  private recheckSession(socket: ClientSocket) {
    socket.sessionCheckedUntil = nextSessionCheck(Date.now());
    this.dueChecks.add(socket);
  }

  /** A look-up that fails leaves the sessions unchecked: each socket's next frame waits for its own. */
  private async recheckDue() {
    if (this.dueChecks.size === 0) return;
    const sockets = [...this.dueChecks].filter((socket) => socket.readyState === socket.OPEN);
    this.dueChecks.clear();
    try {
      const users = await this.sessions.resolveMany(sockets.map((socket) => socket.sessionToken));
      sockets.forEach((socket, i) => {
        const user = users[i];
        if (!user) socket.close(WS_CLOSE_SESSION_ENDED, 'Session ended');
        else socket.user = user;
      });
    } catch {
      for (const socket of sockets) socket.sessionCheckedUntil = SESSION_UNCHECKED;
    }
  }

  private onAuth(socket: ClientSocket, frame: Record<string, unknown>) {
    if (Number(frame.userId) !== socket.user.id) {
      return this.sendError(socket, frameRefusal(ErrorCode.Forbidden, fieldMessage('frame_user_mismatch')));
    }
    socket.authenticated = true;
    this.registry.send(socket, { type: 'auth_success', user: socket.user });
  }

  private sendError(socket: ClientSocket, frame: ErrorFrame) {
    this.registry.send(socket, frame);
  }

  private pingAll() {
    for (const socket of this.registry.all()) {
      if (!socket.isAlive) {
        socket.terminate();
        continue;
      }
      socket.isAlive = false;
      socket.ping();
    }
  }
}

/** The client id of a send_message frame, read only to answer its refusal; null for any other frame. */
function sendClientId(data: RawData, isBinary: boolean): string | null {
  if (isBinary) return null;
  try {
    const frame = JSON.parse(data.toString()) as { type?: unknown; clientId?: unknown } | null;
    return frame?.type === 'send_message' && typeof frame.clientId === 'string' ? frame.clientId : null;
  } catch {
    return null;
  }
}
