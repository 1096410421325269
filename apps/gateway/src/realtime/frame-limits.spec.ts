import { ErrorCode, SafetyMessages } from '@app/contracts';
import { GatewayEnv } from '../config/gateway-env';
import { FrameLimits } from './frame-limits';
import type { ClientSocket } from './socket-registry';

describe('per-socket frame limits', () => {
  const env = Object.assign(new GatewayEnv(), { WS_FRAMES_PER_10_SECONDS: 5, WS_ROOM_FRAMES_PER_10_SECONDS: 2 });
  const socket = () => ({}) as ClientSocket;
  const T0 = 1_000_000;

  it('refuses room frames past the limit with the wait until the window opens, and serves them again from then on', () => {
    const limits = new FrameLimits(env);
    const s = socket();
    expect(limits.take(s, 'room', T0).waitMs).toBe(0);
    expect(limits.take(s, 'room', T0 + 1000).waitMs).toBe(0);
    const refused = limits.take(s, 'room', T0 + 4000);
    expect(refused).toEqual({
      waitMs: 6000,
      answer: {
        type: 'error',
        code: ErrorCode.RateLimit,
        error: ErrorCode.RateLimit,
        message: SafetyMessages.FrameRate,
        // The web words the refusal by its code in the reader's language.
        messageCode: { code: 'frame_rate' },
        waitTime: 6000,
        retryAfterSeconds: 6,
      },
    });
    // Every refused room frame is answered: there are few of them.
    expect(limits.take(s, 'room', T0 + 9999).answer).toMatchObject({ waitTime: 1 });
    expect(limits.take(s, 'room', T0 + 10_000).waitMs).toBe(0);
    // Another socket has a window of its own.
    expect(limits.take(socket(), 'room', T0 + 4000).waitMs).toBe(0);
  });

  it('answers only the first frame over the general limit in a window, so a flood gets one error', () => {
    const limits = new FrameLimits(env);
    const s = socket();
    for (let i = 0; i < 5; i++) expect(limits.take(s, 'any', T0 + i).waitMs).toBe(0);
    expect(limits.take(s, 'any', T0 + 10).answer).toMatchObject({ code: ErrorCode.RateLimit, waitTime: 9990 });
    expect(limits.take(s, 'any', T0 + 11)).toEqual({ waitMs: 9989, answer: null });
    expect(limits.take(s, 'any', T0 + 10_000)).toEqual({ waitMs: 0, answer: null });
  });

  it('counts only auth, join_room and leave_room as room frames', () => {
    expect(['auth', 'join_room', 'leave_room', 'send_message', 'call_ice'].map(FrameLimits.classOf)).toEqual(['room', 'room', 'room', null, null]);
  });
});
