import { Injectable } from '@nestjs/common';
import { ErrorCode, fieldMessage, type ErrorFrame } from '@app/contracts';
import { GatewayEnv } from '../config/gateway-env';
import { frameRefusal } from './frame-errors';
import type { ClientSocket } from './socket-registry';

const WINDOW_MS = 10_000;

/** Frames that make the services work for each one (a session look-up, presence and history). */
const ROOM_FRAME_TYPES = new Set(['auth', 'join_room', 'leave_room']);

export type FrameClass = 'any' | 'room';

interface Window {
  start: number;
  count: number;
  /** Whether this window's first refusal was answered: a flood gets one error, not one per frame. */
  answered: boolean;
}

export interface FrameVerdict {
  /** 0 when the frame may be handled; else how long until the socket's window opens again. */
  waitMs: number;
  /** The refusal to send, or null when this one goes unanswered (the window's first was answered). */
  answer: ErrorFrame | null;
}

/**
 * Per-socket frame rates, counted in fixed 10-second windows in this gateway's memory (a
 * socket lives on one gateway): a script spamming frames gets 429s instead of making the
 * services work for each frame.
 */
@Injectable()
export class FrameLimits {
  private readonly windows = new WeakMap<ClientSocket, Partial<Record<FrameClass, Window>>>();
  private readonly limits: Record<FrameClass, number>;

  constructor(env: GatewayEnv) {
    this.limits = { any: env.WS_FRAMES_PER_10_SECONDS, room: env.WS_ROOM_FRAMES_PER_10_SECONDS };
  }

  static classOf(type: string): FrameClass | null {
    return ROOM_FRAME_TYPES.has(type) ? 'room' : null;
  }

  take(socket: ClientSocket, kind: FrameClass, now = Date.now()): FrameVerdict {
    let windows = this.windows.get(socket);
    if (!windows) this.windows.set(socket, (windows = {}));
    let window = windows[kind];
    if (!window || now - window.start >= WINDOW_MS) windows[kind] = window = { start: now, count: 0, answered: false };
    window.count += 1;
    if (window.count <= this.limits[kind]) return { waitMs: 0, answer: null };
    const waitMs = window.start + WINDOW_MS - now;
    // Room frames are few even when refused (the 'any' limit bounds them): each hears why.
    const answer = kind === 'room' || !window.answered ? frameRateRefusal(waitMs) : null;
    window.answered = true;
    return { waitMs, answer };
  }
}

/** The 429 of a frame over its socket's rate, with how long until the window opens again. */
export function frameRateRefusal(waitTime: number): ErrorFrame {
  return {
    ...frameRefusal(ErrorCode.RateLimit, fieldMessage('frame_rate')),
    error: ErrorCode.RateLimit,
    waitTime,
    retryAfterSeconds: Math.ceil(waitTime / 1000),
  };
}
