import type { SellerAvailability } from '../marketplace/marketplace.constants';
import type { CallMediaState, CallType } from './calls.constants';
import type { CallSessionDto } from './dto/call.dto';

/**
 * Socket frames of a call. Call state frames come from marketplace-svc to every socket of both
 * participants; signalling frames go from one participant's browser to the other's sockets
 * only, across gateways. docs/ws-protocol.md describes their use.
 */

export interface IceCandidateInit {
  candidate: string;
  sdpMid?: string | null;
  sdpMLineIndex?: number | null;
  usernameFragment?: string | null;
}

// ---- client -> server ----
export interface CallOfferFrame {
  type: 'call_offer';
  sessionId: number;
  sdp: string;
}

export interface CallAnswerFrame {
  type: 'call_answer';
  sessionId: number;
  sdp: string;
}

/** One ICE candidate; null once the browser has gathered them all. */
export interface CallIceFrame {
  type: 'call_ice';
  sessionId: number;
  candidate: IceCandidateInit | null;
}

/**
 * Sent every CALL_HEARTBEAT_INTERVAL_MS by each side from the moment it knows of the call
 * (the buyer from starting it, the seller from accepting it), and at once when its peer
 * connection's state changes. Media counts from both sides reporting connected.
 */
export interface CallHeartbeatFrame {
  type: 'call_heartbeat';
  sessionId: number;
  media: CallMediaState;
}

export type CallSignalFrame = CallOfferFrame | CallAnswerFrame | CallIceFrame;
export type CallClientFrame = CallSignalFrame | CallHeartbeatFrame;

// ---- server -> client ----

/** To every socket of the called seller: the spec's incoming call payload, and the price it rings at. */
export interface IncomingCallFrame {
  type: 'incoming_call';
  sessionId: number;
  buyerName: string;
  buyerId: number;
  callType: CallType;
  roomId: number | null;
  buyerAvatar: string | null;
  sellerId: number;
  /** USD per minute now; fixed for the call when the seller accepts. */
  pricePerMinute: number;
  ringExpiresAt: string;
}

/** To both participants: the seller answered (other seller tabs stop ringing). */
export interface CallAcceptedFrame {
  type: 'call_accepted';
  session: CallSessionDto;
}

/** To both participants: both sides report media flowing; metering runs from session.connectedAt. */
export interface CallConnectedFrame {
  type: 'call_connected';
  session: CallSessionDto;
}

/** To both participants: the call is over (declined, missed, cancelled, failed, dropped or completed), with its bill. */
export interface CallEndedFrame {
  type: 'call_ended';
  reason: CallSessionDto['endReason'];
  session: CallSessionDto;
}

/** A signalling frame from the other participant. */
export type RelayedCallSignalFrame = CallSignalFrame & { fromUserId: number };

/** To every socket: a seller's live status changed (a call started ringing or ended). */
export interface SellerStatusFrame {
  type: 'seller_status';
  sellerId: number;
  isBusy: boolean;
  acceptsCalls: boolean;
  availability: SellerAvailability;
}

/** Frames published on a user's call subject (callUserSubject). */
export type CallUserFrame = IncomingCallFrame | CallAcceptedFrame | CallConnectedFrame | CallEndedFrame | RelayedCallSignalFrame;
export type CallServerFrame = CallUserFrame | SellerStatusFrame;
