import { nextSessionCheck, SOCKET_SESSION_RECHECK_MS } from './realtime.gateway';

describe('nextSessionCheck', () => {
  it('asks again within the bound, never later', () => {
    expect(nextSessionCheck(1000, () => 0)).toBe(1000 + SOCKET_SESSION_RECHECK_MS / 2);
    expect(nextSessionCheck(1000, () => 0.999999)).toBeLessThanOrEqual(1000 + SOCKET_SESSION_RECHECK_MS);
  });

  it('spreads sockets that connected together over half the bound', () => {
    const times = Array.from({ length: 1000 }, () => nextSessionCheck(0));
    const seconds = new Set(times.map((t) => Math.floor(t / 1000)));
    // 30 one-second slots between 30 s and 60 s: a thousand sockets fill nearly all of them.
    expect(seconds.size).toBeGreaterThanOrEqual(25);
    expect(Math.min(...times)).toBeGreaterThanOrEqual(SOCKET_SESSION_RECHECK_MS / 2);
  });
});
