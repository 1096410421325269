import { centsToAmount, type CallSessionDto, type IncomingCallFrame } from '@app/contracts';
import type { CallTimeouts } from './call-rules';
import type { CallSession } from './call-session.entity';

export function toCallSessionDto(session: CallSession, timeouts: CallTimeouts): CallSessionDto {
  return {
    id: session.id,
    callType: session.callType,
    state: session.state,
    endReason: session.endReason,
    roomId: session.roomId,
    buyer: { id: session.buyerId, username: session.buyerName, avatar: session.buyerAvatar },
    seller: { id: session.sellerId, userId: session.sellerUserId, displayName: session.sellerName, avatar: session.sellerAvatar },
    pricePerMinute: session.pricePerMinuteCents === null ? null : centsToAmount(session.pricePerMinuteCents),
    currency: 'USD',
    displayCurrency: session.displayCurrency,
    displayRate: session.displayRate,
    createdAt: session.createdAt.toISOString(),
    ringExpiresAt: new Date(session.createdAt.getTime() + timeouts.ringMs).toISOString(),
    acceptedAt: session.acceptedAt?.toISOString() ?? null,
    connectedAt: session.connectedAt?.toISOString() ?? null,
    endedAt: session.endedAt?.toISOString() ?? null,
    durationSeconds: session.billedSeconds,
    amount: centsToAmount(session.amountCents),
    commission: centsToAmount(session.commissionCents),
    earning: centsToAmount(session.earningCents),
    displayAmount: centsToAmount(Math.round(session.amountCents * session.displayRate)),
  };
}

/** The seller's prompt: the spec's payload (buyerName, buyerId, callType, roomId, sessionId) and what it costs. */
export function toIncomingCallFrame(session: CallSession, pricePerMinute: number, timeouts: CallTimeouts): IncomingCallFrame {
  return {
    type: 'incoming_call',
    sessionId: session.id,
    buyerName: session.buyerName,
    buyerId: session.buyerId,
    callType: session.callType,
    roomId: session.roomId,
    buyerAvatar: session.buyerAvatar,
    sellerId: session.sellerId,
    pricePerMinute,
    ringExpiresAt: new Date(session.createdAt.getTime() + timeouts.ringMs).toISOString(),
  };
}
