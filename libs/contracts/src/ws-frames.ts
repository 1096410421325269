import type { UserDto } from './common/user';

/**
 * Frames of the /ws protocol. Every frame is a JSON object with a `type`.
 * The full protocol is described in docs/ws-protocol.md.
 */

// ---- client -> server ----
export interface AuthFrame {
  type: 'auth';
  userId: number;
}

// ---- server -> client ----
export interface AuthSuccessFrame {
  type: 'auth_success';
  user: UserDto;
}

export interface ErrorFrame {
  type: 'error';
  code: string;
  message: string;
  /** Echoes the client id of a send that failed, so the client can match it. */
  clientId?: string;
  [extra: string]: unknown;
}

/** Close code the server uses when the session behind a socket ends. */
export const WS_CLOSE_SESSION_ENDED = 4001;
