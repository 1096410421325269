import { Type } from 'class-transformer';
import { IsIn, IsInt, IsObject, IsOptional, IsString, Max, MaxLength, Min, ValidateIf, ValidateNested } from 'class-validator';
import { ActorDto } from '../../common/actor.dto';
import { said } from '../../common/field-messages';
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

/** The rules' messages, each with its code (common/field-messages). */
const M = {
  sellerId: said('call_seller_id'),
  callType: said('call_type_choice'),
  sessionId: said('call_id'),
  reason: said('call_end_reason'),
  media: said('call_media_state'),
  sdp: said('call_sdp', { max: CALL_SDP_MAX }),
  candidate: said('call_candidate'),
  limit: said('whole_number_from', { field: 'limit', min: 1, max: 100 }),
  before: said('call_before'),
  actor: said('actor_required'),
};
/** Ids are PostgreSQL integers: anything larger names nothing and must not reach a query. */
const ID_MAX = 2_147_483_647;

// ---- HTTP bodies and queries ----

/** POST /api/calls: call a seller. */
export class StartCallDto {
  @IsInt(M.sellerId) @Min(1, M.sellerId) @Max(ID_MAX, M.sellerId) sellerId: number;
  @IsIn(CALL_TYPES, M.callType) callType: CallType;
}

/** POST /api/sessions/end-call/{sessionId}: the spec sends no body; a browser whose media failed may say so. */
export class EndCallDto {
  @IsOptional() @IsIn(CLIENT_END_REASONS, M.reason) reason?: ClientEndReason;
}

/** GET /api/calls: newest first, pages by the id of the last call seen. */
export class ListCallsQueryDto {
  @IsOptional() @Type(() => Number) @IsInt(M.limit) @Min(1, M.limit) @Max(100, M.limit) limit?: number;
  @IsOptional() @Type(() => Number) @IsInt(M.before) @Min(1, M.before) @Max(ID_MAX, M.before) before?: number;
}

// ---- NATS payloads (the gateway adds who acts and from where) ----

export class CallActorRequestDto {
  @IsObject(M.actor) @ValidateNested() @Type(() => ActorDto) actor: ActorDto;
}

export class StartCallRequestDto extends StartCallDto {
  @IsObject(M.actor) @ValidateNested() @Type(() => ActorDto) actor: ActorDto;
  /** The buyer's address, to record the currency their prices are shown in. */
  @IsOptional() @IsString() @MaxLength(64) ip?: string;
}

export class CallActionRequestDto extends CallActorRequestDto {
  @IsInt(M.sessionId) @Min(1, M.sessionId) @Max(ID_MAX, M.sessionId) sessionId: number;
}

export class EndCallRequestDto extends CallActionRequestDto {
  @IsOptional() @IsIn(CLIENT_END_REASONS, M.reason) reason?: ClientEndReason;
  /** When the gateway took the hang-up (ms since the epoch): the call is billed to then, not to when it was heard. */
  @IsOptional() @IsInt() @Min(0) requestedAt?: number;
}

export class CallHeartbeatRequestDto extends CallActionRequestDto {
  @IsIn(CALL_MEDIA_STATES, M.media) media: CallMediaState;
}

export class ListCallsRequestDto extends ListCallsQueryDto {
  @IsObject(M.actor) @ValidateNested() @Type(() => ActorDto) actor: ActorDto;
}

// ---- socket frames a browser sends during a call (checked by the gateway) ----

class CallFrameDto {
  @IsInt(M.sessionId) @Min(1, M.sessionId) @Max(ID_MAX, M.sessionId) sessionId: number;
}

/** call_offer and call_answer. */
export class CallSdpFrameDto extends CallFrameDto {
  @IsString(M.sdp) @MaxLength(CALL_SDP_MAX, M.sdp) sdp: string;
}

export class IceCandidateDto {
  @IsString(M.candidate) @MaxLength(CALL_ICE_CANDIDATE_MAX, M.candidate) candidate: string;
  @IsOptional() @IsString() @MaxLength(64) sdpMid?: string | null;
  @IsOptional() @IsInt() @Min(0) @Max(255) sdpMLineIndex?: number | null;
  @IsOptional() @IsString() @MaxLength(256) usernameFragment?: string | null;
}

/** call_ice: one candidate, or null when the browser has gathered them all. */
export class CallIceFrameDto extends CallFrameDto {
  @ValidateIf((frame: CallIceFrameDto) => frame.candidate !== null)
  @IsObject(M.candidate)
  @ValidateNested()
  @Type(() => IceCandidateDto)
  candidate: IceCandidateDto | null;
}

export class CallHeartbeatFrameDto extends CallFrameDto {
  @IsIn(CALL_MEDIA_STATES, M.media) media: CallMediaState;
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
