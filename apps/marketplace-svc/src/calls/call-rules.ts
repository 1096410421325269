import {
  CALL_CONNECT_TIMEOUT_SECONDS,
  CALL_HEARTBEAT_TIMEOUT_SECONDS,
  CALL_RING_TIMEOUT_SECONDS,
  billableSeconds,
  callChargeCents,
  splitCharge,
  type CallEndReason,
  type CallMediaState,
  type CallState,
  type ClientEndReason,
} from '@app/contracts';

/**
 * The call state machine, free of storage: what a heartbeat changes, when a call has run out
 * of time, why it ends and what it costs. The service applies these to a locked row.
 */

export type CallSide = 'buyer' | 'seller';

/** The fields of a call session the rules read and change. */
export interface CallRecord {
  state: CallState;
  createdAt: Date;
  acceptedAt: Date | null;
  connectedAt: Date | null;
  buyerHeartbeatAt: Date;
  sellerHeartbeatAt: Date | null;
  buyerMedia: CallMediaState;
  sellerMedia: CallMediaState;
  interruptedSince: Date | null;
  interruptedMs: number;
  pricePerMinuteCents: number | null;
}

export interface CallTimeouts {
  ringMs: number;
  heartbeatMs: number;
  connectMs: number;
}

export const CALL_TIMEOUTS: CallTimeouts = {
  ringMs: CALL_RING_TIMEOUT_SECONDS * 1000,
  heartbeatMs: CALL_HEARTBEAT_TIMEOUT_SECONDS * 1000,
  connectMs: CALL_CONNECT_TIMEOUT_SECONDS * 1000,
};

export interface CallEnding {
  reason: CallEndReason;
  /** When the call is taken to have ended: a silent side's last heartbeat, a deadline, or now. */
  at: Date;
}

/** The ending a call has reached by `now` on its own (no answer, a side went silent, media never came), if any. */
export function expiry(call: CallRecord, now: Date, timeouts: CallTimeouts = CALL_TIMEOUTS): CallEnding | null {
  const candidates: Array<{ deadline: number; ending: CallEnding }> = [];
  const silent = (heartbeatAt: Date | null, reason: CallEndReason) => {
    if (heartbeatAt) candidates.push({ deadline: heartbeatAt.getTime() + timeouts.heartbeatMs, ending: { reason, at: heartbeatAt } });
  };
  const deadline = (from: Date, ms: number, reason: CallEndReason) => {
    const at = from.getTime() + ms;
    candidates.push({ deadline: at, ending: { reason, at: new Date(at) } });
  };
  switch (call.state) {
    case 'ringing':
      deadline(call.createdAt, timeouts.ringMs, 'missed');
      // The buyer's page went away while it rang.
      silent(call.buyerHeartbeatAt, 'cancelled');
      break;
    case 'accepted':
      deadline(call.acceptedAt ?? call.createdAt, timeouts.connectMs, 'failed');
      silent(call.buyerHeartbeatAt, 'failed');
      silent(call.sellerHeartbeatAt, 'failed');
      break;
    case 'connected':
      silent(call.buyerHeartbeatAt, 'dropped');
      silent(call.sellerHeartbeatAt, 'dropped');
      break;
    case 'ended':
      return null;
  }
  const due = candidates.filter((c) => c.deadline <= now.getTime()).sort((a, b) => a.deadline - b.deadline);
  return due[0]?.ending ?? null;
}

/** Why a call ends when one side hangs up now. */
export function hangUpReason(state: CallState, side: CallSide, given?: ClientEndReason): CallEndReason {
  switch (state) {
    case 'ringing':
      return side === 'seller' ? 'declined' : 'cancelled';
    case 'accepted':
      return given === 'failed' ? 'failed' : 'cancelled';
    default:
      return given === 'failed' ? 'dropped' : 'completed';
  }
}

/** How far before now a hang-up may take effect: the gateway's time limit for the request, and some. */
export const HANG_UP_EARLIEST_MS = 10_000;

/**
 * When a hang-up takes effect: when the gateway took it (`requestedAt`), which is before now when
 * the service was out of reach for a moment (restarting, or moving to another NATS node), so that
 * moment is not billed; never later than now, nor more than HANG_UP_EARLIEST_MS before it.
 */
export function hangUpAt(now: Date, requestedAt?: number): Date {
  if (requestedAt === undefined || requestedAt >= now.getTime()) return now;
  return new Date(Math.max(requestedAt, now.getTime() - HANG_UP_EARLIEST_MS));
}

/**
 * Records a side's heartbeat. Metering starts when both sides report media connected; while
 * either reports otherwise after that, the time is an interruption and is not billed.
 * Answers whether this heartbeat connected the call.
 */
export function applyHeartbeat(call: CallRecord, side: CallSide, media: CallMediaState, now: Date): boolean {
  if (side === 'buyer') {
    call.buyerHeartbeatAt = now;
    call.buyerMedia = media;
  } else {
    call.sellerHeartbeatAt = now;
    call.sellerMedia = media;
  }
  const bothUp = call.buyerMedia === 'connected' && call.sellerMedia === 'connected';
  if (call.state === 'accepted' && bothUp) {
    call.state = 'connected';
    call.connectedAt = now;
    return true;
  }
  if (call.state === 'connected') {
    if (!bothUp && !call.interruptedSince) call.interruptedSince = now;
    if (bothUp && call.interruptedSince) {
      call.interruptedMs += now.getTime() - call.interruptedSince.getTime();
      call.interruptedSince = null;
    }
  }
  return false;
}

export interface CallBill {
  seconds: number;
  amountCents: number;
  commissionCents: number;
  earningCents: number;
}

export const NO_BILL: CallBill = { seconds: 0, amountCents: 0, commissionCents: 0, earningCents: 0 };

/** Connected time up to `endedAt`, less interruptions, by the second at the fixed per-minute price. Never connected: nothing. */
export function bill(call: CallRecord, endedAt: Date): CallBill {
  if (!call.connectedAt || call.pricePerMinuteCents === null) return NO_BILL;
  const end = endedAt.getTime();
  const open = call.interruptedSince ? Math.max(0, end - call.interruptedSince.getTime()) : 0;
  const seconds = billableSeconds(end - call.connectedAt.getTime() - call.interruptedMs - open);
  const split = splitCharge(callChargeCents(call.pricePerMinuteCents, seconds));
  return { seconds, amountCents: split.charge, commissionCents: split.commission, earningCents: split.earning };
}
