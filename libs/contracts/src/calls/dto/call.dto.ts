import { Type } from 'class-transformer';
import { IsIn, IsInt, IsObject, IsOptional, IsString, Max, MaxLength, Min, ValidateIf, ValidateNested } from 'class-validator';
import { ActorDto } from '../../common/actor.dto';
import type { Currency } from '../../marketplace/currency';
import {
  CALL_ICE_CANDIDATE_MAX,
  CALL_MEDIA_STATES,
  CALL_SDP_MAX,
  CALL_TYPES,
  CLIENT_END_REASONS,
  type CallEndReason,
  type CallMediaState,
  type CallState,
  type CallType,
  type ClientEndReason,
} from '../calls.constants';

export const CallFieldMessages = {
  sellerId: 'sellerId must be a seller id',
  callType: 'Call type must be audio or video',
  sessionId: 'sessionId must be a call id',
  reason: 'The only reason a caller may give is failed',
  media: 'media must be connecting, connected or disconnected',
  sdp: `sdp must be a session description of at most ${CALL_SDP_MAX} characters`,
  candidate: 'candidate must be an ICE candidate or null',
  limit: 'limit must be a whole number from 1 to 100',
  before: 'before must be a call id',
  actor: 'actor is required',
} as const;

const M = CallFieldMessages;
/** Ids are PostgreSQL integers: anything larger names nothing and must not reach a query. */
const ID_MAX = 2_147_483_647;

// ---- HTTP bodies and queries ----

/** POST /api/calls: call a seller. */
export class StartCallDto {
  @IsInt({ message: M.sellerId }) @Min(1, { message: M.sellerId }) @Max(ID_MAX, { message: M.sellerId }) sellerId: number;
  @IsIn(CALL_TYPES, { message: M.callType }) callType: CallType;
}

/** POST /api/sessions/end-call/{sessionId}: the spec sends no body; a browser whose media failed may say so. */
export class EndCallDto {
  @IsOptional() @IsIn(CLIENT_END_REASONS, { message: M.reason }) reason?: ClientEndReason;
}

/** GET /api/calls: newest first, pages by the id of the last call seen. */
export class ListCallsQueryDto {
  @IsOptional() @Type(() => Number) @IsInt({ message: M.limit }) @Min(1, { message: M.limit }) @Max(100, { message: M.limit }) limit?: number;
  @IsOptional() @Type(() => Number) @IsInt({ message: M.before }) @Min(1, { message: M.before }) @Max(ID_MAX, { message: M.before }) before?: number;
}

// ---- NATS payloads (the gateway adds who acts and from where) ----

export class CallActorRequestDto {
  @IsObject({ message: M.actor }) @ValidateNested() @Type(() => ActorDto) actor: ActorDto;
}

export class StartCallRequestDto extends StartCallDto {
  @IsObject({ message: M.actor }) @ValidateNested() @Type(() => ActorDto) actor: ActorDto;
  /** The buyer's address, to record the currency their prices are shown in. */
  @IsOptional() @IsString() @MaxLength(64) ip?: string;
}

export class CallActionRequestDto extends CallActorRequestDto {
  @IsInt({ message: M.sessionId }) @Min(1, { message: M.sessionId }) @Max(ID_MAX, { message: M.sessionId }) sessionId: number;
}

export class EndCallRequestDto extends CallActionRequestDto {
  @IsOptional() @IsIn(CLIENT_END_REASONS, { message: M.reason }) reason?: ClientEndReason;
}

export class CallHeartbeatRequestDto extends CallActionRequestDto {
  @IsIn(CALL_MEDIA_STATES, { message: M.media }) media: CallMediaState;
}

export class ListCallsRequestDto extends ListCallsQueryDto {
  @IsObject({ message: M.actor }) @ValidateNested() @Type(() => ActorDto) actor: ActorDto;
}

// ---- socket frames a browser sends during a call (checked by the gateway) ----

class CallFrameDto {
  @IsInt({ message: M.sessionId }) @Min(1, { message: M.sessionId }) @Max(ID_MAX, { message: M.sessionId }) sessionId: number;
}

/** call_offer and call_answer. */
export class CallSdpFrameDto extends CallFrameDto {
  @IsString({ message: M.sdp }) @MaxLength(CALL_SDP_MAX, { message: M.sdp }) sdp: string;
}

export class IceCandidateDto {
  @IsString({ message: M.candidate }) @MaxLength(CALL_ICE_CANDIDATE_MAX, { message: M.candidate }) candidate: string;
  @IsOptional() @IsString() @MaxLength(64) sdpMid?: string | null;
  @IsOptional() @IsInt() @Min(0) @Max(255) sdpMLineIndex?: number | null;
  @IsOptional() @IsString() @MaxLength(256) usernameFragment?: string | null;
}

/** call_ice: one candidate, or null when the browser has gathered them all. */
export class CallIceFrameDto extends CallFrameDto {
  @ValidateIf((frame: CallIceFrameDto) => frame.candidate !== null)
  @IsObject({ message: M.candidate })
  @ValidateNested()
  @Type(() => IceCandidateDto)
  candidate: IceCandidateDto | null;
}

export class CallHeartbeatFrameDto extends CallFrameDto {
  @IsIn(CALL_MEDIA_STATES, { message: M.media }) media: CallMediaState;
}

// ---- answers ----

export interface CallBuyerDto {
  id: number;
  username: string;
  avatar: string | null;
}

export interface CallSellerDto {
  /** The seller profile. */
  id: number;
  /** The seller's account. */
  userId: number;
  displayName: string;
  avatar: string | null;
}

/** A call as both participants see it. Amounts are USD; displayAmount is in the buyer's currency. */
export interface CallSessionDto {
  id: number;
  callType: CallType;
  state: CallState;
  endReason: CallEndReason | null;
  /** The marketplace chat of the two, when chat-svc could give it. */
  roomId: number | null;
  buyer: CallBuyerDto;
  seller: CallSellerDto;
  /** USD per minute, fixed when the seller accepted; null before. */
  pricePerMinute: number | null;
  currency: 'USD';
  /** The currency the buyer's prices were shown in when the call started, and its rate per USD. */
  displayCurrency: Currency;
  displayRate: number;
  createdAt: string;
  /** When an unanswered call stops ringing. */
  ringExpiresAt: string;
  acceptedAt: string | null;
  /** When both sides reported media flowing: metering starts here. */
  connectedAt: string | null;
  endedAt: string | null;
  /** Billed seconds: connected time less interruptions, whole seconds. */
  durationSeconds: number;
  /** What the buyer pays. */
  amount: number;
  /** The platform's 15%. */
  commission: number;
  /** What the seller earns: amount - commission. */
  earning: number;
  /** amount in displayCurrency at displayRate, to the cent. */
  displayAmount: number;
}

export interface CallHeartbeatAnswerDto {
  session: CallSessionDto;
  peerUserId: number;
}

export interface CallPeerDto {
  sessionId: number;
  state: CallState;
  peerUserId: number;
}

export interface EarningsTotalsDto {
  calls: number;
  seconds: number;
  /** What buyers paid. */
  gross: number;
  commission: number;
  earning: number;
}

export interface MonthlyEarningsDto extends EarningsTotalsDto {
  /** YYYY-MM (UTC), by when the call ended. */
  month: string;
}

export interface SellerEarningsDto {
  currency: 'USD';
  /** Newest month first; months without billed calls are left out. */
  months: MonthlyEarningsDto[];
  total: EarningsTotalsDto;
}

/** GET /api/calls/ice-servers: RTCPeerConnection's iceServers, TURN with short-lived credentials. */
export interface IceServerDto {
  urls: string[];
  username?: string;
  credential?: string;
}

export interface IceServersDto {
  iceServers: IceServerDto[];
  /** How long the TURN credentials stay valid. */
  ttlSeconds: number;
}
