/** Audio and video calls between a buyer and a seller: the values both ends and the server share. */
export const CALL_TYPES = ['audio', 'video'] as const;
export type CallType = (typeof CALL_TYPES)[number];

/** ringing -> accepted -> connected -> ended; a call may end from any state before. */
export const CALL_STATES = ['ringing', 'accepted', 'connected', 'ended'] as const;
export type CallState = (typeof CALL_STATES)[number];

/** States that hold both people: neither may start or receive another call meanwhile. */
export const OPEN_CALL_STATES: readonly CallState[] = ['ringing', 'accepted', 'connected'];

/**
 * Why a call ended:
 * - completed: hung up by either side after media flowed
 * - declined: the seller said no while it rang
 * - missed: nobody answered within the ring time
 * - cancelled: the buyer gave up while it rang, or either side hung up before media flowed
 * - failed: media never flowed (camera or microphone refused, no route between the browsers)
 * - dropped: a side went silent after media flowed; billed up to its last heartbeat
 */
export const CALL_END_REASONS = ['completed', 'declined', 'missed', 'cancelled', 'failed', 'dropped'] as const;
export type CallEndReason = (typeof CALL_END_REASONS)[number];

/** Reasons a participant may give when hanging up; the rest follow from the call's state. */
export const CLIENT_END_REASONS = ['failed'] as const;
export type ClientEndReason = (typeof CLIENT_END_REASONS)[number];

/** A side's peer connection as its browser reports it in each heartbeat. */
export const CALL_MEDIA_STATES = ['connecting', 'connected', 'disconnected'] as const;
export type CallMediaState = (typeof CALL_MEDIA_STATES)[number];

/** An unanswered call stops ringing after this long and is recorded as missed. */
export const CALL_RING_TIMEOUT_SECONDS = 30;
/** Each side sends call_heartbeat this often (and at once when its connection state changes). */
export const CALL_HEARTBEAT_INTERVAL_MS = 5000;
/** A side silent this long ends the call at its last heartbeat. */
export const CALL_HEARTBEAT_TIMEOUT_SECONDS = 20;
/** An answered call whose media never flows within this long has failed. */
export const CALL_CONNECT_TIMEOUT_SECONDS = 60;

/** Session descriptions and ICE candidates relayed between the two browsers. */
export const CALL_SDP_MAX = 12_000;
export const CALL_ICE_CANDIDATE_MAX = 1000;

/** Error codes of call refusals, beside the generic ones in ErrorCode. */
export const CallErrorCode = {
  /** A regular user: the client offers the VIP upgrade. */
  VipRequired: 'vip_required',
  /** A guest: the client sends them to /auth. */
  SignInRequired: 'sign_in_required',
  SellerBusy: 'seller_busy',
  CallInProgress: 'call_in_progress',
  SellerNotVerified: 'seller_not_verified',
  SellerNotAcceptingCalls: 'seller_not_accepting_calls',
  SellerUnavailable: 'seller_unavailable',
  CallAlreadyAnswered: 'call_already_answered',
  CallNotAnswered: 'call_not_answered',
  CallEnded: 'call_ended',
} as const;
export type CallErrorCode = (typeof CallErrorCode)[keyof typeof CallErrorCode];

/** Every message of a refused call action, as the server sends it and the screens show it. */
export const CallMessages = {
  vipRequired: 'Audio and video calls are a VIP feature. Upgrade to VIP to call experts.',
  signInRequired: 'Sign in to call experts.',
  roleCannotCall: 'Your account cannot make calls.',
  selfCall: 'You cannot call yourself',
  sellerNotFound: 'Seller not found',
  sellerNotVerified: 'This expert is not verified yet, so they cannot take calls.',
  sellerNotAccepting: 'This expert is not accepting calls right now.',
  sellerUnavailable: 'This expert is not available for calls right now.',
  sellerBusy: 'This expert is busy on another call. Please try again in a few minutes.',
  callInProgress: 'You already have a call in progress.',
  callNotFound: 'Call not found',
  notParticipant: 'You are not part of this call.',
  onlySellerAnswers: 'Only the expert who is called can answer this call.',
  alreadyAnswered: 'This call has already been answered.',
  notAnswered: 'This call has not been answered yet.',
  ended: 'This call has ended.',
  earningsSellersOnly: 'Earnings are shown to experts only.',
} as const;
