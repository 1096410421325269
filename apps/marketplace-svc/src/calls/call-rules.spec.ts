import { applyHeartbeat, bill, CALL_TIMEOUTS, expiry, HANG_UP_EARLIEST_MS, hangUpAt, hangUpReason, type CallRecord } from './call-rules';

const T0 = new Date('2026-03-01T10:00:00.000Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

function ringing(overrides: Partial<CallRecord> = {}): CallRecord {
  return {
    state: 'ringing',
    createdAt: T0,
    acceptedAt: null,
    connectedAt: null,
    buyerHeartbeatAt: T0,
    sellerHeartbeatAt: null,
    buyerMedia: 'connecting',
    sellerMedia: 'connecting',
    interruptedSince: null,
    interruptedMs: 0,
    pricePerMinuteCents: null,
    ...overrides,
  };
}

function connected(overrides: Partial<CallRecord> = {}): CallRecord {
  return ringing({
    state: 'connected',
    acceptedAt: at(5),
    connectedAt: at(10),
    buyerHeartbeatAt: at(10),
    sellerHeartbeatAt: at(10),
    buyerMedia: 'connected',
    sellerMedia: 'connected',
    pricePerMinuteCents: 2555,
    ...overrides,
  });
}

describe('call expiry', () => {
  it('misses a call unanswered for 30 s, at the moment it stopped ringing', () => {
    const call = ringing({ buyerHeartbeatAt: at(25) });
    expect(expiry(call, at(29.999))).toBeNull();
    expect(expiry(call, at(30))).toEqual({ reason: 'missed', at: at(30) });
  });

  it('cancels a ringing call whose buyer went silent for 20 s', () => {
    expect(expiry(ringing({ buyerHeartbeatAt: at(4) }), at(24))).toEqual({ reason: 'cancelled', at: at(4) });
  });

  it('fails an answered call whose media never came, or whose side went silent', () => {
    const answered = ringing({ state: 'accepted', acceptedAt: at(5), buyerHeartbeatAt: at(55), sellerHeartbeatAt: at(60) });
    expect(expiry(answered, at(64))).toBeNull();
    expect(expiry(answered, at(65))).toEqual({ reason: 'failed', at: at(65) });
    expect(expiry({ ...answered, sellerHeartbeatAt: at(6) }, at(26))).toEqual({ reason: 'failed', at: at(6) });
  });

  it('drops a connected call at the last heartbeat of the side that went silent first', () => {
    const call = connected({ buyerHeartbeatAt: at(70), sellerHeartbeatAt: at(60) });
    expect(expiry(call, at(79.9))).toBeNull();
    expect(expiry(call, at(80))).toEqual({ reason: 'dropped', at: at(60) });
    expect(expiry(call, at(200))).toEqual({ reason: 'dropped', at: at(60) });
  });

  it('leaves an ended call alone', () => {
    expect(expiry(connected({ state: 'ended' }), at(1000))).toBeNull();
  });

  it('uses the timeouts it is given', () => {
    expect(expiry(ringing({ buyerHeartbeatAt: at(2) }), at(3), { ...CALL_TIMEOUTS, ringMs: 3000 })).toEqual({ reason: 'missed', at: at(3) });
  });
});

describe('hanging up', () => {
  it('names the reason by state and side', () => {
    expect(hangUpReason('ringing', 'seller')).toBe('declined');
    expect(hangUpReason('ringing', 'buyer')).toBe('cancelled');
    expect(hangUpReason('accepted', 'buyer')).toBe('cancelled');
    expect(hangUpReason('accepted', 'seller', 'failed')).toBe('failed');
    expect(hangUpReason('connected', 'seller')).toBe('completed');
    expect(hangUpReason('connected', 'buyer', 'failed')).toBe('dropped');
  });

  it('takes effect when the gateway took it, so a moment the service was out of reach is not billed', () => {
    const call = ringing({ state: 'connected', connectedAt: at(0), pricePerMinuteCents: 6000 });
    // Taken at 30.4 s, heard at 31.9 s (marketplace-svc moving to another NATS node): 30 s billed, not 31.
    const ended = hangUpAt(at(31.9), at(30.4).getTime());
    expect(ended).toEqual(at(30.4));
    expect(bill(call, ended).seconds).toBe(30);
    expect(hangUpAt(at(31.9))).toEqual(at(31.9));
  });

  it('never takes effect after now, nor long before it (a gateway clock far behind)', () => {
    expect(hangUpAt(at(30), at(32).getTime())).toEqual(at(30));
    expect(hangUpAt(at(30), at(30).getTime() - HANG_UP_EARLIEST_MS - 5000)).toEqual(new Date(at(30).getTime() - HANG_UP_EARLIEST_MS));
  });
});

describe('heartbeats', () => {
  it('connects the call when the second side reports media, and meters from then', () => {
    const call = ringing({ state: 'accepted', acceptedAt: at(5), sellerHeartbeatAt: at(5) });
    expect(applyHeartbeat(call, 'buyer', 'connected', at(7))).toBe(false);
    expect(call.state).toBe('accepted');
    expect(applyHeartbeat(call, 'seller', 'connected', at(8))).toBe(true);
    expect(call).toMatchObject({ state: 'connected', connectedAt: at(8), buyerHeartbeatAt: at(7), sellerHeartbeatAt: at(8) });
  });

  it('counts the time either side reports its media down as an interruption', () => {
    const call = connected();
    applyHeartbeat(call, 'buyer', 'disconnected', at(20));
    applyHeartbeat(call, 'seller', 'connected', at(25));
    expect(call.interruptedSince).toEqual(at(20));
    applyHeartbeat(call, 'buyer', 'connected', at(32));
    expect(call).toMatchObject({ interruptedSince: null, interruptedMs: 12_000 });
  });
});

describe('billing', () => {
  it('bills whole connected seconds at the per-minute price, rounded to the cent, 15% to the platform', () => {
    // 90 s at $25.55 a minute = $38.325 -> $38.33; 15% of it = 574.95 cents -> 575.
    expect(bill(connected(), at(100.9))).toEqual({ seconds: 90, amountCents: 3833, commissionCents: 575, earningCents: 3258 });
  });

  it('leaves out interruptions, finished or still open at the end', () => {
    const call = connected({ interruptedMs: 12_000, interruptedSince: at(90) });
    expect(bill(call, at(100)).seconds).toBe(90 - 12 - 10);
  });

  it('never bills a call that did not connect', () => {
    expect(bill(ringing({ state: 'accepted', pricePerMinuteCents: 2500 }), at(100))).toEqual({
      seconds: 0,
      amountCents: 0,
      commissionCents: 0,
      earningCents: 0,
    });
  });
});
