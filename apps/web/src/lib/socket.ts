import { createAction, createSlice, type Middleware, type PayloadAction } from '@reduxjs/toolkit';
import type { ClientFrame, ServerFrame } from '@app/contracts';
import { WS_CLOSE_TOO_MANY_SOCKETS } from '@app/contracts/browser';

/** The spec's reconnect policy: 5 attempts, 1 s × 2^attempt, capped at 30 s; none after a normal close. */
export const MAX_RECONNECT_ATTEMPTS = 5;
export const RECONNECT_BASE_MS = 1000;
export const RECONNECT_MAX_MS = 30_000;
export const NORMAL_CLOSE = 1000;
/** The server closes with this when the session behind the socket ended (logout elsewhere). */
export const SESSION_ENDED_CLOSE = 4001;

export function reconnectDelay(attempt: number): number {
  return Math.min(RECONNECT_BASE_MS * 2 ** attempt, RECONNECT_MAX_MS);
}

/**
 * idle: no user, no socket. connecting: opening or waiting to retry. online: authenticated.
 * offline: closed for good (normal close, session ended, or every retry failed).
 */
export type SocketStatus = 'idle' | 'connecting' | 'online' | 'offline';

export interface SocketState {
  status: SocketStatus;
  /** The room the socket is in (confirmed by room_joined). */
  roomId: number | null;
  /** Reconnect attempts made since the socket was last online. */
  attempt: number;
  lastCloseCode: number | null;
  /** The server's words with the last close, when it gave any (why it refused the socket). */
  lastCloseReason: string | null;
}

const initialState: SocketState = { status: 'idle', roomId: null, attempt: 0, lastCloseCode: null, lastCloseReason: null };

export const socketSlice = createSlice({
  name: 'socket',
  initialState,
  reducers: {
    socketStatusChanged: (state, action: PayloadAction<{ status: SocketStatus; attempt?: number; closeCode?: number | null; closeReason?: string | null }>) => {
      state.status = action.payload.status;
      if (action.payload.attempt !== undefined) state.attempt = action.payload.attempt;
      if (action.payload.closeCode !== undefined) {
        state.lastCloseCode = action.payload.closeCode;
        state.lastCloseReason = action.payload.closeReason ?? null;
      }
      if (action.payload.status !== 'online') state.roomId = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(socketFrameReceived, (state, action) => {
      const frame = action.payload;
      if (frame.type === 'room_joined') state.roomId = frame.room.id;
      if (frame.type === 'room_left') state.roomId = null;
    });
  },
  selectors: {
    selectSocketStatus: (state) => state.status,
    selectSocketRoomId: (state) => state.roomId,
    selectSocketAttempt: (state) => state.attempt,
    /** Why the server refused the socket for good (too many open), to show instead of a bare "offline". */
    selectSocketRefusal: (state) => (state.status === 'offline' && state.lastCloseCode === WS_CLOSE_TOO_MANY_SOCKETS ? state.lastCloseReason : null),
  },
});

export const { socketStatusChanged } = socketSlice.actions;
export const { selectSocketStatus, selectSocketRoomId, selectSocketAttempt, selectSocketRefusal } = socketSlice.selectors;

/** Opens the socket for this user (a different user closes the old one first). */
export const connectSocket = createAction<{ userId: number }>('socket/connect');
/** Closes the socket normally: no reconnect. */
export const disconnectSocket = createAction('socket/disconnect');
/** After every retry failed: try again from the first attempt. */
export const retrySocket = createAction('socket/retry');
/** Enter a room; lastSeq is the newest message sequence the client already has there. */
export const joinRoom = createAction<{ roomId: number; lastSeq?: number }>('socket/joinRoom');
export const leaveRoom = createAction<{ roomId: number }>('socket/leaveRoom');
/** A join_room frame went out (first join or a rejoin after reconnecting): the room's answer is pending. */
export const joinSent = createAction<{ roomId: number }>('socket/joinSent');
/** Every frame the server sends, for features to fold into the cache. */
export const socketFrameReceived = createAction<ServerFrame>('socket/frameReceived');
/** Sends a frame on the authenticated socket; while there is none it is dropped, so senders repeat what matters (heartbeats). */
export const sendSocketFrame = createAction<ClientFrame>('socket/send');

export interface SocketMiddlewareOptions {
  /** Where the socket connects; by default /ws on the page's own host. */
  url?: () => string;
  /** Tests shorten the waits; the product uses the spec's policy. */
  delay?: (attempt: number) => number;
}

function defaultUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}/ws`;
}

/** The newest message sequence a frame carries for a room, if any. */
function sequenceIn(frame: ServerFrame, roomId: number): number | undefined {
  if (frame.type === 'new_message' && frame.roomId === roomId) return frame.message.seq;
  if (frame.type === 'message_ack' && frame.message.roomId === roomId) return frame.message.seq;
  if (frame.type === 'room_messages' && frame.roomId === roomId && frame.messages.length > 0) {
    return Math.max(...frame.messages.map((m) => m.seq));
  }
  return undefined;
}

/**
 * The app's one /ws connection, as a Redux middleware. It authenticates, joins the wanted
 * room, reconnects by the spec's policy and, on every (re)join, tells the server the last
 * sequence it saw in that room so the server sends exactly what was missed.
 */
export function createSocketMiddleware(options: SocketMiddlewareOptions = {}): Middleware {
  const url = options.url ?? defaultUrl;
  const delay = options.delay ?? reconnectDelay;

  return (store) => {
    let socket: WebSocket | null = null;
    let userId: number | null = null;
    let attempt = 0;
    let retryTimer: ReturnType<typeof setTimeout> | null = null;
    let authenticated = false;
    /** The room the page wants to be in, and the newest sequence seen there. */
    let wanted: { roomId: number; lastSeq?: number } | null = null;
    let pendingLeave: number | null = null;
    /** The room a join_room was sent for on the current socket: a page re-mount never joins twice. */
    let sentJoin: { ws: WebSocket; roomId: number } | null = null;

    const status = (next: SocketStatus, extra: { closeCode?: number | null; closeReason?: string | null } = {}) =>
      store.dispatch(socketStatusChanged({ status: next, attempt, ...extra }));

    const send = (frame: ClientFrame) => {
      if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(frame));
    };

    const sendJoin = () => {
      if (!wanted || !authenticated || !socket) return;
      if (sentJoin?.ws === socket && sentJoin.roomId === wanted.roomId) return;
      sentJoin = { ws: socket, roomId: wanted.roomId };
      send({ type: 'join_room', roomId: wanted.roomId, ...(wanted.lastSeq !== undefined ? { lastSeq: wanted.lastSeq } : {}) });
      store.dispatch(joinSent({ roomId: wanted.roomId }));
    };

    const clearRetry = () => {
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
    };

    const close = () => {
      clearRetry();
      authenticated = false;
      const current = socket;
      socket = null;
      if (current && current.readyState <= WebSocket.OPEN) current.close(NORMAL_CLOSE);
    };

    const open = () => {
      clearRetry();
      if (userId === null) return;
      authenticated = false;
      status('connecting');
      let ws: WebSocket;
      try {
        ws = new WebSocket(url());
      } catch (error) {
        // An address the browser refuses outright will not work on a retry either.
        console.warn('The chat connection could not be opened', error);
        status('offline');
        return;
      }
      socket = ws;
      ws.onopen = () => {
        if (socket === ws && userId !== null) send({ type: 'auth', userId });
      };
      ws.onmessage = (event) => {
        if (socket !== ws) return;
        let frame: ServerFrame;
        try {
          frame = JSON.parse(String(event.data)) as ServerFrame;
        } catch {
          return;
        }
        if (frame.type === 'auth_success') {
          authenticated = true;
          attempt = 0;
          status('online', { closeCode: null });
          sendJoin();
        }
        if (wanted) {
          const seq = sequenceIn(frame, wanted.roomId);
          if (seq !== undefined && seq > (wanted.lastSeq ?? 0)) wanted.lastSeq = seq;
        }
        store.dispatch(socketFrameReceived(frame));
      };
      ws.onclose = (event) => {
        if (socket !== ws) return;
        socket = null;
        authenticated = false;
        // Too many sockets open: retrying on a timer would only knock again; the person closes tabs and retries.
        const final = event.code === NORMAL_CLOSE || event.code === SESSION_ENDED_CLOSE || event.code === WS_CLOSE_TOO_MANY_SOCKETS || userId === null;
        if (final || attempt >= MAX_RECONNECT_ATTEMPTS) {
          status('offline', { closeCode: event.code, closeReason: event.reason || null });
          return;
        }
        const wait = delay(attempt);
        attempt += 1;
        status('connecting', { closeCode: event.code });
        retryTimer = setTimeout(open, wait);
      };
    };

    return (next) => (action) => {
      const result = next(action);
      if (connectSocket.match(action)) {
        if (userId === action.payload.userId && socket) return result;
        close();
        userId = action.payload.userId;
        attempt = 0;
        open();
      } else if (disconnectSocket.match(action)) {
        userId = null;
        wanted = null;
        close();
        status('idle', { closeCode: NORMAL_CLOSE });
      } else if (retrySocket.match(action)) {
        if (userId === null || socket) return result;
        attempt = 0;
        open();
      } else if (joinRoom.match(action)) {
        pendingLeave = null;
        const same = wanted?.roomId === action.payload.roomId;
        const lastSeq = Math.max(action.payload.lastSeq ?? 0, same ? (wanted?.lastSeq ?? 0) : 0);
        wanted = { roomId: action.payload.roomId, ...(lastSeq > 0 ? { lastSeq } : {}) };
        sendJoin();
      } else if (sendSocketFrame.match(action)) {
        if (authenticated) send(action.payload);
      } else if (leaveRoom.match(action)) {
        // A page that re-mounts leaves and joins in one go: only a leave nobody follows is sent.
        const roomId = action.payload.roomId;
        pendingLeave = roomId;
        queueMicrotask(() => {
          if (pendingLeave !== roomId || wanted?.roomId !== roomId) return;
          pendingLeave = null;
          wanted = null;
          sentJoin = null;
          send({ type: 'leave_room', roomId });
        });
      }
      return result;
    };
  };
}
